//! Reports to the moderators (spec 002: the share popover's flagging links, the blog's Flag,
//! the message controls' Flag): someone flags a post, a blog or a conversation with a reason,
//! and it waits in the administrators' queue until one of them resolves it. The rules (what
//! a reason is, how many a person may file, that flagging twice files once) and the queries.

use serde::Serialize;

use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// Why something is flagged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "snake_case")]
pub(crate) enum Reason {
    /// Spam: ads, scams, fake accounts.
    Spam,
    /// Harassment or hate aimed at someone.
    Harassment,
    /// Adult or sensitive content the blog does not mark.
    Sensitive,
    /// Anything else, said in the note.
    Other,
}

impl Reason {
    pub(crate) fn parse(text: &str) -> Option<Reason> {
        match text.trim() {
            "spam" => Some(Reason::Spam),
            "harassment" => Some(Reason::Harassment),
            "sensitive" => Some(Reason::Sensitive),
            "other" => Some(Reason::Other),
            _ => None,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Reason::Spam => "spam",
            Reason::Harassment => "harassment",
            Reason::Sensitive => "sensitive",
            Reason::Other => "other",
        }
    }
}

/// How an administrator closed a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "snake_case")]
pub(crate) enum Resolution {
    /// Nothing wrong found.
    Dismissed,
    /// Acted on (the blog marked or suspended, the post taken down).
    Actioned,
}

impl Resolution {
    pub(crate) fn parse(text: &str) -> Option<Resolution> {
        match text.trim() {
            "dismissed" => Some(Resolution::Dismissed),
            "actioned" => Some(Resolution::Actioned),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Resolution::Dismissed => "dismissed",
            Resolution::Actioned => "actioned",
        }
    }
}

/// Reports one person may file in an hour: enough for anyone reporting what they see, too few
/// to flood the moderators' queue.
pub(crate) const REPORTS_PER_HOUR: i64 = 30;
/// A note's length at most (characters).
pub(crate) const MAX_NOTE_CHARS: usize = 500;

/// What is reported: a blog, one of its posts, or a conversation with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Subject {
    Blog,
    Post(i64),
    Conversation(i64),
}

/// One report, as it is filed.
#[derive(Debug, Clone)]
pub(crate) struct NewReport<'a> {
    pub reporter_user_id: i64,
    /// The blog the reporter acted as.
    pub reporter_blog_id: i64,
    pub reported_blog_id: i64,
    pub subject: Subject,
    pub reason: Reason,
    pub note: &'a str,
}

/// Files `report`, unless its reporter already has an open report of the same thing (flagging
/// twice files once). Answers whether a new one was filed.
pub(crate) async fn file(store: &Store, report: &NewReport<'_>) -> sqlx::Result<bool> {
    let (post_id, conversation_id) = match report.subject {
        Subject::Blog => (None, None),
        Subject::Post(id) => (Some(id), None),
        Subject::Conversation(id) => (None, Some(id)),
    };
    // One statement, so two flags at once cannot both pass the check.
    // The post's summary is kept with the report, for when the post is gone.
    const SQL: &str = "INSERT INTO reports (reporter_user_id, reporter_blog_id, reported_blog_id, \
         post_id, conversation_id, reason, note, created_at, post_summary) \
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, \
         COALESCE((SELECT summary FROM posts WHERE id = $4), '') \
         WHERE NOT EXISTS (SELECT 1 FROM reports \
         WHERE reporter_user_id = $1 AND reported_blog_id = $3 AND resolved_at IS NULL \
         AND post_id IS NOT DISTINCT FROM $4 AND conversation_id IS NOT DISTINCT FROM $5)";
    let mut tx = store.begin().await?;
    let filed = with_tx!(tx, conn => sqlx::query(SQL)
        .bind(report.reporter_user_id).bind(report.reporter_blog_id).bind(report.reported_blog_id)
        .bind(post_id).bind(conversation_id).bind(report.reason.name()).bind(report.note)
        .bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(filed > 0)
}

/// Reports `reporter_user_id` filed since `since` (unix seconds).
pub(crate) async fn filed_since(
    store: &Store,
    reporter_user_id: i64,
    since: i64,
) -> sqlx::Result<i64> {
    const SQL: &str =
        "SELECT COUNT(*) FROM reports WHERE reporter_user_id = $1 AND created_at >= $2";
    let (count,): (i64,) = with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(reporter_user_id).bind(since).fetch_one(pool).await)?;
    Ok(count)
}

