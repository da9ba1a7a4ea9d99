//! Private messaging between blogs: conversations, messages, participants, unread.

pub mod events;
mod http;
pub mod model;
pub mod store;

pub use http::router;
