//! The composer (spec 001): the save form and every rule it is checked by, the states a save
//! may ask for and when (schedules), a saved post's write, submissions to another blog, the
//! preview, and the lookups the composer makes while the author writes (blogs to mention,
//! tags, a link's page, the audio and video services). What it writes is a post (`posts/`).

pub(crate) mod form;
mod http;
mod lookups;
pub(crate) mod media_urls;
pub(crate) mod og;
mod preview;
pub(crate) mod providers;
pub(crate) mod save;
pub(crate) mod submission;
pub(crate) mod suggest;
mod tutorial;
pub(crate) mod when;

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}

use std::sync::Arc;

use axum::Router;

use crate::state::AppState;
use providers::MediaProviders;

/// The composer's routes; its lookups ask the audio and video services through `providers`.
pub(crate) fn router(providers: Arc<dyn MediaProviders>) -> Router<AppState> {
    http::router().merge(lookups::router(providers))
}
