//! The blog viewer's calls (spec 000 §2.10, §7): `/svc/indash_blog/posts` (a blog's posts a
//! page at a time, or one post) and `/svc/indash_blog/header` (the blog as the viewer sees
//! it; `POST` saves it: `header.rs`). Apart from `blogs/`, because the header save follows and
//! sets asks, which sit above blogs.

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use serde::{Deserialize, Serialize};

use super::header::{IndashHeader, save_header};
use crate::auth::session::MaybeSession;
use crate::blogs::lookup::blog_named;
use crate::blogs::model::BlogView;
use crate::error::{ApiResult, AppError, ok};
use crate::extract::Query;
use crate::posts;
use crate::posts::view::PostView;
use crate::posts::view::{PAGE_SIZE, views};
use crate::state::AppState;

/// The blog viewer's routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/indash_blog/posts", get(indash_posts))
        .route(
            "/svc/indash_blog/header",
            get(indash_header).post(save_header),
        )
}

/// The fields of `GET /svc/indash_blog/posts`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct IndashQuery {
    /// The blog.
    #[serde(default)]
    tumblelog_name_or_id: String,
    /// One post of it.
    post_id: Option<i64>,
    /// Or a page of its posts: how many (at most 10).
    limit: Option<i64>,
    /// Posts to skip.
    offset: Option<i64>,
}

/// The blog viewer's posts (spec 000 §7): a blog's posts a page at a time, or one post.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct IndashPosts {
    posts: Vec<PostView>,
    tumblelog: BlogView,
}

async fn indash_posts(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<IndashQuery>,
) -> ApiResult<IndashPosts> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let blog = blog_named(&app.store, viewer, &query.tumblelog_name_or_id).await?;
    let owner = blog.written_by(viewer);
    let rows = match query.post_id {
        Some(id) => match posts::store::post_row(&app.store, id, viewer).await? {
            Some(row) if row.blog_id == blog.id && (owner || !row.state().is_owner_only()) => {
                vec![row]
            }
            _ => return Err(AppError::not_found("No such post.")),
        },
        None => {
            let limit = query.limit.unwrap_or(PAGE_SIZE).clamp(1, PAGE_SIZE);
            let offset = query.offset.unwrap_or(0).max(0);
            posts::store::blog_posts_at(&app.store, blog.id, owner, offset, limit, viewer).await?
        }
    };
    Ok(ok(IndashPosts {
        posts: views(&app.store, rows, viewer).await?,
        tumblelog: BlogView::of(&blog, viewer, None),
    }))
}

/// The fields of `GET /svc/indash_blog/header`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct IndashHeaderQuery {
    /// The blog.
    #[serde(default)]
    tumblelog_name_or_id: String,
}

async fn indash_header(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<IndashHeaderQuery>,
) -> ApiResult<IndashHeader> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let blog = blog_named(&app.store, viewer, &query.tumblelog_name_or_id).await?;
    Ok(ok(IndashHeader {
        tumblelog: BlogView::of(&blog, viewer, None),
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<IndashQuery>();
    exports.add::<IndashPosts>();
    exports.add::<IndashHeaderQuery>();
    exports.add::<IndashHeader>();
    super::header::typescript(exports);
}
