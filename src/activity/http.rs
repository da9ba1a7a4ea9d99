//! `GET /svc/data/tumblelog`: a blog, and for its owner its activity (the sparkline and the
//! newest notifications, spec 000 §3 Blog). It lives with activity because it is the one call
//! that joins a blog with its activity, and activity builds on blogs, not the reverse.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use dashwire_protocol::NotificationData;
use serde::{Deserialize, Serialize};

use super::model::{ActivityData, notification_data};
use super::store;
use crate::auth;
use crate::auth::session::{CurrentUser, MaybeSession};
use crate::blogs;
use crate::blogs::lookup::{BlogField, owned_blog};
use crate::blogs::model::{BlogView, OwnerCounts};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, Query, flag};
use crate::state::AppState;

/// The activity routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/data/tumblelog", get(tumblelog_data))
        .route("/svc/blog/activity", get(activity_history))
        .route("/svc/blog/activity/read", post(mark_read))
}

/// The fields of `GET /svc/data/tumblelog`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct TumblelogQuery {
    /// The blog.
    #[serde(default)]
    tumblelog: String,
    /// A flag: with the counts only the owner sees (your own blog only).
    include_member_data: Option<String>,
    /// A flag: with the activity sparkline (your own blog only).
    include_activity_data: Option<String>,
    /// A flag: with the newest notifications (your own blog only).
    include_activity_notifications: Option<String>,
}

/// The blog model with the owner's activity when asked for.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct BlogWithActivity {
    #[serde(flatten)]
    blog: BlogView,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    activity_data: Option<ActivityData>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    activity_notifications: Option<Vec<NotificationData>>,
}

/// How many notifications the account and activity menus get.
const NOTIFICATIONS_SHOWN: i64 = 50;

async fn tumblelog_data(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<TumblelogQuery>,
) -> ApiResult<BlogWithActivity> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let name = query.tumblelog.trim();
    if name.is_empty() {
        return Err(AppError::bad_request(
            Code::MissingTumblelog,
            "Say which blog: the tumblelog query parameter is required.",
        ));
    }
    let row = blogs::store::blog_by_name(&app.store, name, viewer)
        .await?
        .ok_or_else(|| AppError::not_found(format!("There's no blog named '{name}'.")))?;
    let is_mine = viewer == Some(row.user_id);
    // A group's members write it, so they read its member data too; its activity stays
    // its owner's.
    let is_member = row.member_role.is_some();
    let wants_activity =
        flag(&query.include_activity_data) || flag(&query.include_activity_notifications);
    if (wants_activity && !is_mine) || (flag(&query.include_member_data) && !is_mine && !is_member)
    {
        return Err(AppError::forbidden(
            Code::NotYourBlog,
            "Member and activity data are only for the blog's owner.",
        ));
    }
    let current = match viewer {
        Some(id) => auth::store::user_by_id(&app.store, id)
            .await?
            .and_then(|u| u.current_blog_id),
        None => None,
    };
    let mut answer = BlogWithActivity {
        blog: BlogView::of(&row, viewer, current),
        activity_data: None,
        activity_notifications: None,
    };
    // Member data: the counts only the owner sees (members, drafts, queue, processing,
    // unread). Without the flag the owner gets the blog as anyone else does.
    if !flag(&query.include_member_data) {
        answer.blog.owner = OwnerCounts::default();
    }
    if flag(&query.include_activity_data) {
        answer.activity_data = Some(ActivityData {
            sparkline: store::sparkline(&app.store, row.id).await?,
        });
    }
    if flag(&query.include_activity_notifications) {
        let rows = store::notifications(&app.store, row.id, NOTIFICATIONS_SHOWN).await?;
        answer.activity_notifications = Some(rows.into_iter().map(notification_data).collect());
    }
    Ok(ok(answer))
}

/// The fields of `GET /svc/blog/activity`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct HistoryQuery {
    /// Your blog.
    #[serde(default)]
    tumblelog: String,
    /// Notifications older than this notification id.
    before_id: Option<i64>,
    /// How many (default and at most 50).
    limit: Option<i64>,
}

/// A page of a blog's notification history.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ActivityHistory {
    notifications: Vec<NotificationData>,
    /// Whether older ones remain (ask again with `before_id` the last one's id).
    more: bool,
}

/// `/blog/{name}/activity`: every notification of one of the caller's blogs, a page at a
/// time, newest first; the page carries on below what the menus show.
async fn activity_history(
    State(app): State<AppState>,
    user: CurrentUser,
    Query(query): Query<HistoryQuery>,
) -> ApiResult<ActivityHistory> {
    let blog = owned_blog(
        &app.store,
        user.user_id,
        &query.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    let limit = query
        .limit
        .unwrap_or(NOTIFICATIONS_SHOWN)
        .clamp(1, NOTIFICATIONS_SHOWN);
    let before = query.before_id.unwrap_or(i64::MAX);
    // One more than asked says whether there are more.
    let mut rows = store::notifications_before(&app.store, blog.id, before, limit + 1).await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    Ok(ok(ActivityHistory {
        notifications: rows.into_iter().map(notification_data).collect(),
        more,
    }))
}

/// The fields of `POST /svc/blog/activity/read`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct MarkReadForm {
    /// Your blog.
    #[serde(default)]
    tumblelog: String,
}

/// What marking read changed.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct MarkedRead {
    tumblelog: String,
    /// How many notifications were unread.
    marked: u64,
}

/// The owner has seen the blog's activity (its popover or page opened): its notifications are
/// read, and the activity badge goes.
async fn mark_read(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<MarkReadForm>,
) -> ApiResult<MarkedRead> {
    let blog = owned_blog(
        &app.store,
        user.user_id,
        &form.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    let marked = store::mark_read(&app.store, blog.id, user.user_id).await?;
    Ok(ok(MarkedRead {
        tumblelog: blog.name,
        marked,
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<super::model::ActivityData>();
    exports.add::<TumblelogQuery>();
    exports.add::<BlogWithActivity>();
    exports.add::<HistoryQuery>();
    exports.add::<ActivityHistory>();
    exports.add::<MarkReadForm>();
    exports.add::<MarkedRead>();
}
