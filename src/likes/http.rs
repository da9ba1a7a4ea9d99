//! `POST /svc/like` and `POST /svc/unlike` (spec 002 §7 Post actions, §4 Post like).

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::{rules, store};
use crate::auth::session::CurrentUser;
use crate::error::{ApiResult, ok};
use crate::extract::Form;
use crate::notes;
use crate::state::AppState;

/// The like routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/like", post(like))
        .route("/svc/unlike", post(unlike))
}

/// The fields of both calls. `id` and `key` (the post's reblog key) drive them; the rest
/// are the spec's tracking fields, accepted so that clients may send them.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
#[allow(dead_code)]
struct LikeForm {
    /// The post.
    id: i64,
    /// The post's `reblog_key`.
    #[serde(default)]
    key: String,
    /// Tracking (accepted, not read).
    root_id: Option<String>,
    /// Tracking (accepted, not read).
    method: Option<String>,
    /// Tracking (accepted, not read).
    source: Option<String>,
    /// Tracking (accepted, not read).
    placement_id: Option<String>,
    /// Tracking (accepted, not read).
    is_recommended: Option<String>,
    /// Tracking (accepted, not read).
    pt: Option<String>,
}

/// The post as the user now sees it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct LikeAnswer {
    id: i64,
    liked: bool,
    /// The chain's note count after the call.
    note_count: i64,
    /// How many posts the user likes (the account menu's Likes count).
    liked_post_count: i64,
}

async fn like(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<LikeForm>,
) -> ApiResult<LikeAnswer> {
    let id = rules::like(&app.store, user.user_id, form.id, &form.key).await?;
    answer(&app, user.user_id, id).await
}

async fn unlike(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<LikeForm>,
) -> ApiResult<LikeAnswer> {
    let id = rules::unlike(&app.store, user.user_id, form.id, &form.key).await?;
    answer(&app, user.user_id, id).await
}

async fn answer(app: &AppState, user_id: i64, id: i64) -> ApiResult<LikeAnswer> {
    let state = notes::store::note_state(&app.store, Some(user_id), id).await?;
    Ok(ok(LikeAnswer {
        id,
        liked: state.liked,
        note_count: state.note_count,
        liked_post_count: store::liked_post_count(&app.store, user_id).await?,
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<LikeForm>();
    exports.add::<LikeAnswer>();
}
