//! Asks and submissions (spec 002 §7 Post actions; 000 §3 Blog `asks`, `anonymous_asks`): a
//! question sent to a blog waits in its inbox as a note post in state `unapproved` ('0 3');
//! its owner answers it (`/answer`: it goes out as an answered note), or denies it
//! (`/deny_submission`: it is gone). `/approve_submission` sends out a submitted post that
//! waits the same way: another user's new post saved to the blog with `post[state]` '0 3'
//! (`composer/submission.rs`). `/svc/blog/asks` is where the owner turns asks on and off.

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::store;
use crate::auth::session::{CurrentUser, MaybeSession};
use crate::blogs;
use crate::blogs::lookup::{BlogField, acting_blog, blog_named, owned_blog};
use crate::composer::form::QUESTION_EMPTY;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, flag};
use crate::moderation::not_suspended;
use crate::posts;
use crate::posts::actions::{DeleteAnswer, delete_post, sent_out_message, wants_queue};
use crate::posts::model::{EditorType, PostContent, PostState};
use crate::posts::reblog::own_post;
use crate::posts::sanitize::{plain_text, post_html, text_only};
use crate::posts::store::PostWrite;
use crate::posts::view::PostView;
use crate::posts::view::{ContextTumblelog, post_view};
use crate::state::AppState;

/// The longest question, in characters (the spec names none; a question, not a post).
pub(crate) const MAX_QUESTION_CHARS: usize = 500;
/// The refusal of an answer with nothing in it.
pub(crate) const ANSWER_EMPTY: &str = "Post body empty.";
/// The refusal for a blog that takes no questions (from this asker).
pub(crate) const ASKS_OFF: &str = "This blog isn't taking questions.";
/// The refusal to answer, approve or deny what is not waiting in the inbox.
pub(crate) const NOT_IN_INBOX: &str = "That isn't waiting in your inbox.";

/// The ask routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/ask", post(ask))
        .route("/answer", post(answer))
        .route("/deny_submission", post(deny))
        .route("/approve_submission", post(approve))
        .route("/svc/blog/asks", post(set_asks))
}

/// The fields of `/svc/ask`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct AskForm {
    /// The blog asked.
    #[serde(default)]
    tumblelog: String,
    /// The question (plain text, at most 500 characters).
    #[serde(default)]
    question: String,
    /// A flag: ask without saying who (a visitor always does).
    anonymous: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct AskAnswer {
    /// The blog asked.
    tumblelog: String,
    anonymous: bool,
}

/// Sends a question. A signed-in user asks as the blog they act as, or anonymously where the
/// blog takes anonymous questions; a visitor only anonymously.
async fn ask(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Form(form): Form<AskForm>,
) -> ApiResult<AskAnswer> {
    let viewer = session.and_then(|s| s.user_id);
    let blog = blog_named(&app.store, viewer, &form.tumblelog).await?;
    let question = plain_text(&form.question);
    if question.is_empty() {
        return Err(AppError::bad_request(Code::InvalidPost, QUESTION_EMPTY));
    }
    if question.chars().count() > MAX_QUESTION_CHARS {
        return Err(AppError::bad_request(
            Code::InvalidPost,
            format!("A question can be at most {MAX_QUESTION_CHARS} characters."),
        ));
    }
    let anonymous = viewer.is_none() || flag(&form.anonymous);
    let allowed = blog.asks && (!anonymous || blog.anonymous_asks);
    if !allowed {
        return Err(AppError::forbidden(Code::AsksOff, ASKS_OFF));
    }
    let asker = match viewer {
        Some(user_id) => {
            if user_id == blog.user_id {
                return Err(AppError::forbidden(
                    Code::AsksOff,
                    "You can't ask your own blog.",
                ));
            }
            if blogs::blocks::blocked_any_blog_of(&app.store, blog.id, user_id).await? {
                return Err(AppError::forbidden(
                    Code::Blocked,
                    format!("You can't ask {}.", blog.name),
                ));
            }
            Some(acting_blog(&app.store, user_id).await?)
        }
        None => None,
    };
    let asking = if anonymous { None } else { asker.as_ref() };
    let content = PostContent::Note {
        ask: question,
        asking_name: asking.map(|b| b.name.clone()),
        answer: String::new(),
        caption: String::new(),
    };
    let mut write = PostWrite::new(blog.id, PostState::Unapproved, content);
    write.asked_by = asking.map(|b| b.id);
    posts::store::create_post(&app.store, &write).await?;
    Ok(ok(AskAnswer {
        tumblelog: blog.name,
        anonymous,
    }))
}

