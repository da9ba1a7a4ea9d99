//! A notification on the SQLite writer thread (`store/sqlite_writer.rs`), through rusqlite:
//! its statements prepared once, in the batch the thread commits. The same statements as
//! [`super::notify`]'s, and the same events.

use dashwire_protocol::Event;

use super::{INSERT_NOTIFICATION, Notice, OWNER, notification_event};
use crate::activity::store::{NOTIFICATION_BY_ID, NotificationRow};
use crate::store::sqlite_writer::named;
use crate::store::{Topic, now_secs};

/// [`super::notify`] on the SQLite writer thread.
pub(crate) fn notify(
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
            &notice.new_post_id,
        ])
        .as_slice(),
        |r| r.get(0),
    )?;
    let row = tx
        .prepare_cached(NOTIFICATION_BY_ID)?
        .query_row(named(&[&id]).as_slice(), NotificationRow::from_rusqlite)?;
    let owner: i64 = tx
        .prepare_cached(OWNER)?
        .query_row(named(&[&notice.blog_id]).as_slice(), |r| r.get(0))?;
    let mut events = vec![notification_event(row)];
    events.extend(crate::unread::sqlite::events(tx, &[owner])?);
    Ok(events)
}
