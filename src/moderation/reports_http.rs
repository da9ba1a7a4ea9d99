//! Flagging a blog (`/svc/blog/flag`; a post's flag, `/svc/post/flag`, is the posts feature's
//! and comes through [`flag`]), and the administrators' queue of what was flagged
//! (`/svc/admin/reports`, `/svc/admin/reports/resolve`).

use axum::Router;
use axum::extract::{Query, State};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::admin_only;
use super::reports::{
    self, MAX_NOTE_CHARS, NewReport, REPORTS_PER_HOUR, Reason, ReportRow, Resolution,
    ResolvedAfter, Subject,
};
use crate::auth::session::CurrentUser;
use crate::blogs::lookup::{acting_blog, blog_named};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Form;
use crate::paths::post_url;
use crate::state::AppState;
use crate::store::now_secs;

/// Reports an administrator's page reads at once.
const QUEUE_PAGE: i64 = 100;

pub(super) const NO_REASON: &str = "Choose why you are flagging it.";
pub(super) const THANKS: &str = "Thanks for telling us. Our moderators will take a look.";

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/blog/flag", post(flag_blog))
        .route("/svc/admin/reports", get(queue))
        .route("/svc/admin/reports/resolve", post(resolve))
}

/// The fields of `/svc/post/flag` and `/svc/blog/flag`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
pub(crate) struct FlagForm {
    /// The post flagged (`/svc/post/flag`).
    #[serde(default)]
    pub post_id: String,
    /// The blog flagged (`/svc/blog/flag`).
    #[serde(default)]
    tumblelog: String,
    /// `spam`, `harassment`, `sensitive` or `other`.
    #[serde(default)]
    reason: String,
    /// What the reporter adds, at most 500 characters.
    #[serde(default)]
    note: String,
}

/// A flag's answer: it is with the moderators (flagging again changes nothing).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct Flagged {
    flagged: bool,
    message: String,
}

/// The reason and the note of `form`, checked.
fn reason_and_note(form: &FlagForm) -> Result<(Reason, String), AppError> {
    let reason = Reason::parse(&form.reason)
        .ok_or_else(|| AppError::bad_request(Code::BadReason, NO_REASON))?;
    let note = form.note.trim();
    if note.chars().count() > MAX_NOTE_CHARS {
        return Err(AppError::bad_request(
            Code::BadReason,
            format!("The note is at most {MAX_NOTE_CHARS} characters."),
        ));
    }
    if reason == Reason::Other && note.is_empty() {
        return Err(AppError::bad_request(
            Code::BadReason,
            "Say what is wrong in the note.",
        ));
    }
    // Kept as written: the queue shows it as text.
    Ok((reason, note.to_owned()))
}

/// Files a report of `subject` on `reported_blog_id` as the user's acting blog, within the
/// hourly limit, with the reason and note of `form`; the flag calls' answer.
pub(crate) async fn flag(
    app: &AppState,
    user: &CurrentUser,
    reported_blog_id: i64,
    subject: Subject,
    form: &FlagForm,
) -> ApiResult<Flagged> {
    let (reason, note) = reason_and_note(form)?;
    if reports::filed_since(&app.store, user.user_id, now_secs() - 3600).await? >= REPORTS_PER_HOUR
    {
        return Err(AppError::too_many(
            Code::TooManyAttempts,
            "You have flagged a lot in the last hour. Try again later.",
        ));
    }
    let reporter = acting_blog(&app.store, user.user_id).await?;
    let filed = reports::file(
        &app.store,
        &NewReport {
            reporter_user_id: user.user_id,
            reporter_blog_id: reporter.id,
            reported_blog_id,
            subject,
            reason,
            note: &note,
        },
    )
    .await?;
    if filed {
        tracing::info!(
            reporter = user.user_id,
            reported_blog_id,
            ?subject,
            reason = reason.name(),
            "report filed"
        );
    }
    Ok(ok(Flagged {
        flagged: true,
        message: THANKS.into(),
    }))
}

async fn flag_blog(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<FlagForm>,
) -> ApiResult<Flagged> {
    let blog = blog_named(&app.store, Some(user.user_id), &form.tumblelog).await?;
    if blog.user_id == user.user_id {
        return Err(AppError::bad_request(
            Code::OwnBlog,
            "You can't flag your own blogs.",
        ));
    }
    flag(&app, &user, blog.id, Subject::Blog, &form).await
}

/// The query of `/svc/admin/reports`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct QueueQuery {
    /// `open` (the default) or `resolved`.
    #[serde(default)]
    state: Option<String>,
    /// Where the page starts: the previous page's `next_cursor`; none for the first.
    #[serde(default)]
    cursor: Option<String>,
    /// Reports a page holds: 1 to 100, 100 when absent.
    limit: Option<i64>,
}

/// One report in the queue.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ReportView {
    id: i64,
    /// `post`, `blog` or `conversation`.
    kind: String,
    reason: String,
    note: String,
    created_at: i64,
    /// The blog the reporter acted as.
    reporter: String,
    blog: ReportedBlog,
    /// The post flagged, for a post's report.
    post: Option<ReportedPost>,
    conversation_id: Option<i64>,
    resolved_at: Option<i64>,
    resolution: Option<String>,
}

