//! The composer (spec 001): the save form and every rule it is checked by, the states a save
//! may ask for and when (schedules), a saved post's write, submissions to another blog, the
//! preview, and the lookups the composer makes while the author writes (blogs to mention,
//! tags, a link's page, the audio and video services). What it writes is a post (`posts/`).

pub mod form;
mod http;
mod lookups;
pub mod media_urls;
pub mod og;
mod preview;
pub mod providers;
pub mod save;
pub mod submission;
pub mod suggest;
mod tutorial;
pub mod when;

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
pub fn router(providers: Arc<dyn MediaProviders>) -> Router<AppState> {
    http::router().merge(lookups::router(providers))
}
