//! Queries for notifications.

use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// Days in the activity sparkline.
pub(crate) const SPARKLINE_DAYS: i64 = 30;

/// Selects notifications with the names of the notified blog and the blog they came from;
/// callers append the WHERE clause.
macro_rules! notification_select {
    ($($tail:literal)*) => {
        concat!(
            "SELECT n.id, n.blog_id, nb.name AS blog_name, n.type, n.created_at, n.is_read, \
             fb.name AS from_name, n.reply_text, \
             EXISTS (SELECT 1 FROM follows f WHERE f.user_id = nb.user_id AND f.blog_id = n.from_blog_id) AS is_friend, \
             n.post_id, p.type AS post_type, p.slug AS post_slug, pb.name AS post_blog, \
             p.summary AS post_summary, p.media_url AS post_media_url, p.state AS post_state, \
             (n.type = 'group_invite' AND EXISTS (SELECT 1 FROM group_invites gi \
              WHERE gi.blog_id = n.from_blog_id AND gi.invited_blog_id = n.blog_id)) AS invite_pending, \
             n.new_post_id, npb.name AS new_post_blog, np.slug AS new_post_slug \
             FROM notifications n JOIN blogs nb ON nb.id = n.blog_id LEFT JOIN blogs fb ON fb.id = n.from_blog_id \
             LEFT JOIN posts p ON p.id = n.post_id LEFT JOIN blogs pb ON pb.id = p.blog_id \
             LEFT JOIN posts np ON np.id = n.new_post_id LEFT JOIN blogs npb ON npb.id = np.blog_id ",
            $($tail),*
        )
    };
}

/// One notification by id; binds the id.
pub(super) const NOTIFICATION_BY_ID: &str = notification_select!("WHERE n.id = $1");

/// A notification with the blog it came from.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct NotificationRow {
    pub id: i64,
    pub blog_id: i64,
    pub blog_name: String,
    pub r#type: String,
    pub created_at: i64,
    pub is_read: bool,
    pub from_name: Option<String>,
    pub reply_text: String,
    /// Whether the notified blog's owner follows the blog the notification came from.
    pub is_friend: bool,
    /// The post it is about, with its type, slug and blog (for its address).
    pub post_id: Option<i64>,
    pub post_type: Option<String>,
    pub post_slug: Option<String>,
    pub post_blog: Option<String>,
    pub post_summary: Option<String>,
    pub post_media_url: Option<String>,
    pub post_state: Option<String>,
    /// A `group_invite` whose invitation still waits for an answer.
    pub invite_pending: bool,
    /// A reblog's new post, with its blog and slug (for its address), while it exists.
    pub new_post_id: Option<i64>,
    pub new_post_blog: Option<String>,
    pub new_post_slug: Option<String>,
}

impl NotificationRow {
    /// A row of [`NOTIFICATION_BY_ID`] (or any `notification_select!`) as the SQLite writer
    /// thread reads it through rusqlite, by column name as sqlx's `FromRow` reads it: a column
    /// the select renames or drops fails the writer-thread tests, never misreads.
    pub(crate) fn from_rusqlite(r: &rusqlite::Row<'_>) -> rusqlite::Result<NotificationRow> {
        Ok(NotificationRow {
            id: r.get("id")?,
            blog_id: r.get("blog_id")?,
            blog_name: r.get("blog_name")?,
            r#type: r.get("type")?,
            created_at: r.get("created_at")?,
            is_read: r.get("is_read")?,
            from_name: r.get("from_name")?,
            reply_text: r.get("reply_text")?,
            is_friend: r.get("is_friend")?,
            post_id: r.get("post_id")?,
            post_type: r.get("post_type")?,
            post_slug: r.get("post_slug")?,
            post_blog: r.get("post_blog")?,
            post_summary: r.get("post_summary")?,
            post_media_url: r.get("post_media_url")?,
            post_state: r.get("post_state")?,
            invite_pending: r.get("invite_pending")?,
            new_post_id: r.get("new_post_id")?,
            new_post_blog: r.get("new_post_blog")?,
            new_post_slug: r.get("new_post_slug")?,
        })
    }
}

/// The newest notifications of a blog, newest first.
pub async fn notifications(
    store: &Store,
    blog_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<NotificationRow>> {
    const SQL: &str = notification_select!("WHERE n.blog_id = $1 ORDER BY n.id DESC LIMIT $2");
    with_pool!(store, pool => sqlx::query_as(SQL).bind(blog_id).bind(limit).fetch_all(pool).await)
}

/// The notifications of a blog older than the notification `before_id`, newest first.
pub(crate) async fn notifications_before(
    store: &Store,
    blog_id: i64,
    before_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<NotificationRow>> {
    const SQL: &str =
        notification_select!("WHERE n.blog_id = $1 AND n.id < $2 ORDER BY n.id DESC LIMIT $3");
    with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(blog_id).bind(before_id).bind(limit).fetch_all(pool).await)
}

/// Notifications per day over the last [`SPARKLINE_DAYS`] days, oldest first; empty when
/// the blog has never had any activity.
pub async fn sparkline(store: &Store, blog_id: i64) -> sqlx::Result<Vec<i64>> {
    const ANY: &str = "SELECT COUNT(*) FROM notifications WHERE blog_id = $1";
    const SQL: &str = "SELECT created_at / 86400 AS day, COUNT(*) AS n FROM notifications \
         WHERE blog_id = $1 AND created_at >= $2 GROUP BY created_at / 86400";
    let (total,): (i64,) =
        with_pool!(store, pool => sqlx::query_as(ANY).bind(blog_id).fetch_one(pool).await)?;
    if total == 0 {
        return Ok(Vec::new());
    }
    let today = now_secs() / 86400;
    let first_day = today - (SPARKLINE_DAYS - 1);
    let per_day: Vec<(i64, i64)> = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(blog_id).bind(first_day * 86400).fetch_all(pool).await)?;
    let mut line = vec![0; SPARKLINE_DAYS as usize];
    for (day, n) in per_day {
        if let Some(slot) = line.get_mut((day - first_day) as usize) {
            *slot = n;
        }
    }
    Ok(line)
}

/// Marks every notification of the blog `blog_id` read, for its owner `user_id`, and records
/// the owner's new unread counts with it (every tab of theirs hears the badge go). Answers how
/// many were unread.
pub(crate) async fn mark_read(store: &Store, blog_id: i64, user_id: i64) -> sqlx::Result<u64> {
    const SQL: &str =
        "UPDATE notifications SET is_read = TRUE WHERE blog_id = $1 AND is_read = FALSE";
    let mut tx = store.begin().await?;
    let marked = with_tx!(&mut tx, conn => sqlx::query(SQL)
        .bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if marked > 0 {
        crate::unread::record_counts(&mut tx, &[user_id]);
    }
    tx.commit().await?;
    Ok(marked)
}
