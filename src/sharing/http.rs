//! The share popover's calls (spec 002 §7 Sharing): its model, the share calls each recorded
//! against the post, a share by email that sends real mail, and the outbox for
//! administrators.

use axum::Router;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::embed::embed_code;
use super::mail::{self, Delivery, MAILS_PER_HOUR, MAX_MESSAGE_CHARS, email_address, share_mail};
use super::store::{self, Network};
use crate::auth::session::{CurrentUser, MaybeSession};
use crate::blogs::blocks::blocked_any_blog_of;
use crate::blogs::lookup::acting_blog;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, Query, flag};
use crate::posts::model::PostState;
use crate::posts::store::{PostRow, post_row};
use crate::state::AppState;
use crate::store::now_secs;

/// Mail an administrator's outbox page lists.
const OUTBOX_PAGE: i64 = 100;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/share/popover", get(popover))
        .route("/svc/share/{network}", post(share))
        .route("/svc/facebook_status", post(facebook_status))
        .route("/svc/admin/outbox", get(outbox))
}

/// The query of `GET /svc/share/popover`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PopoverQuery {
    post_id: i64,
}

/// A share window of another network (spec 002 §7: its address, name and size).
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ShareWindow {
    url: String,
    name: String,
    width: u32,
    height: u32,
}

/// The share popover model (spec 002 §3).
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ShareModel {
    post_id: i64,
    root_id: i64,
    tumblelog_name: String,
    /// The post's address, whole (with the server's public address).
    post_url: String,
    /// The short form of it; this server has no short-link host, so the same address.
    post_tiny_url: String,
    permalink_label: String,
    is_private: bool,
    has_user: bool,
    /// No account of another network is connected here: Facebook shares open its window.
    has_facebook: bool,
    twitter_username: Option<String>,
    /// The code that embeds the post in another page (spec 000 §3's options).
    embed_code: String,
    embed_key: String,
    embed_did: String,
    show_email: bool,
    show_embed: bool,
    show_facebook: bool,
    show_permalink: bool,
    show_pinterest: bool,
    show_twitter: bool,
    show_reddit: bool,
    show_flagging: bool,
    show_reporting_links: bool,
    twitter_window: ShareWindow,
    facebook_window: ShareWindow,
    pinterest_share_window: ShareWindow,
    reddit_window: ShareWindow,
}

/// The fields of `POST /svc/share/{network}`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct ShareForm {
    post_id: Option<String>,
    /// The post's blog.
    tumblelog_name: Option<String>,
    /// A share by email: the recipient.
    email_address: Option<String>,
    /// A share by email: the sender's note (at most 255 characters).
    message: Option<String>,
    /// A share by email: replies go to the sender (1 or true).
    allow_reply_to: Option<String>,
    /// The popover fell back to a share window or a mail client (true).
    share_fallback: Option<String>,
}

/// What a share call did.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ShareAnswer {
    network: String,
    /// A share by email: the mail reached the SMTP server now. False: it waits in the outbox
    /// (no SMTP server is configured, or it failed for now and will be tried again).
    delivered: bool,
}

/// A mail of the outbox, for administrators.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct OutboxMail {
    id: i64,
    post_id: Option<i64>,
    to_address: String,
    reply_to: Option<String>,
    subject: String,
    body: String,
    created_at: i64,
    sent_at: Option<i64>,
    attempts: i64,
    last_error: String,
}

/// `GET /svc/admin/outbox`.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Outbox {
    /// Whether an SMTP server is configured (without one, every mail waits here).
    smtp: bool,
    mails: Vec<OutboxMail>,
}

/// A post others may share: out and public, and its blog has not blocked the sharer.
async fn shareable(app: &AppState, post_id: i64, viewer: Option<i64>) -> Result<PostRow, AppError> {
    let row = post_row(&app.store, post_id, viewer)
        .await?
        .filter(|row| row.state() == PostState::Published)
        .ok_or_else(|| AppError::not_found("No such post."))?;
    if let Some(user_id) = viewer
        && user_id != row.owner_id
        && blocked_any_blog_of(&app.store, row.blog_id, user_id).await?
    {
        return Err(AppError::forbidden(
            Code::Blocked,
            format!("You can't share {}'s posts.", row.blog_name),
        ));
    }
    Ok(row)
}

async fn popover(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<PopoverQuery>,
) -> ApiResult<ShareModel> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let row = shareable(&app, query.post_id, viewer).await?;
    let base = &app.config.public_url;
    let post_url = format!(
        "{base}{}",
        crate::paths::post_url(&row.blog_name, row.id, &row.slug)
    );
    let summary = crate::posts::summary::summary(&row.content(), &row.comment, row.is_reblog());
    let media = crate::posts::summary::media_url(&row.content());
    let media = if media.starts_with('/') {
        format!("{base}{media}")
    } else {
        media
    };
    let enc = |s: &str| url::form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
    let window = |url: String, name: &str, width: u32, height: u32| ShareWindow {
        url,
        name: name.into(),
        width,
        height,
    };
    Ok(ok(ShareModel {
        post_id: row.id,
        root_id: row.root_post_id.unwrap_or(row.id),
        embed_code: embed_code(base, &row),
        embed_key: row.reblog_key.clone(),
        embed_did: super::embed::embed_did(&row),
        twitter_window: window(
            format!(
                "https://twitter.com/intent/tweet?url={}&text={}",
                enc(&post_url),
                enc(&summary)
            ),
            "twitter",
            626,
            258,
        ),
        facebook_window: window(
            format!(
                "https://www.facebook.com/sharer/sharer.php?u={}",
                enc(&post_url)
            ),
            "facebook",
            626,
            436,
        ),
        pinterest_share_window: window(
            format!(
                "https://www.pinterest.com/pin/create/button/?url={}&media={}&description={}",
                enc(&post_url),
                enc(&media),
                enc(&summary)
            ),
            "pinterest",
            750,
            550,
        ),
        reddit_window: window(
            format!(
                "https://www.reddit.com/submit?url={}&title={}",
                enc(&post_url),
                enc(&summary)
            ),
            "reddit",
            860,
            600,
        ),
        post_tiny_url: post_url.clone(),
        post_url,
        permalink_label: "Permalink".into(),
        tumblelog_name: row.blog_name.clone(),
        is_private: false,
        has_user: viewer.is_some(),
        has_facebook: false,
        twitter_username: None,
        show_email: true,
        show_embed: true,
        show_facebook: true,
        show_permalink: true,
        show_pinterest: !media.is_empty(),
        show_twitter: true,
        show_reddit: true,
        // Flagging (POST /svc/post/flag) is for someone signed in, of another's post.
        show_flagging: viewer.is_some_and(|user_id| user_id != row.owner_id),
        show_reporting_links: false,
    }))
}

