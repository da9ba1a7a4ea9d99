//! `POST /svc/post/flag`: the share popover's flagging link (spec 002 Share popover). Which
//! posts may be flagged is the posts' concern; the report itself, its reasons and limits are
//! moderation's (`moderation::reports`).

use axum::Router;
use axum::extract::State;
use axum::routing::post;

use super::model::PostState;
use super::store::post_row;
use crate::auth::session::CurrentUser;
use crate::error::{ApiResult, AppError, Code};
use crate::extract::Form;
use crate::moderation::reports::Subject;
use crate::moderation::{FlagForm, Flagged, flag};
use crate::state::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/svc/post/flag", post(flag_post))
}

async fn flag_post(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<FlagForm>,
) -> ApiResult<Flagged> {
    let id: i64 = form
        .post_id
        .trim()
        .parse()
        .map_err(|_| AppError::bad_request(Code::BadQuery, "post_id must be a number."))?;
    // What the reporter could see: a post that is out. A blog that blocked the reporter can
    // still be reported by them.
    let row = post_row(&app.store, id, Some(user.user_id))
        .await?
        .filter(|row| row.state() == PostState::Published)
        .ok_or_else(|| AppError::not_found("No such post."))?;
    if row.owner_id == user.user_id {
        return Err(AppError::bad_request(
            Code::OwnPost,
            "You can't flag your own posts.",
        ));
    }
    flag(&app, &user, row.blog_id, Subject::Post(row.id), &form).await
}
