//! `POST /svc/post/remove_app_attribution` (spec 002 §7, "full path not shown"): the owner of
//! a post an app made takes its 'Posted with …' away. Apps and their tokens are `auth/apps.rs`.

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::reblog::own_post;
use super::store;
use super::view::PostView;
use super::view::post_view;
use crate::auth::session::CurrentUser;
use crate::error::{ApiResult, AppError, ok};
use crate::extract::Form;
use crate::state::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new().route(
        "/svc/post/remove_app_attribution",
        post(remove_app_attribution),
    )
}

/// The fields of `/svc/post/remove_app_attribution`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct RemoveAttributionForm {
    /// One of your posts.
    post_id: i64,
    /// Its blog, by name.
    #[serde(default)]
    tumblelog_id: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct RemoveAttributionAnswer {
    /// The post, its `app_name` now null.
    post: PostView,
}

async fn remove_app_attribution(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<RemoveAttributionForm>,
) -> ApiResult<RemoveAttributionAnswer> {
    // Someone else's post answers 404, as editing it does.
    let row = own_post(&app.store, user.user_id, form.post_id).await?;
    let blog = form.tumblelog_id.trim();
    if !blog.is_empty() && blog != row.blog_name {
        return Err(AppError::not_found("No such post."));
    }
    store::remove_app_attribution(&app.store, row.id).await?;
    let post = post_view(&app.store, row.id, Some(user.user_id)).await?;
    Ok(ok(RemoveAttributionAnswer { post }))
}

/// This file's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(super) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<RemoveAttributionForm>();
    exports.add::<RemoveAttributionAnswer>();
}
