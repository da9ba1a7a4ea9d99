//! Private messaging between blogs: conversations, messages, participants, and the `inbox`
//! and `conversation` channels.

mod channels;
pub mod events;
mod http;
pub mod model;
pub mod send;
pub mod store;

pub use channels::MessagingChannels;
pub use http::router;
#[cfg(test)]
pub(crate) use http::typescript;
pub use send::{Batching, Sends};
