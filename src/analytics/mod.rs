//! A blog's analytics and reach (the account menu's Analytics and Reach pages): figures read
//! from the notes, follows and posts tables, for the blog's owner.

mod http;
pub(crate) mod store;

use axum::Router;

use crate::state::AppState;

/// The analytics routes.
pub(crate) fn router() -> Router<AppState> {
    http::router()
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}
