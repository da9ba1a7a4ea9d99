//! The follow calls: `/svc/follow`, `/svc/unfollow`, `/svc/user/following`.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::store::FollowChange;
use crate::auth::session::CurrentUser;
use crate::blogs::BlogList;
use crate::blogs::lookup::{acting_blog, blog_named};
use crate::blogs::model::BlogView;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Form;
use crate::feed::refresh_dashboard;
use crate::state::AppState;

/// The follow routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/follow", post(follow))
        .route("/svc/unfollow", post(unfollow))
        .route("/svc/user/following", get(following))
}

/// The fields of `/svc/follow` and `/svc/unfollow`. Only `tumblelog` drives behaviour; the
/// rest are the spec's tracking fields, accepted so that clients may send them.
#[derive(Deserialize)]
#[allow(dead_code)]
struct FollowForm {
    #[serde(default)]
    tumblelog: String,
    placement_id: Option<String>,
    pt: Option<String>,
    source: Option<String>,
    context: Option<String>,
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
    let target = blog_named(&app.store, Some(user.user_id), &form.tumblelog).await?;
    if target.user_id == user.user_id {
        return Err(AppError::bad_request(
            Code::OwnBlog,
            "You can't follow your own blog.",
        ));
    }
    if app
        .store
        .blocked_any_blog_of(target.id, user.user_id)
        .await?
    {
        return Err(AppError::forbidden(
            Code::Blocked,
            format!("You can't follow {}.", target.name),
        ));
    }
    let via = acting_blog(&app.store, user.user_id).await?;
    if let FollowChange::Followed { published } =
        app.store.follow(user.user_id, via.id, target.id).await?
    {
        app.realtime.publish(published).await;
        refresh_dashboard(&app.realtime, user.user_id).await;
    }
    follow_answer(&app, &user, &target.name).await
}

async fn unfollow(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<FollowForm>,
) -> ApiResult<FollowAnswer> {
    let target = blog_named(&app.store, Some(user.user_id), &form.tumblelog).await?;
    if let FollowChange::Unfollowed = app.store.unfollow(user.user_id, target.id).await? {
        refresh_dashboard(&app.realtime, user.user_id).await;
    }
    follow_answer(&app, &user, &target.name).await
}

/// The answer of both calls: the blog as the user now sees it, and how many they follow.
async fn follow_answer(app: &AppState, user: &CurrentUser, name: &str) -> ApiResult<FollowAnswer> {
    let row = blog_named(&app.store, Some(user.user_id), name).await?;
    Ok(ok(FollowAnswer {
        tumblelog: BlogView::of(&row, Some(user.user_id), None),
        friend_count: app.store.friend_count(user.user_id).await?,
    }))
}

async fn following(State(app): State<AppState>, user: CurrentUser) -> ApiResult<BlogList> {
    let rows = app.store.followed_blogs(user.user_id).await?;
    Ok(ok(BlogList {
        blogs: rows
            .iter()
            .map(|r| BlogView::of(r, Some(user.user_id), None))
            .collect(),
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<FollowAnswer>();
}
