//! Search (spec 002 §2 In-blog search, §7 Search; the search form of spec 000 §2.12): a
//! blog's posts by words with its popular tags, and every public blog's posts by words or by
//! tag. The databases' own engines do the matching (SQLite FTS5, PostgreSQL tsvector + GIN;
//! migrations 0018); what a post says in words is `posts::search_text`, written with it.

pub(crate) mod backfill;
mod gifs;
mod giphy;
mod http;
pub(crate) mod store;
pub(crate) mod terms;

/// For the web's generated limits (`typescript.rs`).
#[cfg(test)]
pub(crate) use http::{SEARCH_PAGE_SIZE, TYPEAHEAD_TAGS};

use std::sync::Arc;

use axum::routing::post;
use axum::{Extension, Router};

use crate::config::GifSettings;
use crate::state::AppState;

/// The search routes; the GIF panel's asks `settings`' GIF service too, if it has one.
pub(crate) fn router(settings: &GifSettings) -> Router<AppState> {
    let provider: gifs::Provider = settings.giphy_key.as_deref().and_then(|key| {
        match giphy::Giphy::new(&settings.giphy_url, key) {
            Ok(giphy) => Some(Arc::new(giphy) as Arc<dyn gifs::GifProvider>),
            Err(err) => {
                tracing::warn!(error = %err, "GIPHY is off: its client could not be made");
                None
            }
        }
    });
    http::router().route(
        "/svc/search/inline_gif",
        post(gifs::inline_gif).layer(Extension(provider)),
    )
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
    exports.add::<gifs::InlineGifForm>();
    exports.add::<gifs::GifImage>();
    exports.add::<gifs::GifMessage>();
    exports.add::<gifs::InlineGifResults>();
}
