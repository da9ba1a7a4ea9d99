//! A blog's archive (spec 002 §2 Archive page): its posts as tiles by calendar month, by type
//! or tag, a page at a time.

mod http;
pub mod months;
pub mod store;

pub use http::ARCHIVE_PAGE_POSTS;

use axum::Router;

use crate::state::AppState;

/// The archive's routes.
pub fn router() -> Router<AppState> {
    http::router()
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}
