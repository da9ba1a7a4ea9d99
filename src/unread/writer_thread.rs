//! The unread event on the SQLite writer thread (`store/sqlite_writer.rs`), through rusqlite.

use dashwire_protocol::Event;

use super::{CountRow, UNREAD_COUNTS_OF, UNREAD_COUNTS_TAIL, distinct, events_from};
use crate::store::Topic;

/// [`events`](super::events) on the SQLite writer thread.
pub fn events_sqlite(
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
        .query_map(rusqlite::params_from_iter(&users), |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })?
        .collect::<rusqlite::Result<Vec<CountRow>>>()?;
    Ok(events_from(&users, &rows))
}
