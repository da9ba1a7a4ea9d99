//! `POST /svc/search/inline_gif`: the GIF panel's search (spec 000 §2.6, §3 GIF search query
//! and GIF image, §7). First the GIFs posted here: photo posts whose pictures are GIFs, found
//! by their words and tags with the search across blogs (the same engines, privacy, blocks
//! and safe search), most noted first; then, when the server has one, a GIF service's
//! (`giphy.rs`). A service that fails or is slow costs its part of the answer, never
//! the answer.

use std::collections::HashSet;
use std::sync::Arc;

use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::store::{self, Filters, Order, Window};
use super::terms::Terms;
use crate::auth::session::MaybeSession;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Form;
use crate::paths::post_url;
use crate::posts::model::{PostContent, PostType};
use crate::posts::store::{post_rows, tags_of};
use crate::state::AppState;
use futures_util::future::BoxFuture;

/// Spec 000 §9 GIF search: the default (and largest) number of results.
pub(super) const GIF_LIMIT: usize = 200;
/// Posts read to find them: GIF posts are photo posts, and a post may hold several.
const POSTS_READ: i64 = 400;
/// Tags the panel never shows on a result (spec 000 §5).
const UNSHOWN_TAGS: [&str; 2] = ["gif", "gifs"];

/// The fields of `POST /svc/search/inline_gif`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
pub(super) struct InlineGifForm {
    /// What to look for (trimmed and lower-cased here too).
    #[serde(default)]
    q: String,
    /// At most this many (1 to 200; 200 when absent).
    limit: Option<String>,
}

/// One GIF (spec 000 §3 GIF image); the names are the spec's.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "camelCase")]
pub(super) struct GifImage {
    pub media_url: String,
    /// The post it was found in ('' for a service's GIF: then its page there).
    pub post_url: String,
    /// The post the GIF was first posted in (a reblog's chain's first).
    pub root_post_url: String,
    /// Tells results apart by their first post: two reblogs of one GIF are one result.
    pub root_post_url_hash: String,
    pub root_blog: String,
    pub root_blog_url: String,
    pub root_blog_key: String,
    /// The post's tags, without 'gif' and 'gifs', at most 3.
    pub post_tags: Vec<String>,
    /// The tag of the post that matched the search, if one did.
    pub popular_search_tag: String,
    pub width: i64,
    pub height: i64,
    pub post_blog: String,
    pub post_id: Option<i64>,
}

/// What the panel shows above the results instead of its own lines (spec 000 §5).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(super) struct GifMessage {
    pub header: String,
    pub body: String,
}

/// The answer of `POST /svc/search/inline_gif` (spec 000 §3 GIF search query).
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(super) struct InlineGifResults {
    /// The query as searched: trimmed, lower-cased.
    query: String,
    limit: usize,
    media: Vec<GifImage>,
    message: Option<GifMessage>,
}

/// Where more GIFs come from.
pub(super) trait GifProvider: Send + Sync + 'static {
    /// At most `limit` GIFs for `query` (trimmed, lower-cased, not empty).
    fn search<'a>(
        &'a self,
        query: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, anyhow::Result<Vec<GifImage>>>;
}

/// The GIF service, if the server has one.
pub(super) type Provider = Option<Arc<dyn GifProvider>>;

pub(super) async fn inline_gif(
    State(app): State<AppState>,
    Extension(provider): Extension<Provider>,
    MaybeSession(session): MaybeSession,
    Form(form): Form<InlineGifForm>,
) -> ApiResult<InlineGifResults> {
    let limit = match form.limit.as_deref().map(str::trim) {
        None | Some("") => GIF_LIMIT,
        Some(text) => match text.parse::<usize>() {
            Ok(n) if (1..=GIF_LIMIT).contains(&n) => n,
            _ => {
                return Err(AppError::bad_request(
                    Code::BadQuery,
                    format!("The limit is a number from 1 to {GIF_LIMIT}."),
                ));
            }
        },
    };
    let query = form.q.trim().to_lowercase();
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let mut media = match Terms::parse(&query) {
        Some(terms) => posted_here(&app, viewer, &terms, limit).await?,
        None => Vec::new(),
    };
    let message = if media.is_empty() && Terms::parse(&query).is_none() && !query.is_empty() {
        Some(GifMessage {
            header: "Try words".into(),
            body: "GIFs are found by words and tags: that search has none.".into(),
        })
    } else {
        None
    };
    if let Some(provider) = provider.filter(|_| media.len() < limit && !query.is_empty()) {
        match provider.search(&query, limit - media.len()).await {
            Ok(more) => media.extend(more),
            Err(err) => {
                tracing::warn!(error = %err, "the GIF service failed; answering without it")
            }
        }
    }
    media.truncate(limit);
    Ok(ok(InlineGifResults {
        query,
        limit,
        media,
        message,
    }))
}

