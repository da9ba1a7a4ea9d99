//! Accounts: registering and logging in, the user model every page reads (spec 002 §3
//! Current user), the blogs a user creates and acts as, the tour flag, and their apps.

mod apps;
mod http;
pub mod model;
pub mod store;

use axum::Router;

use crate::state::AppState;

/// The account routes, and Settings → Apps.
pub fn router() -> Router<AppState> {
    http::router().merge(apps::router())
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
    apps::typescript(exports);
}
