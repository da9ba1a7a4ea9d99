//! Likes (spec 002 §4 Post like): a user likes a post of someone else's blog, acting as
//! their current blog; the like is a note of the post's chain and a notification for its
//! blog.

mod http;
pub(crate) mod rules;
pub(crate) mod store;

pub(crate) use http::router;
#[cfg(test)]
pub(crate) use http::typescript;
