//! Follows: a user following a blog (acting as one of their own), the followed blog's
//! `follower` notification, and the list of blogs a user follows.

mod http;
pub mod store;

#[cfg(test)]
pub(crate) use http::typescript;
pub use http::{follow_blog, router, unfollow_blog};
