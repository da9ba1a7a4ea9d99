//! Sharing (spec 002 §2 Share popover, §3 Share popover model, §5, §7 Sharing): the popover's
//! model, share calls recorded per post, a share by email that sends real mail through the
//! outbox (`mail.rs`), and embeds of a post in other pages (`embed.rs`).

pub(crate) mod embed;
mod http;
pub(crate) mod mail;
pub(crate) mod store;

use axum::Router;

use crate::state::AppState;

/// The sharing routes, with the embed pages.
pub(crate) fn router() -> Router<AppState> {
    http::router().merge(embed::router())
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}