/// The blog a report is about, with its moderation flags as they are now.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ReportedBlog {
    name: String,
    is_spam: bool,
    is_nsfw: bool,
    is_suspended: bool,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ReportedPost {
    id: i64,
    post_url: String,
    summary: String,
    /// The post was deleted since it was flagged: `summary` is as it was then, and
    /// `post_url` leads nowhere.
    deleted: bool,
}

impl From<ReportRow> for ReportView {
    fn from(row: ReportRow) -> ReportView {
        let kind = match (row.post_id, row.conversation_id) {
            (Some(_), _) => "post",
            (None, Some(_)) => "conversation",
            (None, None) => "blog",
        };
        let post = row.post_id.map(|id| ReportedPost {
            id,
            post_url: post_url(
                &row.reported_blog,
                id,
                row.post_slug.as_deref().unwrap_or(""),
            ),
            summary: row.post_summary.clone().unwrap_or_default(),
            deleted: row.post_deleted,
        });
        ReportView {
            id: row.id,
            kind: kind.into(),
            reason: row.reason,
            note: row.note,
            created_at: row.created_at,
            reporter: row.reporter,
            blog: ReportedBlog {
                name: row.reported_blog,
                is_spam: row.is_spam,
                is_nsfw: row.is_nsfw,
                is_suspended: row.is_suspended,
            },
            post,
            conversation_id: row.conversation_id,
            resolved_at: row.resolved_at,
            resolution: row.resolution,
        }
    }
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ReportQueue {
    reports: Vec<ReportView>,
    /// The next page's `cursor`; null on the last page.
    next_cursor: Option<String>,
}

async fn queue(
    State(app): State<AppState>,
    user: CurrentUser,
    Query(query): Query<QueueQuery>,
) -> ApiResult<ReportQueue> {
    admin_only(&app.store, user.user_id).await?;
    let cursor = query
        .cursor
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let bad_cursor = || AppError::bad_request(Code::BadCursor, "That is not a page of reports.");
    let page = query.limit.unwrap_or(QUEUE_PAGE);
    if !(1..=QUEUE_PAGE).contains(&page) {
        return Err(AppError::bad_request(
            Code::BadQuery,
            format!("limit is 1 to {QUEUE_PAGE}."),
        ));
    }
    // One more than the page, to know whether another follows.
    let mut rows = match query.state.as_deref().unwrap_or("open") {
        "open" => {
            let after = match cursor {
                None => 0,
                Some(c) => c.parse().map_err(|_| bad_cursor())?,
            };
            reports::open_reports(&app.store, after, page + 1).await?
        }
        "resolved" => {
            let after = match cursor {
                None => ResolvedAfter::START,
                Some(c) => {
                    let (at, id) = c.split_once('.').ok_or_else(bad_cursor)?;
                    ResolvedAfter {
                        resolved_at: at.parse().map_err(|_| bad_cursor())?,
                        id: id.parse().map_err(|_| bad_cursor())?,
                    }
                }
            };
            reports::resolved_reports(&app.store, after, page + 1).await?
        }
        _ => {
            return Err(AppError::bad_request(
                Code::BadQuery,
                "state is open or resolved.",
            ));
        }
    };
    let more = rows.len() as i64 > page;
    rows.truncate(page as usize);
    let next_cursor = rows
        .last()
        .filter(|_| more)
        .map(|last| match last.resolved_at {
            Some(at) => format!("{at}.{}", last.id),
            None => last.id.to_string(),
        });
    Ok(ok(ReportQueue {
        reports: rows.into_iter().map(ReportView::from).collect(),
        next_cursor,
    }))
}

/// The fields of `/svc/admin/reports/resolve`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct ResolveForm {
    #[serde(default)]
    report_id: String,
    /// `dismissed` or `actioned`.
    #[serde(default)]
    resolution: String,
}

async fn resolve(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<ResolveForm>,
) -> ApiResult<ReportView> {
    admin_only(&app.store, user.user_id).await?;
    let id: i64 = form
        .report_id
        .trim()
        .parse()
        .map_err(|_| AppError::bad_request(Code::BadQuery, "report_id must be a number."))?;
    let resolution = Resolution::parse(&form.resolution).ok_or_else(|| {
        AppError::bad_request(Code::BadQuery, "resolution is dismissed or actioned.")
    })?;
    let row = reports::resolve(&app.store, id, resolution, user.user_id)
        .await?
        .ok_or_else(|| AppError::not_found("No such open report."))?;
    tracing::info!(admin = user.user_id, report = id, resolution = ?resolution, "report resolved");
    Ok(ok(ReportView::from(row)))
}

/// This file's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<Reason>();
    exports.add::<Resolution>();
    exports.add::<FlagForm>();
    exports.add::<Flagged>();
    exports.add::<QueueQuery>();
    exports.add::<ReportView>();
    exports.add::<ReportedBlog>();
    exports.add::<ReportedPost>();
    exports.add::<ReportQueue>();
    exports.add::<ResolveForm>();
}