/// `/answer`'s fields: the question (`post_id`) and the answer (HTML, sanitised); the blog
/// fields name the asked blog as the client knows it.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
#[allow(dead_code)]
struct AnswerForm {
    /// The question waiting in your inbox.
    post_id: i64,
    /// The answer (HTML, sanitised as a post's).
    #[serde(default)]
    answer_text: String,
    /// The blog asked (accepted, not read).
    tumblelog: Option<String>,
    /// The question's key (accepted, not read).
    key: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct InboxAnswer {
    post: PostView,
    message: String,
    context_tumblelog: ContextTumblelog,
}

async fn answer(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<AnswerForm>,
) -> ApiResult<InboxAnswer> {
    let row = waiting(&app, user.user_id, form.post_id).await?;
    let PostContent::Note {
        ask, asking_name, ..
    } = row.content()
    else {
        return Err(AppError::bad_request(Code::InvalidPost, NOT_IN_INBOX));
    };
    let answer = post_html(form.answer_text.trim(), EditorType::Rich);
    if text_only(&answer).is_empty() && !answer.contains("<img") {
        return Err(AppError::invalid(
            Code::InvalidPost,
            vec![("answer_text".to_owned(), ANSWER_EMPTY.to_owned())],
        ));
    }
    not_suspended(&app.store, row.blog_id).await?;
    let content = PostContent::Note {
        ask,
        asking_name,
        answer,
        caption: String::new(),
    };
    store::answer(&app.store, row.id, &content).await?;
    inbox_answer(&app, &user, row.id, &row.blog_name, "Answered.".into()).await
}

/// The fields of `/deny_submission`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct DenyForm {
    /// The question or submission waiting in your inbox.
    pid: i64,
}

async fn deny(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<DenyForm>,
) -> ApiResult<DeleteAnswer> {
    let row = waiting(&app, user.user_id, form.pid).await?;
    delete_post(&app, &user, &row).await
}

/// The fields of `/approve_submission`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct ApproveForm {
    /// The submission waiting in your inbox.
    id: i64,
    /// `queue` to queue it instead of posting it now.
    queue: Option<String>,
}

async fn approve(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<ApproveForm>,
) -> ApiResult<InboxAnswer> {
    let row = waiting(&app, user.user_id, form.id).await?;
    if let PostContent::Note { answer, .. } = row.content()
        && answer.is_empty()
    {
        return Err(AppError::bad_request(
            Code::InvalidPost,
            "Answer the question to post it.",
        ));
    }
    not_suspended(&app.store, row.blog_id).await?;
    let queued = wants_queue(&form.queue);
    let state = if queued {
        PostState::Queued
    } else {
        PostState::Published
    };
    posts::store::publish_post(&app.store, row.id, row.blog_id, state).await?;
    let message = sent_out_message(&row.blog_name, queued);
    inbox_answer(&app, &user, row.id, &row.blog_name, message).await
}

/// One of the user's posts that waits in their inbox; anything else is refused.
async fn waiting(
    app: &AppState,
    user_id: i64,
    id: i64,
) -> Result<crate::posts::store::PostRow, AppError> {
    let row = own_post(&app.store, user_id, id).await?;
    if row.state() != PostState::Unapproved {
        return Err(AppError::bad_request(Code::InvalidPost, NOT_IN_INBOX));
    }
    Ok(row)
}

async fn inbox_answer(
    app: &AppState,
    user: &CurrentUser,
    id: i64,
    blog: &str,
    message: String,
) -> ApiResult<InboxAnswer> {
    let post = post_view(&app.store, id, Some(user.user_id)).await?;
    let blog = blog_named(&app.store, Some(user.user_id), blog).await?;
    Ok(ok(InboxAnswer {
        post,
        message,
        context_tumblelog: ContextTumblelog::of(&blog),
    }))
}

/// The fields of `/svc/blog/asks`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct AsksForm {
    /// Your blog.
    #[serde(default)]
    tumblelog: String,
    /// A flag: the blog takes questions (absent keeps its value).
    asks: Option<String>,
    /// A flag: it takes anonymous ones (absent keeps its value).
    anonymous_asks: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct AsksSettings {
    tumblelog: String,
    asks: bool,
    anonymous_asks: bool,
}

/// Turns a blog's asks (and anonymous asks) on or off; a field left out keeps its value.
/// Anonymous asks need asks on.
async fn set_asks(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<AsksForm>,
) -> ApiResult<AsksSettings> {
    let blog = owned_blog(
        &app.store,
        user.user_id,
        &form.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    let asks = form.asks.as_ref().map(|_| flag(&form.asks));
    let anonymous = form
        .anonymous_asks
        .as_ref()
        .map(|_| flag(&form.anonymous_asks));
    let (asks, anonymous) = update_asks(&app, user.user_id, &blog.name, asks, anonymous).await?;
    Ok(ok(AsksSettings {
        tumblelog: blog.name,
        asks,
        anonymous_asks: anonymous,
    }))
}

/// Sets one of the user's blogs' asks and anonymous asks; `None` keeps a value as it is, and
/// anonymous asks need asks on. Answers both as saved.
pub(crate) async fn update_asks(
    app: &AppState,
    user_id: i64,
    blog: &str,
    asks: Option<bool>,
    anonymous: Option<bool>,
) -> Result<(bool, bool), AppError> {
    let row = blog_named(&app.store, Some(user_id), blog).await?;
    let asks = asks.unwrap_or(row.asks);
    let anonymous = anonymous.unwrap_or(row.anonymous_asks) && asks;
    store::set_asks(&app.store, row.id, asks, anonymous).await?;
    Ok((asks, anonymous))
}

/// This file's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<AskForm>();
    exports.add::<AskAnswer>();
    exports.add::<AnswerForm>();
    exports.add::<InboxAnswer>();
    exports.add::<DenyForm>();
    exports.add::<ApproveForm>();
    exports.add::<AsksForm>();
    exports.add::<AsksSettings>();
}
