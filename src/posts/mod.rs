//! Posts of every type (spec 001, 002): the post as it is stored and read, its states and
//! scheduled publishing, sanitising, reblogs and their trail, the actions on a written post,
//! and the pages that list posts. Writing one through the composer is `composer/`; asks and
//! submissions waiting in a blog's inbox are `asks/`.

pub(crate) mod actions;
mod attribution;
mod channels;
mod flag;
mod highlighted;
pub(crate) mod html;
pub(crate) mod http;
pub(crate) mod mentions;
pub(crate) mod model;
pub(crate) mod promoted;
pub(crate) mod publisher;
pub(crate) mod reblog;
pub(crate) mod sanitize;
pub(crate) mod search_text;
pub(crate) mod store;
pub(crate) mod summary;
pub(crate) mod tags;
pub(crate) mod view;

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
    actions::typescript(exports);
    attribution::typescript(exports);
    highlighted::typescript(exports);
    promoted::typescript(exports);
}

pub(crate) use channels::PostsChannel;

use axum::Router;

use crate::state::AppState;

/// The post routes: the pages of posts and the actions on a written post.
pub(crate) fn router() -> Router<AppState> {
    http::router()
        .merge(actions::router())
        .merge(attribution::router())
        .merge(flag::router())
        .merge(highlighted::router())
        .merge(promoted::router())
}
