//! The post actions of spec 002 §7 that act on a post already written: `/fast_reblog`,
//! `/svc/reply`, `/publish` and `/svc/post/delete`. Likes are their own feature (`likes/`).

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::model::PostState;
use super::reblog::{self, not_blocked, own_post, rebloggable};
use super::store;
use super::store::PostRow;
use super::view::PostView;
use super::view::{ContextTumblelog, post_view};
use crate::auth::session::CurrentUser;
use crate::blogs::lookup::{acting_blog, blog_named};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, flag};
use crate::moderation::not_suspended;
use crate::notes;
use crate::notes::store::NotedPost;
use crate::state::AppState;

/// The longest reply, in characters. The spec names no limit; this one keeps a reply a
/// reply (the server refuses longer, the form counts down to it).
pub(crate) const MAX_REPLY_CHARS: usize = 500;
/// The refusal of an empty reply.
pub(crate) const REPLY_EMPTY: &str = "Reply cannot be empty.";
/// The refusal of a reply to a post that takes none.
pub(crate) const REPLIES_OFF: &str = "This post doesn't take replies.";

/// Whether a `queue` field asks to queue: `queue` (as the spec's client sends it) or any
/// true flag.
pub(crate) fn wants_queue(queue: &Option<String>) -> bool {
    queue.as_deref() == Some("queue") || flag(queue)
}

/// The action routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/fast_reblog", post(fast_reblog))
        .route("/svc/reply", post(reply))
        .route("/publish", post(publish))
        .route("/svc/post/delete", post(delete))
}

