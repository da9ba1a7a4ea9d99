//! Moderation (spec 002 §6, §7): administrators toggle a blog's spam, nsfw and suspended
//! flags, and its Reach and Analytics (`premium.rs`); everyone else is refused. Who is an administrator is set from the command line
//! (`dashwire admin`), never over HTTP. Anyone signed in may flag a post, a blog or a
//! conversation (`reports.rs`); the administrators work through what was flagged.

mod http;
mod premium;
pub(crate) mod reports;
mod reports_http;
pub(crate) mod store;

pub(crate) use http::{admin_only, not_suspended};
pub(crate) use reports_http::{FlagForm, Flagged, flag};

/// The moderation routes: the toggles, flagging, and the reports' queue.
pub(crate) fn router() -> axum::Router<crate::state::AppState> {
    http::router()
        .merge(premium::router())
        .merge(reports_http::router())
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
    premium::typescript(exports);
    reports_http::typescript(exports);
}