async fn share(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Path(network): Path<String>,
    Form(form): Form<ShareForm>,
) -> ApiResult<ShareAnswer> {
    let network = Network::parse(&network).ok_or_else(|| {
        AppError::not_found(format!("There is no way to share called '{network}'."))
    })?;
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let post_id = form
        .post_id
        .as_deref()
        .and_then(|id| id.trim().parse::<i64>().ok())
        .ok_or_else(|| {
            AppError::bad_request(Code::BadForm, "Say which post: post_id is its id.")
        })?;
    let row = shareable(&app, post_id, viewer).await?;
    if let Some(blog) = form.tumblelog_name.as_deref().map(str::trim)
        && !blog.is_empty()
        && blog != row.blog_name
    {
        return Err(AppError::not_found("No such post."));
    }
    let fallback = flag(&form.share_fallback);
    let answer = |delivered| {
        ok(ShareAnswer {
            network: network.name().into(),
            delivered,
        })
    };
    if network != Network::Email || fallback {
        // A window of another network, or the person's own mail client: recorded only.
        store::record_share(&app.store, row.id, viewer, network, fallback).await?;
        return Ok(answer(false));
    }
    let user_id = viewer.ok_or_else(AppError::not_logged_in)?;
    let to = email_address(form.email_address.as_deref().unwrap_or("")).ok_or_else(|| {
        AppError::invalid(
            Code::InvalidEmail,
            vec![(
                "email_address".into(),
                "Enter an email address like name@example.com.".into(),
            )],
        )
    })?;
    let message = form.message.unwrap_or_default();
    if message.chars().count() > MAX_MESSAGE_CHARS {
        return Err(AppError::invalid(
            Code::MessageTooLong,
            vec![(
                "message".into(),
                format!("The message can be at most {MAX_MESSAGE_CHARS} characters."),
            )],
        ));
    }
    if store::mail_since(&app.store, user_id, now_secs() - 3600).await? >= MAILS_PER_HOUR {
        return Err(AppError::too_many(
            Code::TooManyAttempts,
            format!(
                "You've shared by email {MAILS_PER_HOUR} times in the last hour. Try again later."
            ),
        ));
    }
    let sharer = acting_blog(&app.store, user_id).await?;
    let reply_to = if flag(&form.allow_reply_to) {
        crate::auth::store::user_by_id(&app.store, user_id)
            .await?
            .map(|user| user.email)
    } else {
        None
    };
    let base = &app.config.public_url;
    let link = format!(
        "{base}{}",
        crate::paths::post_url(&row.blog_name, row.id, &row.slug)
    );
    let mail = share_mail(
        &to,
        reply_to.as_deref(),
        &sharer.name,
        &row.blog_name,
        &link,
        &message,
    );
    let id = store::share_by_email(&app.store, row.id, user_id, &mail).await?;
    // The mail is safe in the outbox; try it now. A failure for now is retried later (the
    // person is told it was sent: it will be); a refusal for good is theirs to know.
    match mail::deliver(&app.store, &app.config.mail, id).await? {
        Delivery::Sent => Ok(answer(true)),
        Delivery::Kept | Delivery::Elsewhere | Delivery::Retrying(_) => Ok(answer(false)),
        Delivery::Refused(error) => Err(AppError::invalid(
            Code::InvalidEmail,
            vec![(
                "email_address".into(),
                format!("The mail server refused the mail for good: {error}"),
            )],
        )),
    }
}

/// No Facebook account can be connected here: the empty label sends the popover to
/// Facebook's share window (spec 002 §7).
async fn facebook_status() -> ApiResult<String> {
    Ok(ok(String::new()))
}

async fn outbox(State(app): State<AppState>, user: CurrentUser) -> ApiResult<Outbox> {
    crate::moderation::admin_only(&app.store, user.user_id).await?;
    let mails = store::outbox(&app.store, OUTBOX_PAGE)
        .await?
        .into_iter()
        .map(|row| OutboxMail {
            id: row.id,
            post_id: row.post_id,
            to_address: row.to_address,
            reply_to: row.reply_to,
            subject: row.subject,
            body: row.body,
            created_at: row.created_at,
            sent_at: row.sent_at,
            attempts: row.attempts,
            last_error: row.last_error,
        })
        .collect();
    Ok(ok(Outbox {
        smtp: app.config.mail.smtp_url.is_some(),
        mails,
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<PopoverQuery>();
    exports.add::<ShareWindow>();
    exports.add::<ShareModel>();
    exports.add::<ShareForm>();
    exports.add::<ShareAnswer>();
    exports.add::<OutboxMail>();
    exports.add::<Outbox>();
}