/// `/fast_reblog`'s fields; `pt` is the spec's tracking field.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
#[allow(dead_code)]
struct FastReblogForm {
    /// The post to reblog.
    reblog_post_id: i64,
    /// Its `reblog_key`.
    #[serde(default)]
    reblog_key: String,
    /// `queue` (or any true value) queues the reblog instead of publishing it.
    queue: Option<String>,
    /// Tracking (accepted, not read).
    pt: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct FastReblogAnswer {
    /// The new reblog.
    post: PostView,
    /// The post reblogged: its `reblogged` is now true for this user.
    reblogged_post_id: i64,
    message: String,
}

async fn fast_reblog(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<FastReblogForm>,
) -> ApiResult<FastReblogAnswer> {
    let parent = rebloggable(
        &app.store,
        user.user_id,
        form.reblog_post_id,
        &form.reblog_key,
    )
    .await?;
    let blog = acting_blog(&app.store, user.user_id).await?;
    not_suspended(&app.store, blog.id).await?;
    let queued = wants_queue(&form.queue);
    let state = if queued {
        PostState::Queued
    } else {
        PostState::Published
    };
    let write = reblog::fast_reblog(&parent, blog.id, state)?;
    let id = store::create_post(&app.store, &write).await?;
    let post = post_view(&app.store, id, Some(user.user_id)).await?;
    let message = if queued {
        format!("Added to {}'s queue.", blog.name)
    } else {
        format!("Reblogged to {}.", blog.name)
    };
    Ok(ok(FastReblogAnswer {
        post,
        reblogged_post_id: parent.id,
        message,
    }))
}

/// `/svc/reply`'s fields: `post_id` and `reply_text` drive it; the blog fields name the
/// post's blog as the client knows it, and `source` is a tracking field.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
#[allow(dead_code)]
struct ReplyForm {
    /// The post replied to.
    post_id: i64,
    /// The reply (plain text, at most 500 characters).
    #[serde(default)]
    reply_text: String,
    /// The post's blog (accepted, not read).
    tumblelog: Option<String>,
    /// Tracking (accepted, not read).
    tumblelog_key: Option<String>,
    /// Tracking (accepted, not read).
    source: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ReplyAnswer {
    post_id: i64,
    /// The chain's note count with the reply.
    note_count: i64,
}

async fn reply(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<ReplyForm>,
) -> ApiResult<ReplyAnswer> {
    let post = match store::post_row(&app.store, form.post_id, Some(user.user_id)).await? {
        Some(row) if row.state() == PostState::Published => row,
        _ => return Err(AppError::not_found("No such post.")),
    };
    let text = form.reply_text.trim();
    if text.is_empty() {
        return Err(AppError::bad_request(Code::InvalidReply, REPLY_EMPTY));
    }
    if text.chars().count() > MAX_REPLY_CHARS {
        return Err(AppError::bad_request(
            Code::InvalidReply,
            format!("A reply can be at most {MAX_REPLY_CHARS} characters."),
        ));
    }
    if !post.allow_photo_replies {
        return Err(AppError::forbidden(Code::RepliesOff, REPLIES_OFF));
    }
    not_blocked(&app.store, user.user_id, &post, "reply to").await?;
    let via = acting_blog(&app.store, user.user_id).await?;
    not_suspended(&app.store, via.id).await?;
    notes::store::reply(
        &app.store,
        user.user_id,
        via.id,
        NotedPost::of(post.id, post.root_post_id),
        text,
    )
    .await?;
    let note_count = notes::store::note_state(&app.store, Some(user.user_id), post.id)
        .await?
        .note_count;
    Ok(ok(ReplyAnswer {
        post_id: post.id,
        note_count,
    }))
}

/// `/publish`'s fields: the post, and `queue` (`queue`) to queue it instead.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct PublishForm {
    /// One of your drafts, queued or scheduled posts.
    id: i64,
    /// `queue` to send it to the back of its blog's queue instead of out now.
    queue: Option<String>,
}

/// The refusal of a publish for a post that is neither a draft nor waiting in the queue.
pub(crate) const NOT_PUBLISHABLE: &str = "Only a draft or a queued post can be published.";

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PublishAnswer {
    post: PostView,
    message: String,
    /// The blog's counts after the move.
    context_tumblelog: ContextTumblelog,
    /// This published the writer's first post on any of their blogs (as the save answers it).
    first_post: bool,
}

async fn publish(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<PublishForm>,
) -> ApiResult<PublishAnswer> {
    let row = own_post(&app.store, user.user_id, form.id).await?;
    if !matches!(
        row.state(),
        PostState::Draft | PostState::Queued | PostState::Scheduled
    ) {
        return Err(AppError::bad_request(Code::InvalidPost, NOT_PUBLISHABLE));
    }
    not_suspended(&app.store, row.blog_id).await?;
    let queued = wants_queue(&form.queue);
    let state = if queued {
        PostState::Queued
    } else {
        PostState::Published
    };
    store::publish_post(&app.store, row.id, row.blog_id, state).await?;
    let post = post_view(&app.store, row.id, Some(user.user_id)).await?;
    let blog = blog_named(&app.store, Some(user.user_id), &row.blog_name).await?;
    let message = sent_out_message(&row.blog_name, queued);
    let first_post =
        !queued && store::is_users_first_post(&app.store, user.user_id, row.id).await?;
    Ok(ok(PublishAnswer {
        post,
        message,
        context_tumblelog: ContextTumblelog::of(&blog),
        first_post,
    }))
}

/// What a post sent out of the drafts or the inbox says: posted, or queued.
pub(crate) fn sent_out_message(blog: &str, queued: bool) -> String {
    if queued {
        format!("Added to {blog}'s queue.")
    } else {
        format!("Posted to {blog}.")
    }
}

/// `/svc/post/delete`'s fields: the post and the blog it is on.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct DeleteForm {
    /// One of your posts.
    post_id: i64,
    /// Its blog.
    #[serde(default)]
    channel_id: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct DeleteAnswer {
    id: i64,
    /// The blog's counts without the post.
    context_tumblelog: ContextTumblelog,
}

async fn delete(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<DeleteForm>,
) -> ApiResult<DeleteAnswer> {
    // Someone else's post answers 404, as editing it does.
    let row = own_post(&app.store, user.user_id, form.post_id).await?;
    let channel = form.channel_id.trim();
    if !channel.is_empty() && channel != row.blog_name {
        return Err(AppError::not_found("No such post."));
    }
    delete_post(&app, &user, &row).await
}

/// Deletes one of the user's posts (a deleted post, a denied question) and answers with its
/// blog's counts after.
pub(crate) async fn delete_post(
    app: &AppState,
    user: &CurrentUser,
    row: &PostRow,
) -> ApiResult<DeleteAnswer> {
    store::delete_post(&app.store, row.id).await?;
    let blog = blog_named(&app.store, Some(user.user_id), &row.blog_name).await?;
    Ok(ok(DeleteAnswer {
        id: row.id,
        context_tumblelog: ContextTumblelog::of(&blog),
    }))
}

/// This file's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<FastReblogForm>();
    exports.add::<FastReblogAnswer>();
    exports.add::<ReplyForm>();
    exports.add::<ReplyAnswer>();
    exports.add::<DeleteForm>();
    exports.add::<DeleteAnswer>();
    exports.add::<PublishForm>();
    exports.add::<PublishAnswer>();
}