/// The GIFs of photo posts here that match `terms`, most noted first, each GIF once.
async fn posted_here(
    app: &AppState,
    viewer: Option<i64>,
    terms: &Terms,
    limit: usize,
) -> Result<Vec<GifImage>, AppError> {
    // Originals only: a reblog carries the same GIF, and the original's tags say what it is.
    let filters = Filters {
        post_type: Some(PostType::Photo),
        original_only: true,
        safe: true,
    };
    let window = Window {
        offset: 0,
        limit: POSTS_READ,
    };
    let ids =
        store::site_search(&app.store, viewer, terms, filters, Order::Popular, window).await?;
    let rows = post_rows(&app.store, &ids, viewer).await?;
    let tags = tags_of(&app.store, &ids).await?;
    let words: Vec<String> = terms.words().map(str::to_owned).collect();
    let mut seen = HashSet::new();
    let mut media = Vec::new();
    // In the search's order, not the rows'.
    for row in ids
        .iter()
        .filter_map(|id| rows.iter().find(|r| r.id == *id))
    {
        let PostContent::Photo { photos, .. } = row.content() else {
            continue;
        };
        let post_tags = tags.get(&row.id).cloned().unwrap_or_default();
        let trail = row.trail();
        let root = trail.iter().find(|item| item.is_original_entry);
        let (root_blog, root_post_url) = match root {
            Some(item) => (item.name.clone(), item.permalink.clone()),
            None => (
                row.blog_name.clone(),
                post_url(&row.blog_name, row.id, &row.slug),
            ),
        };
        for photo in photos.iter().filter(|p| is_gif(&p.url)) {
            if media.len() == limit {
                return Ok(media);
            }
            let key = (root_post_url.clone(), photo.url.clone());
            if !seen.insert(key) {
                continue;
            }
            media.push(GifImage {
                media_url: photo.url.clone(),
                post_url: post_url(&row.blog_name, row.id, &row.slug),
                root_post_url: root_post_url.clone(),
                root_post_url_hash: url_hash(&root_post_url),
                root_blog: root_blog.clone(),
                root_blog_url: format!("/blog/{root_blog}"),
                root_blog_key: root_blog.clone(),
                post_tags: shown_tags(&post_tags),
                popular_search_tag: matching_tag(&post_tags, &words),
                width: photo.width,
                height: photo.height,
                post_blog: row.blog_name.clone(),
                post_id: Some(row.id),
            });
        }
    }
    Ok(media)
}

/// Whether a picture is a GIF: its address ends in `.gif` (uploads here are named by their
/// type, read from their bytes).
fn is_gif(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or("");
    path.to_ascii_lowercase().ends_with(".gif")
}

/// The tags a result shows: not 'gif' or 'gifs', at most 3 (spec 000 §5).
fn shown_tags(tags: &[String]) -> Vec<String> {
    tags.iter()
        .filter(|t| !UNSHOWN_TAGS.contains(&t.to_lowercase().as_str()))
        .take(3)
        .cloned()
        .collect()
}

/// The first tag that is one of the searched words, or ''.
fn matching_tag(tags: &[String], words: &[String]) -> String {
    tags.iter()
        .find(|t| words.iter().any(|w| t.to_lowercase() == *w))
        .cloned()
        .unwrap_or_default()
}

/// A short stable hash of a post's address.
fn url_hash(url: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(&Sha256::digest(url.as_bytes())[..8])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gifs_are_known_by_their_address() {
        assert!(is_gif("/media/ab.gif"));
        assert!(is_gif("https://example.com/x.GIF?size=2"));
        assert!(!is_gif("/media/ab.png"));
        assert!(!is_gif("https://example.com/gif"));
    }

    #[test]
    fn results_show_three_tags_but_never_gif() {
        let tags: Vec<String> = ["gif", "cats", "GIFs", "funny", "loop", "more"]
            .map(String::from)
            .into();
        assert_eq!(shown_tags(&tags), ["cats", "funny", "loop"]);
        assert_eq!(matching_tag(&tags, &["loop".into()]), "loop");
        assert_eq!(matching_tag(&tags, &["dog".into()]), "");
    }
}
