//! Search (spec 002 §2 In-blog search, §7 Search; the search form of spec 000 §2.12): a
//! blog's posts by words with its popular tags, and every public blog's posts by words or by
//! tag. The databases' own engines do the matching (SQLite FTS5, PostgreSQL tsvector + GIN;
//! migrations 0018); what a post says in words is `posts::search_text`, written with it.

pub mod backfill;
mod http;
pub mod store;
pub mod terms;

pub use http::{MAX_SEARCH_OFFSET, SEARCH_PAGE_SIZE, TYPEAHEAD_TAGS};

use axum::Router;

use crate::state::AppState;

/// The search routes.
pub fn router() -> Router<AppState> {
    http::router()
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    http::typescript(exports);
}
