//! The pages that list posts: `/svc/post/{page_root}/{direction}/{ref_post_id}` (the
//! dashboard, a blog, the likes, and the owner's drafts, queue, processing and inbox).

use axum::Router;
use axum::extract::{Path, State};
use axum::routing::get;
use serde::{Deserialize, Serialize};

use super::promoted;
use super::store;
use super::store::{Cursor, Page};
use super::tags::{clean_tag, tag_key};
use super::view::{PAGE_SIZE, PostView, views};
use crate::auth::session::MaybeSession;
use crate::blogs::lookup::{BlogField, acting_blog, blog_named, writable_blog};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Query;
use crate::state::AppState;

/// The post page routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/svc/post/{page_root}/{direction}/{ref_post_id}", get(page))
}

/// A page of posts.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PostPage {
    posts: Vec<PostView>,
}

/// The query of `GET /svc/post/{page_root}/{direction}/{ref_post_id}`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct PageQuery {
    /// The blog of a blog page (`blog`), or of the drafts, queue, processing and inbox pages
    /// (the acting blog when absent).
    blog: Option<String>,
    /// On a blog page: only the posts with this tag.
    tag: Option<String>,
    /// On the likes page: the `liked_timestamp` of the post to page from, which places it
    /// even after it was unliked.
    liked_at: Option<i64>,
    /// On the dashboard and a blog page: the `date` of the post to page from, which places it
    /// even after it was deleted.
    at: Option<i64>,
}

/// `GET /svc/post/{page_root}/{direction}/{ref_post_id}`: the posts `before` (above) or
/// `after` (below) a post on a page; `0` is the page's start.
async fn page(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Path((page_root, direction, ref_post_id)): Path<(String, String, String)>,
    Query(query): Query<PageQuery>,
) -> ApiResult<PostPage> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let reference: i64 = ref_post_id.parse().map_err(|_| {
        AppError::bad_request(
            Code::BadCursor,
            "The post to page from must be a post id (0 for the start).",
        )
    })?;
    let cursor = match (direction.as_str(), reference) {
        (_, 0) => Cursor::Start,
        ("before", id) => Cursor::Before(id),
        ("after", id) => Cursor::After(id),
        _ => {
            return Err(AppError::bad_request(
                Code::BadCursor,
                "The direction is before or after.",
            ));
        }
    };
    let states: Option<&'static [&'static str]> = match page_root.as_str() {
        "dashboard" => {
            let user_id = viewer.ok_or_else(AppError::not_logged_in)?;
            let page = Page::Dashboard { user_id };
            let rows =
                store::page_placed(&app.store, page, cursor, query.at, PAGE_SIZE, viewer).await?;
            return Ok(ok(PostPage {
                posts: views(&app.store, rows, viewer).await?,
            }));
        }
        "likes" => {
            let user_id = viewer.ok_or_else(AppError::not_logged_in)?;
            let page = Page::Likes {
                user_id,
                cursor_liked_at: query.liked_at,
            };
            let rows = store::page(&app.store, page, cursor, PAGE_SIZE, viewer).await?;
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            let liked_at = store::like_times(&app.store, user_id, &ids).await?;
            let mut posts = views(&app.store, rows, viewer).await?;
            for post in &mut posts {
                post.liked_timestamp = liked_at.get(&post.id).copied();
            }
            return Ok(ok(PostPage { posts }));
        }
        "blog" => {
            let name = query.blog.as_deref().unwrap_or("");
            let blog = blog_named(&app.store, viewer, name).await?;
            let tag = query
                .tag
                .as_deref()
                .map(|t| tag_key(&clean_tag(t)))
                .filter(|t| !t.is_empty());
            let pinned = match &tag {
                Some(tag) => promoted::promoted_post(&app.store, blog.id, tag).await?,
                None => None,
            };
            let page = Page::Blog {
                blog_id: blog.id,
                with_private: blog.written_by(viewer),
                tag,
                pinned,
            };
            let rows =
                store::page_placed(&app.store, page, cursor, query.at, PAGE_SIZE, viewer).await?;
            let mut posts = views(&app.store, rows, viewer).await?;
            for post in &mut posts {
                post.is_promoted = Some(post.id) == pinned;
            }
            return Ok(ok(PostPage { posts }));
        }
        "drafts" => Some(&["draft"]),
        "queue" => None,
        "processing" => Some(&["transcoding"]),
        "inbox" => Some(&["unapproved"]),
        other => {
            return Err(AppError::not_found(format!(
                "There is no page of posts called '{other}'."
            )));
        }
    };
    let user_id = viewer.ok_or_else(AppError::not_logged_in)?;
    let blog_id = match query.blog.as_deref().filter(|b| !b.trim().is_empty()) {
        Some(name) => {
            // A group's members read its drafts, queue and inbox as its owner does.
            writable_blog(&app.store, user_id, name, BlogField::Tumblelog)
                .await?
                .id
        }
        None => acting_blog(&app.store, user_id).await?.id,
    };
    let page = match states {
        Some(states) => Page::States { blog_id, states },
        None => Page::Queue { blog_id },
    };
    let rows = store::page(&app.store, page, cursor, PAGE_SIZE, viewer).await?;
    Ok(ok(PostPage {
        posts: views(&app.store, rows, viewer).await?,
    }))
}

/// This file's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    use super::model::*;
    exports.add::<PostType>();
    exports.add::<PostState>();
    exports.add::<EditorType>();
    exports.add::<Photo>();
    exports.add::<Selfie>();
    exports.add::<ChatLine>();
    exports.add::<ProcessedVideo>();
    exports.add::<Filmstrip>();
    exports.add::<PostContent>();
    exports.add::<TrailItem>();
    exports.add::<PostSource>();
    exports.add::<PostView>();
    exports.add::<super::view::ReblogSource>();
    exports.add::<super::view::ContextTumblelog>();
    exports.add::<PageQuery>();
    exports.add::<PostPage>();
}