/// A report as the moderators' queue shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct ReportRow {
    pub id: i64,
    pub reason: String,
    pub note: String,
    pub created_at: i64,
    pub reporter: String,
    pub reported_blog: String,
    pub is_spam: bool,
    pub is_nsfw: bool,
    pub is_suspended: bool,
    pub post_id: Option<i64>,
    pub post_slug: Option<String>,
    /// The post's summary: as it is now, or as it was flagged when the post is gone.
    pub post_summary: Option<String>,
    /// The reported post was deleted since (the report stays).
    pub post_deleted: bool,
    pub conversation_id: Option<i64>,
    pub resolved_at: Option<i64>,
    pub resolution: Option<String>,
}

/// Selects reports with their blogs' names and flags and the post's summary; callers append
/// the WHERE clause.
macro_rules! report_select {
    ($($tail:literal)*) => {
        concat!(
            "SELECT r.id, r.reason, r.note, r.created_at, rb.name AS reporter, \
             b.name AS reported_blog, b.is_spam, b.is_nsfw, b.is_suspended, \
             r.post_id, p.slug AS post_slug, COALESCE(p.summary, r.post_summary) AS post_summary, \
             (r.post_id IS NOT NULL AND p.id IS NULL) AS post_deleted, r.conversation_id, \
             r.resolved_at, r.resolution \
             FROM reports r JOIN blogs rb ON rb.id = r.reporter_blog_id \
             JOIN blogs b ON b.id = r.reported_blog_id LEFT JOIN posts p ON p.id = r.post_id ",
            $($tail),*
        )
    };
}

/// The open reports after the report `after_id`, oldest first (the queue's order), at most
/// `limit`; `after_id` 0 starts at the oldest.
pub(crate) async fn open_reports(
    store: &Store,
    after_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<ReportRow>> {
    const SQL: &str =
        report_select!("WHERE r.resolved_at IS NULL AND r.id > $2 ORDER BY r.id LIMIT $1");
    with_pool!(store, pool => sqlx::query_as(SQL).bind(limit).bind(after_id).fetch_all(pool).await)
}

/// Where a page of resolved reports starts: after the report resolved at `resolved_at` with
/// `id`, in their order (the latest resolved first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ResolvedAfter {
    pub resolved_at: i64,
    pub id: i64,
}

impl ResolvedAfter {
    /// Before every report: the first page.
    pub(crate) const START: ResolvedAfter = ResolvedAfter {
        resolved_at: i64::MAX,
        id: i64::MAX,
    };
}

/// The resolved reports after `after`, the latest resolved first, at most `limit`.
pub(crate) async fn resolved_reports(
    store: &Store,
    after: ResolvedAfter,
    limit: i64,
) -> sqlx::Result<Vec<ReportRow>> {
    const SQL: &str = report_select!(
        "WHERE r.resolved_at IS NOT NULL          AND (r.resolved_at < $2 OR (r.resolved_at = $2 AND r.id < $3))          ORDER BY r.resolved_at DESC, r.id DESC LIMIT $1"
    );
    with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(limit).bind(after.resolved_at).bind(after.id).fetch_all(pool).await)
}

/// Closes the open report `id` as `resolution` by `admin_user_id`, with every other open
/// report of the same thing (a post flagged by ten people is one decision). Answers the
/// report, or `None` when there is no open report `id`.
pub(crate) async fn resolve(
    store: &Store,
    id: i64,
    resolution: Resolution,
    admin_user_id: i64,
) -> sqlx::Result<Option<ReportRow>> {
    const SAME: &str = "UPDATE reports SET resolved_at = $2, resolved_by = $3, resolution = $4 \
         WHERE resolved_at IS NULL AND (id = $1 OR id IN (SELECT o.id FROM reports o \
         JOIN reports r ON r.id = $1 WHERE o.resolved_at IS NULL \
         AND o.reported_blog_id = r.reported_blog_id \
         AND o.post_id IS NOT DISTINCT FROM r.post_id \
         AND o.conversation_id IS NOT DISTINCT FROM r.conversation_id))";
    const ONE: &str = report_select!("WHERE r.id = $1");
    let mut tx = store.begin().await?;
    let closed = with_tx!(&mut tx, conn => sqlx::query(SAME)
        .bind(id).bind(now_secs()).bind(admin_user_id).bind(resolution.name())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    if closed == 0 {
        return Ok(None);
    }
    let row: ReportRow =
        with_tx!(&mut tx, conn => sqlx::query_as(ONE).bind(id).fetch_one(conn).await)?;
    tx.commit().await?;
    Ok(Some(row))
}
