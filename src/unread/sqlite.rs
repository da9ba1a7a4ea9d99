//! The unread event on the SQLite writer thread (`store/sqlite_writer.rs`), through rusqlite:
//! the count of `mod.rs`, read in the batch the thread commits.

use dashwire_protocol::Event;

use super::counts::{CountRow, UNREAD_COUNTS_OF, UNREAD_COUNTS_TAIL, distinct, events_from};
use crate::store::Topic;

/// Each user's `unread` event with their counts as the writer thread's transaction has them.
pub(crate) fn events(
    tx: &rusqlite::Transaction,
    user_ids: &[i64],
) -> rusqlite::Result<Vec<(Topic, Event)>> {
    let users = distinct(user_ids);
    if users.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "{UNREAD_COUNTS_OF}{}{UNREAD_COUNTS_TAIL}",
        vec!["?"; users.len()].join(", ")
    );
    let mut stmt = tx.prepare_cached(&sql)?;
    let rows = stmt
        .query_map(rusqlite::params_from_iter(&users), CountRow::from_rusqlite)?
        .collect::<rusqlite::Result<Vec<CountRow>>>()?;
    Ok(events_from(&users, &rows))
}
