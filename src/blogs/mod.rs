//! Blogs: creating and ordering them, follow and unfollow, blog data, avatars.

pub mod avatar;
mod http;
pub mod model;
pub mod store;
pub mod validate;

pub use http::router;
