//! Blogs: creating, finding and ordering them, their settings, blocks between them, avatars.

pub mod appearance;
pub mod avatar;
pub mod blocks;
pub mod description;
pub mod fonts;
mod http;
pub mod lookup;
pub mod model;
pub mod store;
pub mod validate;

pub use http::BlogList;

use axum::Router;

use crate::state::AppState;

/// The blog routes, with the appearance save.
pub fn router() -> Router<AppState> {
    http::router().merge(appearance::router())
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
    appearance::typescript(exports);
}
