//! `POST /spam/toggle`, `/nsfw/toggle` and `/suspended/toggle` (spec 002 §7 Blog actions),
//! and `GET /svc/admin/blog_flags`, where the toggles start from, for administrators only;
//! and the check every posting call makes: a suspended blog posts nothing.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::store;
use super::store::BlogFlag;
use crate::auth::session::CurrentUser;
use crate::blogs::lookup::blog_named;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, Query};
use crate::state::AppState;
use crate::store::Store;

/// The refusal for anyone who is not an administrator.
pub(super) const ADMINS_ONLY: &str = "Only administrators can do that.";
/// The refusal of anything a suspended blog tries to post.
pub(super) const SUSPENDED: &str = "This blog is suspended.";

/// The moderation routes.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/spam/toggle", post(toggle_spam))
        .route("/nsfw/toggle", post(toggle_nsfw))
        .route("/suspended/toggle", post(toggle_suspended))
        .route("/svc/admin/blog_flags", get(blog_flags))
}

/// The fields of the toggles.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
pub(super) struct ToggleForm {
    /// The blog whose flag flips (any blog).
    #[serde(default)]
    pub(super) tumblelog: String,
}

/// The blog's flags after the toggle.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ToggleAnswer {
    tumblelog: String,
    is_spam: bool,
    is_nsfw: bool,
    is_suspended: bool,
}

async fn toggle_spam(
    state: State<AppState>,
    user: CurrentUser,
    form: Form<ToggleForm>,
) -> ApiResult<ToggleAnswer> {
    toggle(state, user, form, BlogFlag::Spam).await
}

async fn toggle_nsfw(
    state: State<AppState>,
    user: CurrentUser,
    form: Form<ToggleForm>,
) -> ApiResult<ToggleAnswer> {
    toggle(state, user, form, BlogFlag::Nsfw).await
}

async fn toggle_suspended(
    state: State<AppState>,
    user: CurrentUser,
    form: Form<ToggleForm>,
) -> ApiResult<ToggleAnswer> {
    toggle(state, user, form, BlogFlag::Suspended).await
}

/// A blog's three flags as they are: the blog model carries only `is_nsfw`, and a toggle
/// that started from a guess would flip a suspended blog back on.
async fn blog_flags(
    State(app): State<AppState>,
    user: CurrentUser,
    Query(form): Query<ToggleForm>,
) -> ApiResult<ToggleAnswer> {
    admin_only(&app.store, user.user_id).await?;
    let blog = blog_named(&app.store, Some(user.user_id), &form.tumblelog).await?;
    let flags = store::blog_flags(&app.store, blog.id).await?;
    Ok(ok(ToggleAnswer {
        tumblelog: blog.name,
        is_spam: flags.is_spam,
        is_nsfw: flags.is_nsfw,
        is_suspended: flags.is_suspended,
    }))
}

async fn toggle(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<ToggleForm>,
    flag: BlogFlag,
) -> ApiResult<ToggleAnswer> {
    admin_only(&app.store, user.user_id).await?;
    let blog = blog_named(&app.store, Some(user.user_id), &form.tumblelog).await?;
    let flags = store::toggle_blog_flag(&app.store, blog.id, flag).await?;
    tracing::info!(admin = user.user_id, blog = %blog.name, flag = flag.name(), "moderation toggle");
    Ok(ok(ToggleAnswer {
        tumblelog: blog.name,
        is_spam: flags.is_spam,
        is_nsfw: flags.is_nsfw,
        is_suspended: flags.is_suspended,
    }))
}

/// Refuses anyone who is not an administrator: 403 `not_admin`. Every administrators' call
/// starts with it.
pub(crate) async fn admin_only(store: &Store, user_id: i64) -> Result<(), AppError> {
    if !store::is_admin(store, user_id).await? {
        return Err(AppError::forbidden(Code::NotAdmin, ADMINS_ONLY));
    }
    Ok(())
}

/// Refuses to post as a suspended blog: 403 `blog_suspended`.
pub(crate) async fn not_suspended(store: &Store, blog_id: i64) -> Result<(), AppError> {
    if store::blog_flags(store, blog_id).await?.is_suspended {
        return Err(AppError::forbidden(Code::BlogSuspended, SUSPENDED));
    }
    Ok(())
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<ToggleForm>();
    exports.add::<ToggleAnswer>();
}
