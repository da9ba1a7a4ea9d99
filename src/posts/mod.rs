//! Posts of every type (spec 001): the save form and its rules, sanitising, states and
//! scheduled publishing, reblogs and their trail, and the pages that list posts.

mod form;
mod http;
pub mod media_urls;
pub mod model;
pub mod publisher;
pub mod sanitize;
mod save;
pub mod store;
pub mod tags;
pub mod view;
pub mod when;

pub use http::router;
#[cfg(test)]
pub(crate) use http::typescript;
