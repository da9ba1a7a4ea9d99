//! The blog calls: `/order`, `/svc/blogs/explore`, `/svc/block/add`, `/svc/block/remove`,
//! `/svc/blog/messaging`, and avatars.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::avatar::avatar;
use super::blocks;
use super::lookup::{BlogField, blog_named, owned_blog};
use super::model::{BlogView, UserBlog};
use super::store;
use super::store::BlogRow;
use crate::auth;
use crate::auth::session::{CurrentUser, MaybeSession};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, Query};
use crate::state::AppState;

/// The blog routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/order", post(order))
        .route("/svc/blogs/explore", get(explore))
        .route("/svc/block/add", post(block_add))
        .route("/svc/block/remove", post(block_remove))
        .route("/svc/blog/messaging", post(set_messaging))
        .route("/avatar/{name}", get(avatar))
        .route("/avatar/{name}/{size}", get(avatar))
}

/// The fields of `/order`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct OrderForm {
    /// A JSON list of all your blog names, in the new order.
    #[serde(default)]
    channel_names: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct OrderAnswer {
    saved: bool,
}

async fn order(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<OrderForm>,
) -> ApiResult<OrderAnswer> {
    let names: Vec<String> = serde_json::from_str(&form.channel_names).map_err(|_| {
        AppError::bad_request(
            Code::InvalidOrder,
            "channel_names must be a JSON list of your blog names.",
        )
    })?;
    let mut mine: Vec<String> = store::blogs_of_user(&app.store, user.user_id)
        .await?
        .into_iter()
        .map(|b| b.name)
        .collect();
    let mut asked = names.clone();
    mine.sort();
    asked.sort();
    if mine != asked {
        return Err(AppError::bad_request(
            Code::InvalidOrder,
            "channel_names must list each of your blogs exactly once.",
        ));
    }
    let saved = store::reorder_blogs(&app.store, user.user_id, &names).await?;
    Ok(ok(OrderAnswer { saved }))
}

/// The fields of `GET /svc/blogs/explore`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct ExploreQuery {
    /// How many blogs (default 20, at most 50).
    limit: Option<i64>,
}

/// The answer of the blog lists.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct BlogList {
    pub blogs: Vec<BlogView>,
}

async fn explore(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<ExploreQuery>,
) -> ApiResult<BlogList> {
    let viewer = session.and_then(|s| s.user_id);
    let limit = query.limit.unwrap_or(20).clamp(1, 50);
    let rows = store::explore_blogs(&app.store, viewer, limit).await?;
    Ok(ok(BlogList {
        blogs: rows.iter().map(|r| BlogView::of(r, viewer, None)).collect(),
    }))
}

/// The fields of `/svc/block/add` and `/svc/block/remove`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct BlockForm {
    /// The blocking blog: one of yours (blocking acts as a blog, spec 002 §6).
    #[serde(default)]
    tumblelog: String,
    /// The blog to block (or unblock).
    #[serde(default)]
    blocked_tumblelog: String,
    /// Instead of `blocked_tumblelog` (to block only): a post of the blog to block.
    blocked_post: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct BlockAnswer {
    blocked: bool,
    changed: bool,
}

/// The blocking blog's id and the blocked blog.
async fn block_target(
    app: &AppState,
    user: &CurrentUser,
    form: &BlockForm,
) -> Result<(i64, BlogRow), AppError> {
    let by_post = form
        .blocked_post
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
    let named = form.blocked_tumblelog.trim();
    let blocked_name = match (named.is_empty(), by_post) {
        (false, None) => named.to_owned(),
        (true, Some(post)) => {
            // The blog whose post it is, as its reader sees it.
            let no_such_post = || AppError::not_found("No such post.");
            let post_id: i64 = post.parse().map_err(|_| no_such_post())?;
            store::blog_of_post(&app.store, post_id, user.user_id)
                .await?
                .ok_or_else(no_such_post)?
        }
        (false, Some(_)) => {
            return Err(AppError::bad_request(
                Code::BadForm,
                "Name the blog to block in blocked_tumblelog or by a post of it in blocked_post, not both.",
            ));
        }
        (true, None) => {
            return Err(AppError::bad_request(
                Code::MissingTumblelog,
                "Say which blog to block: blocked_tumblelog or blocked_post is required.",
            ));
        }
    };
    let blocker = owned_blog(
        &app.store,
        user.user_id,
        &form.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    let blocked = blog_named(&app.store, Some(user.user_id), &blocked_name).await?;
    if blocked.user_id == user.user_id {
        return Err(AppError::bad_request(
            Code::OwnBlog,
            "You can't block your own blog.",
        ));
    }
    Ok((blocker.id, blocked))
}

async fn block_add(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<BlockForm>,
) -> ApiResult<BlockAnswer> {
    let (blocker, blocked) = block_target(&app, &user, &form).await?;
    let changed = blocks::block(&app.store, blocker, blocked.id, blocked.user_id).await?;
    Ok(ok(BlockAnswer {
        blocked: true,
        changed,
    }))
}

async fn block_remove(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<BlockForm>,
) -> ApiResult<BlockAnswer> {
    let (blocker, blocked) = block_target(&app, &user, &form).await?;
    let changed = blocks::unblock(&app.store, blocker, blocked.id).await?;
    Ok(ok(BlockAnswer {
        blocked: false,
        changed,
    }))
}

/// The fields of `/svc/blog/messaging`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct MessagingForm {
    /// Your blog.
    #[serde(default)]
    tumblelog: String,
    /// `1` (or `true`) to take messages, `0` (or `false`) not to.
    enabled: Option<String>,
}

async fn set_messaging(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<MessagingForm>,
) -> ApiResult<UserBlog> {
    let blog = owned_blog(
        &app.store,
        user.user_id,
        &form.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    let enabled = match form.enabled.as_deref() {
        Some("1" | "true") => true,
        Some("0" | "false") => false,
        _ => {
            return Err(AppError::bad_request(
                Code::BadEnabled,
                "enabled must be 1 or 0.",
            ));
        }
    };
    store::set_blog_can_message(&app.store, blog.id, enabled).await?;
    let row = store::blog_by_name(&app.store, &blog.name, Some(user.user_id))
        .await?
        .ok_or_else(|| AppError::not_found("That blog is gone."))?;
    let current = auth::store::user_by_id(&app.store, user.user_id)
        .await?
        .and_then(|u| u.current_blog_id);
    Ok(ok(UserBlog::of(&row, current)))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<super::model::UserBlog>();
    exports.add::<super::model::BlogView>();
    exports.add::<super::model::OwnerCounts>();
    exports.add::<super::model::ThemeParams>();
    exports.add::<OrderForm>();
    exports.add::<OrderAnswer>();
    exports.add::<ExploreQuery>();
    exports.add::<BlockForm>();
    exports.add::<MessagingForm>();
    exports.add::<BlogList>();
    exports.add::<BlockAnswer>();
}
