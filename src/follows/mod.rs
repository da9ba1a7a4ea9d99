//! Follows: a user following a blog (acting as one of their own), the followed blog's
//! `follower` notification, and the list of blogs a user follows.

mod http;
pub mod rules;
pub mod store;

pub use http::router;
#[cfg(test)]
pub(crate) use http::typescript;
