//! The follow calls: `/svc/follow`, `/svc/unfollow`, `/svc/user/following`.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::{rules, store};
use crate::auth::session::CurrentUser;
use crate::blogs::BlogList;
use crate::blogs::lookup::{BlogField, blog_named, owned_blog};
use crate::blogs::model::BlogView;
use crate::blogs::store::BlogRow;
use crate::error::{ApiResult, ok};
use crate::extract::{Form, Query};
use crate::state::AppState;

/// The follow routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/follow", post(follow))
        .route("/svc/unfollow", post(unfollow))
        .route("/svc/user/following", get(following))
        .route("/svc/blog/followers", get(followers))
}

/// The fields of `/svc/follow` and `/svc/unfollow`. Only `tumblelog` drives behaviour; the
/// rest are the spec's tracking fields, accepted so that clients may send them.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
#[allow(dead_code)]
struct FollowForm {
    /// The blog to follow (or unfollow).
    #[serde(default)]
    tumblelog: String,
    /// Tracking (accepted, not read).
    placement_id: Option<String>,
    /// Tracking (accepted, not read).
    pt: Option<String>,
    /// Tracking: where the button was (accepted, not read).
    source: Option<String>,
    /// Tracking (accepted, not read).
    context: Option<String>,
    /// Tracking (accepted, not read).
    tlt: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct FollowAnswer {
    tumblelog: BlogView,
    friend_count: i64,
}

async fn follow(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<FollowForm>,
) -> ApiResult<FollowAnswer> {
    let mut target = blog_named(&app.store, Some(user.user_id), &form.tumblelog).await?;
    if rules::follow(&app.store, user.user_id, &target).await? {
        target.following = true;
        target.follower_count += 1;
    }
    follow_answer(&app, &user, &target).await
}

async fn unfollow(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<FollowForm>,
) -> ApiResult<FollowAnswer> {
    let mut target = blog_named(&app.store, Some(user.user_id), &form.tumblelog).await?;
    if rules::unfollow(&app.store, user.user_id, &target).await? {
        target.following = false;
        target.follower_count -= 1;
    }
    follow_answer(&app, &user, &target).await
}

/// The answer of both calls: the blog as the user now sees it (read before the change, with
/// the change applied: a second read of the blog would cost as much as the follow), and how
/// many they follow.
async fn follow_answer(
    app: &AppState,
    user: &CurrentUser,
    row: &BlogRow,
) -> ApiResult<FollowAnswer> {
    Ok(ok(FollowAnswer {
        tumblelog: BlogView::of(row, Some(user.user_id), None),
        friend_count: store::friend_count(&app.store, user.user_id).await?,
    }))
}

async fn following(State(app): State<AppState>, user: CurrentUser) -> ApiResult<BlogList> {
    let rows = store::followed_blogs(&app.store, user.user_id).await?;
    Ok(ok(BlogList {
        blogs: rows
            .iter()
            .map(|r| BlogView::of(r, Some(user.user_id), None))
            .collect(),
    }))
}

/// Followers listed per page at most.
const MAX_FOLLOWERS_PAGE: i64 = 50;

/// The fields of `GET /svc/blog/followers`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct FollowersQuery {
    /// Your blog.
    #[serde(default)]
    tumblelog: String,
    /// Followers to skip (default 0).
    offset: Option<i64>,
    /// How many (default 20, at most 50).
    limit: Option<i64>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Followers {
    /// Each follower by the blog it followed as, newest follow first.
    blogs: Vec<BlogView>,
    /// How many follow the blog in all.
    total: i64,
}

/// `/blog/{name}/followers`: who follows one of the caller's blogs. Only its owner sees them.
async fn followers(
    State(app): State<AppState>,
    user: CurrentUser,
    Query(query): Query<FollowersQuery>,
) -> ApiResult<Followers> {
    let blog = owned_blog(
        &app.store,
        user.user_id,
        &query.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    let offset = query.offset.unwrap_or(0).max(0);
    let limit = query.limit.unwrap_or(20).clamp(1, MAX_FOLLOWERS_PAGE);
    let rows = store::followers_of(&app.store, blog.id, user.user_id, offset, limit).await?;
    Ok(ok(Followers {
        blogs: rows
            .iter()
            .map(|r| BlogView::of(r, Some(user.user_id), None))
            .collect(),
        total: store::follower_count(&app.store, blog.id).await?,
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<FollowForm>();
    exports.add::<FollowAnswer>();
    exports.add::<FollowersQuery>();
    exports.add::<Followers>();
}
