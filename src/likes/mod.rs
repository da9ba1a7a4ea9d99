//! Likes of posts. For now only the count the user model shows; liking arrives with posts.

pub mod store;
