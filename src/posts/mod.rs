//! Posts of every type (spec 001): the save form and its rules, sanitising, states and
//! scheduled publishing, reblogs and their trail, and the pages that list posts.

mod actions;
mod asks;
mod channels;
mod form;
mod header;
mod highlighted;
mod http;
mod lookups;
pub mod media_urls;
pub mod mentions;
pub mod model;
pub mod og;
mod preview;
mod promoted;
pub mod providers;
pub mod publisher;
pub mod sanitize;
pub mod save;
pub mod store;
pub mod suggest;
pub mod summary;
pub mod tags;
pub mod view;
pub mod when;

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
    actions::typescript(exports);
    asks::typescript(exports);
    highlighted::typescript(exports);
    promoted::typescript(exports);
}

pub use channels::PostsChannel;

use std::sync::Arc;

use axum::Router;

use crate::state::AppState;
use providers::MediaProviders;

/// The post routes: saving, reading, acting on a post, and the composer's lookups, which ask the audio and
/// video services through `providers`.
pub fn router(providers: Arc<dyn MediaProviders>) -> Router<AppState> {
    http::router()
        .merge(actions::router())
        .merge(asks::router())
        .merge(highlighted::router())
        .merge(promoted::router())
        .merge(lookups::router(providers))
}
