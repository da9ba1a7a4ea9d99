//! The blog calls: `/order`, `/svc/blogs/explore`, `/svc/blog/messaging`, and avatars.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::avatar::avatar;
use super::lookup::{BlogField, owned_blog};
use super::model::{BlogView, UserBlog};
use super::store;
use crate::auth;
use crate::auth::session::{CurrentUser, MaybeSession};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, Query};
use crate::state::AppState;

/// The blog routes.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/order", post(order))
        .route("/svc/blogs/explore", get(explore))
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
pub(crate) struct BlogList {
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
    exports.add::<MessagingForm>();
    exports.add::<BlogList>();
}
