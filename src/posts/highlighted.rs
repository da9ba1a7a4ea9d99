//! A blog's highlighted posts (spec 000 §2.5 Blog card, spec 002 §7 Blog actions):
//! `GET /svc/{blogname}/posts/highlighted` and `GET /svc/tumblelog_popover/{name}`. Each is a
//! small pre-rendered piece of HTML linking to the post: its first photo, or its title or
//! opening words. Built from the post's sanitised fields with text escaped, then sanitised
//! again, so a reader's browser gets nothing the post's own sanitiser would not allow.

use axum::Router;
use axum::extract::{Path, State};
use axum::routing::get;
use serde::{Deserialize, Serialize};

use super::model::{PostContent, PostType};
use super::sanitize::{clean, text_only};
use super::store;
use super::store::PostRow;
use super::summary::{media_url, shorten, summary};
use super::view::post_url;
use crate::auth::session::MaybeSession;
use crate::blogs::lookup::blog_named;
use crate::error::{ApiResult, ok};
use crate::extract::Query;
use crate::state::AppState;
use crate::web::escape_html;

/// Posts the card shows at most.
pub(super) const HIGHLIGHTED_POSTS: i64 = 3;

/// The routes.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/{blogname}/posts/highlighted", get(highlighted))
        .route("/svc/tumblelog_popover/{name}", get(highlighted))
}

/// The spec's flags (`is_user_mention`, `is_tumblelog_popover`); the answer is the same.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
#[allow(dead_code)]
struct HighlightedQuery {
    /// Asked for a mention's card (accepted, not read).
    is_user_mention: Option<String>,
    /// Asked for a blog's popover (accepted, not read).
    is_tumblelog_popover: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Highlighted {
    /// Sanitised HTML, one piece per post, newest first; the card shows them only when there
    /// are at least 2.
    highlighted_posts: Vec<String>,
}

async fn highlighted(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Path(name): Path<String>,
    Query(_): Query<HighlightedQuery>,
) -> ApiResult<Highlighted> {
    let viewer = session.and_then(|s| s.user_id);
    let blog = blog_named(&app.store, viewer, &name).await?;
    let rows = if blog.is_private_group_channel && viewer != Some(blog.user_id) {
        Vec::new()
    } else {
        store::blog_posts_at(&app.store, blog.id, false, 0, HIGHLIGHTED_POSTS, viewer).await?
    };
    Ok(ok(Highlighted {
        highlighted_posts: rows.iter().map(snippet).collect(),
    }))
}

/// One post as the card shows it.
pub(super) fn snippet(row: &PostRow) -> String {
    let content = row.content();
    let href = escape_html(&post_url(&row.blog_name, row.id, &row.slug));
    let inner = match &content {
        PostContent::Photo {
            photos, caption, ..
        } if !photos.is_empty() => {
            let alt = photos[0].caption.clone();
            let alt = if alt.is_empty() {
                text_only(caption)
            } else {
                alt
            };
            format!(
                r#"<img src="{}" alt="{}">"#,
                escape_html(&photos[0].url),
                escape_html(&shorten(&alt))
            )
        }
        _ => {
            let words = summary(&content, &row.comment, row.is_reblog());
            let picture = media_url(&content);
            // A post without words (a video or audio post with no caption) shows its
            // picture (a video's poster, the album art), else what kind of post it is: never an
            // empty tile.
            if !words.is_empty() {
                format!("<p>{}</p>", escape_html(&words))
            } else if !picture.is_empty() {
                format!(
                    r#"<img src="{}" alt="{}">"#,
                    escape_html(&picture),
                    kind_of(&content)
                )
            } else {
                format!("<p>{}</p>", kind_of(&content))
            }
        }
    };
    clean(&format!(r#"<a href="{href}">{inner}</a>"#))
}

/// What kind of post it is, for a tile with no words of its own.
fn kind_of(content: &PostContent) -> &'static str {
    match content.post_type() {
        PostType::Text => "A text post",
        PostType::Photo => "A photo",
        PostType::Quote => "A quote",
        PostType::Link => "A link",
        PostType::Chat => "A chat",
        PostType::Audio => "An audio post",
        PostType::Video => "A video",
        PostType::Note => "An answered question",
    }
}

/// This file's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<HighlightedQuery>();
    exports.add::<Highlighted>();
}
