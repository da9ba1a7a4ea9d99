//! Accounts: registering and logging in, the user model every page reads (spec 002 §3
//! Current user), the blogs a user creates and acts as, the tour flag, their apps, and
//! changing their password.

mod apps;
mod http;
pub(crate) mod model;
mod password;
pub(crate) mod store;

use axum::Router;

use crate::state::AppState;

/// The account routes, Settings → Apps, and the password change.
pub(crate) fn router() -> Router<AppState> {
    http::router()
        .merge(apps::router())
        .merge(password::router())
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
    apps::typescript(exports);
    password::typescript(exports);
}
