//! A notification on the SQLite writer thread (`store/sqlite_writer.rs`), through rusqlite:
//! its statements prepared once, in the batch the thread commits.

use dashwire_protocol::Event;

use super::{INSERT_NOTIFICATION, Notice, OWNER, notification_event};
use crate::activity::store::{NOTIFICATION_BY_ID, NotificationRow};
use crate::store::sqlite_writer::named;
use crate::store::{Topic, now_secs};

/// [`notify`](super::notify) on the SQLite writer thread.
pub fn notify_sqlite(
    tx: &rusqlite::Transaction,
    notice: Notice<'_>,
) -> rusqlite::Result<Vec<(Topic, Event)>> {
    let now = now_secs();
    let id: i64 = tx.prepare_cached(INSERT_NOTIFICATION)?.query_row(
        named(&[
            &notice.blog_id,
            &notice.kind,
            &notice.from_blog_id,
            &notice.post_id,
            &notice.reply_text,
            &now,
        ])
        .as_slice(),
        |r| r.get(0),
    )?;
    let row = tx
        .prepare_cached(NOTIFICATION_BY_ID)?
        .query_row(named(&[&id]).as_slice(), NotificationRow::from_sqlite)?;
    let owner: i64 = tx
        .prepare_cached(OWNER)?
        .query_row(named(&[&notice.blog_id]).as_slice(), |r| r.get(0))?;
    let mut events = vec![notification_event(row)];
    events.extend(crate::unread::events_sqlite(tx, &[owner])?);
    Ok(events)
}

impl NotificationRow {
    /// A row of the store's notification select, as the writer thread reads it.
    pub fn from_sqlite(r: &rusqlite::Row<'_>) -> rusqlite::Result<NotificationRow> {
        Ok(NotificationRow {
            id: r.get(0)?,
            blog_id: r.get(1)?,
            blog_name: r.get(2)?,
            r#type: r.get(3)?,
            created_at: r.get(4)?,
            is_read: r.get(5)?,
            from_name: r.get(6)?,
            reply_text: r.get(7)?,
            is_friend: r.get(8)?,
            post_id: r.get(9)?,
            post_type: r.get(10)?,
            post_slug: r.get(11)?,
            post_blog: r.get(12)?,
            post_summary: r.get(13)?,
            post_media_url: r.get(14)?,
            post_state: r.get(15)?,
        })
    }
}
