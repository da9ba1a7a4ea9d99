//! A blog's archive (spec 002 §2 Archive page): its posts as tiles by calendar month, by type
//! or tag, a page at a time.

mod http;
pub(crate) mod months;
pub(crate) mod store;

use axum::Router;

use crate::state::AppState;

/// The archive's routes.
pub(crate) fn router() -> Router<AppState> {
    http::router()
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}
