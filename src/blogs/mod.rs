//! Blogs: creating, finding and ordering them, their settings, blocks between them, avatars.

pub mod avatar;
pub mod blocks;
pub mod description;
mod http;
pub mod lookup;
pub mod model;
pub mod store;
pub mod validate;

#[cfg(test)]
pub(crate) use http::typescript;
pub use http::{BlogList, router};
