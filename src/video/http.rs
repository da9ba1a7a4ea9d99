//! The processing page's calls: how each held post's video is getting on, and another try
//! for one that failed. For the blog's owner only.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::jobs::{self, JobState, MAX_ATTEMPTS};
use super::worker::uploaded_video;
use crate::auth::session::CurrentUser;
use crate::blogs::lookup::{BlogField, writable_blog};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, Query};
use crate::posts::reblog::own_post;
use crate::posts::store as posts;
use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/video/processing", get(processing))
        .route("/svc/video/retry", post(retry))
}

/// The query of `GET /svc/video/processing`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct ProcessingQuery {
    /// One of your blogs.
    #[serde(default)]
    tumblelog: String,
}

/// A held post's video, as far as it got.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct VideoProgress {
    post_id: i64,
    /// `queued` (waiting for a worker, or for its next try), `running`, `done` (the post is
    /// about to go on) or `failed` (every try failed: `error` says why).
    state: JobState,
    /// Tries so far, of `max_attempts`.
    attempts: i64,
    max_attempts: i64,
    /// The last try's failure, if it failed; '' otherwise.
    error: String,
}

/// The answer of `GET /svc/video/processing`.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Processing {
    /// Whether this server processes videos (false: ffmpeg is not installed here).
    enabled: bool,
    /// The blog's held posts, oldest first.
    videos: Vec<VideoProgress>,
}

async fn processing(
    State(app): State<AppState>,
    user: CurrentUser,
    Query(query): Query<ProcessingQuery>,
) -> ApiResult<Processing> {
    let blog = writable_blog(
        &app.store,
        user.user_id,
        &query.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    let held: Vec<_> = posts::held_posts(&app.store)
        .await?
        .into_iter()
        .filter(|post| post.blog_id == blog.id)
        .collect();
    let keys: Vec<String> = held
        .iter()
        .filter_map(|post| uploaded_video(&post.content).map(str::to_owned))
        .collect();
    let found = jobs::of_media_keys(&app.store, &keys).await?;
    let videos = held
        .iter()
        .map(|post| {
            let job = uploaded_video(&post.content)
                .and_then(|key| found.iter().find(|job| job.media_key == key));
            VideoProgress {
                post_id: post.id,
                state: job.map_or(JobState::Queued, |j| j.state),
                attempts: job.map_or(0, |j| j.attempts),
                max_attempts: MAX_ATTEMPTS,
                error: job.map(|j| j.error.clone()).unwrap_or_default(),
            }
        })
        .collect();
    Ok(ok(Processing {
        enabled: app.config.video.ffmpeg.is_some(),
        videos,
    }))
}

/// The fields of `POST /svc/video/retry`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct RetryForm {
    /// A post of yours held for a video whose processing failed.
    #[serde(default)]
    post_id: String,
}

/// The answer of `POST /svc/video/retry`.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Retried {
    post_id: i64,
}

async fn retry(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<RetryForm>,
) -> ApiResult<Retried> {
    let id: i64 = form
        .post_id
        .trim()
        .parse()
        .map_err(|_| AppError::bad_request(Code::BadQuery, "Which post? (post_id)"))?;
    let row = own_post(&app.store, user.user_id, id).await?;
    let key = uploaded_video(&row.content())
        .map(str::to_owned)
        .filter(|_| row.state() == crate::posts::model::PostState::Transcoding)
        .ok_or_else(|| {
            AppError::bad_request(Code::BadQuery, "This post is not waiting for a video.")
        })?;
    if !jobs::retry(&app.store, &key).await? {
        return Err(AppError::bad_request(
            Code::BadQuery,
            "This video has not failed: it is still being processed.",
        ));
    }
    Ok(ok(Retried { post_id: id }))
}

#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<ProcessingQuery>();
    exports.add::<VideoProgress>();
    exports.add::<Processing>();
    exports.add::<RetryForm>();
    exports.add::<Retried>();
    exports.add::<JobState>();
}
