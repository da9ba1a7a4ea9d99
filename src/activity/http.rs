//! `GET /svc/data/tumblelog`: a blog, and for its owner its activity (the sparkline and the
//! newest notifications, spec 000 §3 Blog). It lives with activity because it is the one call
//! that joins a blog with its activity, and activity builds on blogs, not the reverse.

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use dashwire_protocol::NotificationData;
use serde::{Deserialize, Serialize};

use super::model::{ActivityData, notification_data};
use crate::auth::session::MaybeSession;
use crate::blogs::model::BlogView;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Query, flag};
use crate::state::AppState;

/// The activity routes.
pub fn router() -> Router<AppState> {
    Router::new().route("/svc/data/tumblelog", get(tumblelog_data))
}

#[derive(Deserialize)]
struct TumblelogQuery {
    #[serde(default)]
    tumblelog: String,
    include_member_data: Option<String>,
    include_activity_data: Option<String>,
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
    let row = app
        .store
        .blog_by_name(name, viewer)
        .await?
        .ok_or_else(|| AppError::not_found(format!("There's no blog named '{name}'.")))?;
    let is_mine = viewer == Some(row.user_id);
    let wants_private = flag(&query.include_member_data)
        || flag(&query.include_activity_data)
        || flag(&query.include_activity_notifications);
    if wants_private && !is_mine {
        return Err(AppError::forbidden(
            Code::NotYourBlog,
            "Member and activity data are only for the blog's owner.",
        ));
    }
    let current = match viewer {
        Some(id) => app
            .store
            .user_by_id(id)
            .await?
            .and_then(|u| u.current_blog_id),
        None => None,
    };
    let mut answer = BlogWithActivity {
        blog: BlogView::of(&row, viewer, current),
        activity_data: None,
        activity_notifications: None,
    };
    if flag(&query.include_activity_data) {
        answer.activity_data = Some(ActivityData {
            sparkline: app.store.sparkline(row.id).await?,
        });
    }
    if flag(&query.include_activity_notifications) {
        let rows = app.store.notifications(row.id, NOTIFICATIONS_SHOWN).await?;
        answer.activity_notifications = Some(rows.into_iter().map(notification_data).collect());
    }
    Ok(ok(answer))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<super::model::ActivityData>();
    exports.add::<BlogWithActivity>();
}
