//! Blogs: creating, finding and ordering them, their settings, blocks between them, avatars.

pub(crate) mod appearance;
pub(crate) mod avatar;
pub(crate) mod blocks;
pub(crate) mod description;
pub(crate) mod fonts;
mod http;
pub(crate) mod lookup;
pub(crate) mod model;
pub(crate) mod store;
pub(crate) mod validate;
pub(crate) mod writers;

pub(crate) use http::BlogList;

use axum::Router;

use crate::state::AppState;

/// The blog routes, with the appearance save.
pub(crate) fn router() -> Router<AppState> {
    http::router().merge(appearance::router())
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
    appearance::typescript(exports);
}
