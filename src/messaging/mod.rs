//! Private messaging between blogs: conversations, messages, participants, and the `inbox`
//! and `conversation` channels.

mod channels;
pub(crate) mod events;
mod http;
pub(crate) mod model;
pub(crate) mod send;
pub(crate) mod store;

pub(crate) use channels::MessagingChannels;
pub(crate) use http::router;
#[cfg(test)]
pub(crate) use http::typescript;
pub(crate) use send::{Batching, Sends};
