//! The spec's messaging calls: `/svc/conversations`, `/svc/conversations/messages` (GET and
//! POST), `/svc/conversations/participant_suggestions`.

use std::collections::HashMap;

use axum::Router;
use axum::extract::{FromRef, State};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::model::{
    Conversation, Link, Links, MessagePage, MessageRow, Participant, ParticipantRow,
};
use super::send::{NewMessage, SendError, Sender, Sends, Target};
use super::store;
use super::store::ConversationRow;
use crate::auth::session::CurrentUser;
use crate::blogs;
use crate::blogs::lookup::{BlogField, named_blog, not_yours, owned_blog};
use crate::blogs::store::BlogRef;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, PairsForm, PairsQuery, Query, list};
use crate::moderation::reports::{self, NewReport, Reason, Subject};
use crate::state::AppState;

/// Conversations per inbox page.
const CONVERSATIONS_PER_PAGE: i64 = 20;
/// Messages per page.
const MESSAGES_PER_PAGE: i64 = 50;
/// The longest message.
pub(super) const MAX_MESSAGE_CHARS: usize = 4096;
/// How many favourites the compose view may ask for (spec 000 §9: favorites limit 8).
const FAVORITES_LIMIT: i64 = 8;
/// How many search results.
const SEARCH_LIMIT: i64 = 10;

/// The messaging routes.
/// What the messaging routes read: the app's state and the message sends.
#[derive(Clone, FromRef)]
struct MessagingState {
    app: AppState,
    sends: Sends,
}

/// The messaging routes, sending through `sends`.
pub(crate) fn router(app: &AppState, sends: Sends) -> Router<AppState> {
    Router::new()
        .route("/svc/conversations", get(conversations))
        .route(
            "/svc/conversations/messages",
            get(messages).post(send_message),
        )
        .route(
            "/svc/conversations/participant_suggestions",
            get(participant_suggestions),
        )
        .route("/svc/conversations/delete", post(delete_conversation))
        .route("/svc/conversations/flag", post(flag_conversation))
        .with_state(MessagingState {
            app: app.clone(),
            sends,
        })
}

/// The fields of the message controls' calls (`/svc/conversations/delete` and `/flag`).
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct ControlsForm {
    /// The conversation (a number).
    #[serde(default)]
    conversation_id: String,
    /// Your blog in it: `{blog}.{host}` or `{blog}`.
    participant: Option<String>,
}

