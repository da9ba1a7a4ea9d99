//! A notification in a sqlx transaction, on SQLite or PostgreSQL: written inside the change it
//! reports, whose commit publishes it.

use dashwire_protocol::Event;

use super::{INSERT_NOTIFICATION, Notice, OWNER, notification_event};
use crate::activity::store::{NOTIFICATION_BY_ID, NotificationRow};
use crate::store::{Topic, Tx, now_secs};
use crate::with_tx;

/// Writes a notification inside the open transaction of the change it reports, and returns
/// the events to record with it; the owner's unread counts are recorded as `tx` commits.
pub async fn notify(tx: &mut Tx, notice: Notice<'_>) -> sqlx::Result<Vec<(Topic, Event)>> {
    let (id,): (i64,) = with_tx!(tx, conn => sqlx::query_as(INSERT_NOTIFICATION)
        .bind(notice.blog_id).bind(notice.kind).bind(notice.from_blog_id).bind(notice.post_id)
        .bind(notice.reply_text).bind(now_secs())
        .fetch_one(conn).await)?;
    let row: NotificationRow = with_tx!(tx, conn =>
        sqlx::query_as(NOTIFICATION_BY_ID).bind(id).fetch_one(conn).await)?;
    let (owner,): (i64,) =
        with_tx!(tx, conn => sqlx::query_as(OWNER).bind(notice.blog_id).fetch_one(conn).await)?;
    crate::unread::record_counts(tx, &[owner]);
    Ok(vec![notification_event(row)])
}
