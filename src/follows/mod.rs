//! Follows: a user following a blog (acting as one of their own), the followed blog's
//! `follower` notification, and the list of blogs a user follows.

mod http;
pub(crate) mod rules;
pub(crate) mod store;

pub(crate) use http::router;
#[cfg(test)]
pub(crate) use http::typescript;