/// The caller's blog in the conversation the form names, and the conversation's id.
async fn controlled(
    app: &AppState,
    user: &CurrentUser,
    form: &ControlsForm,
) -> Result<(BlogRef, i64), AppError> {
    let blog = own_blog(app, user, form.participant.as_deref()).await?;
    let id = conversation_id(form.conversation_id.trim())?;
    store::conversation_as(&app.store, id, blog.id)
        .await?
        .ok_or_else(|| AppError::not_found("No such conversation for this blog."))?;
    Ok((blog, id))
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct DeletedConversation {
    conversation_id: i64,
    deleted: bool,
}

/// Message controls' Delete: the conversation goes for the caller's blog alone.
async fn delete_conversation(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<ControlsForm>,
) -> ApiResult<DeletedConversation> {
    let (blog, id) = controlled(&app, &user, &form).await?;
    if !store::clear_conversation(&app.store, id, blog.id).await? {
        return Err(AppError::not_found("No such conversation for this blog."));
    }
    Ok(ok(DeletedConversation {
        conversation_id: id,
        deleted: true,
    }))
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct FlaggedConversation {
    conversation_id: i64,
    flagged: bool,
}

/// Message controls' Flag: the conversation's other blogs are reported to the moderators.
async fn flag_conversation(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<ControlsForm>,
) -> ApiResult<FlaggedConversation> {
    let (blog, id) = controlled(&app, &user, &form).await?;
    let others: Vec<i64> = store::participants(&app.store, id)
        .await?
        .into_iter()
        .filter(|p| p.user_id != user.user_id)
        .map(|p| p.id)
        .collect();
    if others.is_empty() {
        return Err(AppError::bad_request(
            Code::OwnBlog,
            "You can't flag your own blogs.",
        ));
    }
    // Each of the other blogs is reported as spam, the Flag of the message controls (spec
    // 002), in the moderators' queue with every other report.
    for reported in others {
        let report = NewReport {
            reporter_user_id: user.user_id,
            reporter_blog_id: blog.id,
            reported_blog_id: reported,
            subject: Subject::Conversation(id),
            reason: Reason::Spam,
            note: "",
        };
        reports::file(&app.store, &report).await?;
    }
    Ok(ok(FlaggedConversation {
        conversation_id: id,
        flagged: true,
    }))
}

/// A `conversation_id` field's value.
fn conversation_id(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>().map_err(|_| {
        AppError::bad_request(Code::BadConversationId, "conversation_id must be a number.")
    })
}

/// The blog name of a `participant` value: `{blog}.{host}` or just `{blog}`.
fn blog_name_of(participant: &str) -> &str {
    participant.split('.').next().unwrap_or("").trim()
}

/// The caller's own blog named by `participant`.
async fn own_blog(
    app: &AppState,
    user: &CurrentUser,
    participant: Option<&str>,
) -> Result<BlogRef, AppError> {
    let name = blog_name_of(participant.unwrap_or(""));
    owned_blog(&app.store, user.user_id, name, BlogField::Participant).await
}

/// Any blog by a participant value.
async fn some_blog(app: &AppState, participant: &str) -> Result<BlogRef, AppError> {
    let name = blog_name_of(participant);
    blogs::store::blog_ref(&app.store, name)
        .await?
        .ok_or_else(|| {
            // Its own code: a conversation not started yet is a 404 too (not_found), which
            // the client shows as 'Hello'; a blog that is not there is an error.
            AppError::not_found_as(Code::NoSuchBlog, format!("There's no blog named '{name}'."))
        })
}

/// Builds a conversation as `row`'s blog sees it, with `messages` as its page.
async fn conversation_view(
    app: &AppState,
    row: &ConversationRow,
    messages: MessagePage,
) -> Result<Conversation, AppError> {
    let participants = store::participants(&app.store, row.id).await?;
    Ok(conversation_of(row, &participants, messages))
}

/// [`conversation_view`] from participants already at hand.
fn conversation_of(
    row: &ConversationRow,
    participants: &[ParticipantRow],
    messages: MessagePage,
) -> Conversation {
    Conversation {
        id: row.id,
        status: row.status.clone(),
        last_modified_ts: row.last_modified_ms / 1000,
        last_read_ts: row.last_read_ms / 1000,
        unread: row.last_modified_ms > row.last_read_ms,
        participants: participants.iter().map(|p| p.view()).collect(),
        messages,
    }
}

/// The fields of `GET /svc/conversations`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct ConversationsQuery {
    /// Your blog whose inbox it is: `{blog}.{host}` or `{blog}`.
    participant: Option<String>,
    /// The cursor of the next page: `{last_modified_ms}_{id}` (a `next` link carries it).
    before: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ConversationList {
    conversations: Vec<Conversation>,
    #[serde(rename = "_links")]
    links: Links,
}

async fn conversations(
    State(app): State<AppState>,
    user: CurrentUser,
    Query(query): Query<ConversationsQuery>,
) -> ApiResult<ConversationList> {
    let blog = own_blog(&app, &user, query.participant.as_deref()).await?;
    let before = match query.before.as_deref() {
        None | Some("") => None,
        Some(cursor) => Some(
            cursor
                .split_once('_')
                .and_then(|(ms, id)| Some((ms.parse().ok()?, id.parse().ok()?)))
                .ok_or_else(|| {
                    AppError::bad_request(Code::BadCursor, "That page link is not valid.")
                })?,
        ),
    };
    let rows = store::conversations_of(&app.store, blog.id, before, CONVERSATIONS_PER_PAGE).await?;
    // Three queries for the page, not two more per conversation.
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let mut participants: HashMap<i64, Vec<ParticipantRow>> = HashMap::new();
    for entry in store::participants_of_many(&app.store, &ids).await? {
        participants
            .entry(entry.conversation_id)
            .or_default()
            .push(entry.participant);
    }
    let mut last: HashMap<i64, MessageRow> = store::last_messages(&app.store, &ids)
        .await?
        .into_iter()
        .map(|message| (message.conversation_id, message))
        .collect();
    let list = rows
        .iter()
        .map(|row| {
            let page = MessagePage {
                data: last
                    .remove(&row.id)
                    .into_iter()
                    .map(|m| m.into_data())
                    .collect(),
                links: Links::default(),
            };
            let of_row = participants
                .get(&row.id)
                .map(Vec::as_slice)
                .unwrap_or_default();
            conversation_of(row, of_row, page)
        })
        .collect();
    let participant = query.participant.unwrap_or_default();
    let next = (rows.len() as i64 == CONVERSATIONS_PER_PAGE)
        .then(|| rows.last())
        .flatten()
        .map(|last| {
            Link::get(format!(
                "/svc/conversations?participant={}&before={}_{}",
                urlencode(&participant),
                last.last_modified_ms,
                last.id
            ))
        });
    Ok(ok(ConversationList {
        conversations: list,
        links: Links {
            next,
            previous: None,
        },
    }))
}

fn urlencode(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct MessagesAnswer {
    conversation: Conversation,
    messages: MessagePage,
}

/// The fields of `GET /svc/conversations/messages`: a conversation by its id, or by its
/// blogs for one that may not have started yet.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct MessagesQuery {
    /// Your blog in the conversation: `{blog}.{host}` or `{blog}`.
    participant: Option<String>,
    /// The conversation (a number).
    conversation_id: Option<String>,
    /// The other blogs, for a conversation by its blogs: each repeated (`participants[]=`,
    /// or `participants=`) or comma-separated.
    participants: Option<Vec<String>>,
    /// Older messages than this message id.
    before: Option<String>,
}

async fn messages(
    State(app): State<AppState>,
    user: CurrentUser,
    PairsQuery(query): PairsQuery<MessagesQuery>,
) -> ApiResult<MessagesAnswer> {
    let participant = query.participant.as_deref().unwrap_or("");
    let blog = own_blog(&app, &user, Some(participant)).await?;
    let conversation_id = match query.conversation_id.as_deref().filter(|v| !v.is_empty()) {
        Some(id) => conversation_id(id)?,
        None => {
            let others = list(query.participants);
            if others.is_empty() {
                return Err(AppError::bad_request(
                    Code::MissingConversation,
                    "Say which conversation: conversation_id, or participants for a new one.",
                ));
            }
            let mut ids = named_blogs(&app, &others).await?;
            if ids.iter().all(|&id| id == blog.id) {
                return Err(no_recipient());
            }
            ids.push(blog.id);
            // No conversation yet: a 404 the client reads as "new conversation".
            store::conversation_of_blogs(&app.store, &ids)
                .await?
                .ok_or_else(|| {
                    AppError::not_found("There is no conversation between these blogs yet.")
                })?
        }
    };
    let mut row = store::conversation_as(&app.store, conversation_id, blog.id)
        .await?
        .ok_or_else(|| AppError::not_found("No such conversation for this blog."))?;
    // Reading marks it read. Checked on a read connection first: the 2 s poll asks this
    // over and over, and only a change needs the (single, on SQLite) writer.
    if row.last_modified_ms > row.last_read_ms {
        store::mark_read(&app.store, conversation_id, blog.id).await?;
        row.last_read_ms = row.last_modified_ms;
    }
    let before =
        match query.before.as_deref().filter(|v| !v.is_empty()) {
            Some(v) => Some(v.parse::<i64>().map_err(|_| {
                AppError::bad_request(Code::BadCursor, "before must be a message id.")
            })?),
            None => None,
        };
    let rows = store::messages(
        &app.store,
        conversation_id,
        before,
        row.cleared_ms,
        MESSAGES_PER_PAGE,
    )
    .await?;
    let next = (rows.len() as i64 == MESSAGES_PER_PAGE)
        .then(|| rows.first())
        .flatten()
        .map(|oldest| {
            Link::get(format!(
                "/svc/conversations/messages?conversation_id={conversation_id}&participant={}&before={}",
                urlencode(participant),
                oldest.id
            ))
        });
    let page = MessagePage {
        data: rows.into_iter().map(|m| m.into_data()).collect(),
        links: Links {
            next,
            previous: None,
        },
    };
    let conversation = conversation_view(&app, &row, MessagePage::empty()).await?;
    Ok(ok(MessagesAnswer {
        conversation,
        messages: page,
    }))
}

/// The blogs a new conversation's `participants` name (the sender's own among them or not:
/// the send adds it, and refuses when no one else is left).
async fn named_blogs(app: &AppState, names: &[String]) -> Result<Vec<i64>, AppError> {
    let mut ids = Vec::with_capacity(names.len());
    for name in names {
        ids.push(some_blog(app, name).await?.id);
    }
    Ok(ids)
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct SentAnswer {
    conversation_id: i64,
    message: dashwire_protocol::MessageData,
    conversation: Conversation,
}

/// The fields of `POST /svc/conversations/messages`: a message to a conversation by its id,
/// or to blogs, which starts their conversation when they have none.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct SendForm {
    /// Your blog that sends it: `{blog}.{host}` or `{blog}`.
    participant: Option<String>,
    /// The text (at most 4096 characters).
    message: Option<String>,
    /// `TEXT` (when absent), the one type that can be sent.
    r#type: Option<String>,
    /// The conversation (a number).
    conversation_id: Option<String>,
    /// The blogs it goes to, for a new conversation: each repeated (`participants[]=`, or
    /// `participants=`) or comma-separated.
    participants: Option<Vec<String>>,
    /// When the client sent it (milliseconds); accepted, not read: the server stamps it.
    #[allow(dead_code)]
    ts: Option<String>,
}

async fn send_message(
    State(app): State<AppState>,
    State(sends): State<Sends>,
    user: CurrentUser,
    PairsForm(form): PairsForm<SendForm>,
) -> ApiResult<SentAnswer> {
    // The sender is resolved, and checked to be the user's and to take messages, in the
    // send's own transaction: a send reads nothing before it.
    let sender = named_blog(
        blog_name_of(form.participant.as_deref().unwrap_or("")),
        BlogField::Participant,
    )?;
    let body = form.message.as_deref().unwrap_or("").trim().to_owned();
    if body.is_empty() {
        return Err(AppError::bad_request(
            Code::EmptyMessage,
            "Message cannot be empty.",
        ));
    }
    if body.chars().count() > MAX_MESSAGE_CHARS {
        return Err(AppError::bad_request(
            Code::MessageTooLong,
            format!("Messages are at most {MAX_MESSAGE_CHARS} characters."),
        ));
    }
    let kind = form
        .r#type
        .as_deref()
        .filter(|t| !t.is_empty())
        .unwrap_or("TEXT")
        .to_uppercase();
    if kind != "TEXT" {
        return Err(AppError::bad_request(
            Code::BadType,
            "Only TEXT messages can be sent.",
        ));
    }
    // Who may send where is checked in the send's own transaction (SendError).
    let target = match form.conversation_id.as_deref().filter(|v| !v.is_empty()) {
        Some(id) => Target::Existing(conversation_id(id)?),
        None => {
            let others = list(form.participants);
            if others.is_empty() {
                return Err(no_recipient());
            }
            Target::Blogs(named_blogs(&app, &others).await?)
        }
    };
    let message = NewMessage {
        target,
        sender: Sender {
            user_id: user.user_id,
            blog: sender.to_owned(),
        },
        body,
        r#type: kind,
    };
    let sent = sends.send(message).await.map_err(|err| match err {
        SendError::NotYourBlog => not_yours(sender),
        SendError::SenderCannotMessage => AppError::forbidden(
            Code::MessagingDisabled,
            format!("Messaging is not enabled for {sender}."),
        ),
        SendError::NoRecipient => no_recipient(),
        SendError::NotParticipant => AppError::not_found("No such conversation for this blog."),
        SendError::MessagingDisabled => AppError::forbidden(
            Code::MessagingDisabled,
            "This blog does not have messaging enabled.",
        ),
        SendError::Blocked => AppError::forbidden(Code::Blocked, "You can't message this blog."),
        SendError::Db(err) => err.into(),
    })?;
    let conversation =
        conversation_of(&sent.conversation, &sent.participants, MessagePage::empty());
    Ok(ok(SentAnswer {
        conversation_id: sent.message.conversation_id,
        message: sent.message.into_data(),
        conversation,
    }))
}

/// The refusal of a message to no one but the sender.
fn no_recipient() -> AppError {
    AppError::bad_request(Code::NoRecipient, "Say who the message is for.")
}

/// The fields of `GET /svc/conversations/participant_suggestions`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct SuggestionsQuery {
    /// Blogs whose names start with this; without it, the favorites.
    q: Option<String>,
    /// How many favorites (at most 8).
    limit: Option<i64>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Suggestions {
    blogs: Vec<Participant>,
}

async fn participant_suggestions(
    State(app): State<AppState>,
    user: CurrentUser,
    Query(query): Query<SuggestionsQuery>,
) -> ApiResult<Suggestions> {
    let q = query
        .q
        .as_deref()
        .map(str::trim)
        .unwrap_or("")
        .to_lowercase();
    let rows = if q.is_empty() {
        let limit = query
            .limit
            .unwrap_or(FAVORITES_LIMIT)
            .clamp(1, FAVORITES_LIMIT);
        store::favorite_participants(&app.store, user.user_id, limit).await?
    } else {
        store::search_participants(&app.store, blog_name_of(&q), user.user_id, SEARCH_LIMIT).await?
    };
    Ok(ok(Suggestions {
        blogs: rows.iter().map(|r| r.view()).collect(),
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<super::model::Participant>();
    exports.add::<super::model::Theme>();
    exports.add::<super::model::Conversation>();
    exports.add::<ControlsForm>();
    exports.add::<ConversationsQuery>();
    exports.add::<MessagesQuery>();
    exports.add::<SendForm>();
    exports.add::<SuggestionsQuery>();
    exports.add::<DeletedConversation>();
    exports.add::<FlaggedConversation>();
    exports.add::<super::model::MessagePage>();
    exports.add::<super::model::Links>();
    exports.add::<super::model::Link>();
    exports.add::<ConversationList>();
    exports.add::<MessagesAnswer>();
    exports.add::<SentAnswer>();
    exports.add::<Suggestions>();
}
