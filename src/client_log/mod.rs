//! Behaviour logging (spec 002 §3 Log event, §7 Logging, §9 Logging): the calls a browser's
//! batched logs arrive on. What the web app logs, and when it flushes, is
//! `web/src/features/behaviourLog`.

pub(crate) mod bodies;
mod http;

use axum::Router;

use crate::state::AppState;

/// The log routes.
pub(crate) fn router() -> Router<AppState> {
    http::router()
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}
