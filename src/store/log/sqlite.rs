//! The event log's record on SQLite, which has no data-modifying CTE: the seqs are taken in
//! one statement, then the rows written in one or two more. Through sqlx in the store's
//! transaction ([`record`]), or through rusqlite on the writer thread
//! ([`record_on_writer_thread`]); the same statements either way.

use dashwire_protocol::Event;

use super::recording::{
    Assigned, INSERT_EVENTS, NEXT_SEQS, NEXT_SEQS_TAIL, Published, REPLACE_STATE, Recording,
    UPSERT_STATES, one_group,
};
use crate::store::Topic;

/// [`super::record`] on SQLite, in the store's transaction through sqlx.
pub(super) async fn record(
    tx: &mut sqlx::SqliteConnection,
    recording: Recording,
) -> sqlx::Result<Vec<Published>> {
    let mut seqs = sqlx::QueryBuilder::new(NEXT_SEQS);
    seqs.push_values(recording.takes(), |mut row, (key, n)| {
        row.push_bind(key).push_bind(n);
    });
    seqs.push(NEXT_SEQS_TAIL);
    let assigned: Vec<(String, i64)> = seqs.build_query_as().fetch_all(&mut *tx).await?;
    let rows = recording.assign(&assigned)?;
    write_rows(tx, &rows).await?;
    Ok(one_group(rows.published))
}

/// Writes the rows of `rows` on SQLite through sqlx, their seqs taken: the events that stand
/// alone, then the newest of each state.
pub(in crate::store) async fn write_rows(
    tx: &mut sqlx::SqliteConnection,
    rows: &Assigned,
) -> sqlx::Result<()> {
    let (events, states) = rows.split();
    if !events.is_empty() {
        let mut insert = sqlx::QueryBuilder::new(INSERT_EVENTS);
        insert.push_values(&events, |mut row, r| {
            row.push_bind(r.key.as_str())
                .push_bind(r.seq)
                .push_bind(r.feed_seq)
                .push_bind(r.payload.as_str())
                .push_bind(rows.now);
        });
        insert.build().execute(&mut *tx).await?;
    }
    if !states.is_empty() {
        let mut upsert = sqlx::QueryBuilder::new(UPSERT_STATES);
        upsert.push_values(&states, |mut row, (r, state_key)| {
            row.push_bind(r.key.as_str())
                .push_bind(*state_key)
                .push_bind(r.seq)
                .push_bind(r.payload.as_str())
                .push_bind(rows.now);
        });
        upsert.push(REPLACE_STATE);
        upsert.build().execute(&mut *tx).await?;
    }
    Ok(())
}

/// [`super::record`] on the SQLite writer thread (`store/sqlite_writer.rs`), through rusqlite:
/// the same statements as [`record`], prepared once.
pub(crate) fn record_on_writer_thread(
    tx: &rusqlite::Transaction,
    pending: Vec<(Topic, Event)>,
) -> sqlx::Result<Vec<Published>> {
    if pending.is_empty() {
        return Ok(Vec::new());
    }
    let recording = Recording::new(vec![pending])?;
    let takes: Vec<(&str, i64)> = recording.takes().collect();
    let sql = format!(
        "{NEXT_SEQS}VALUES {}{NEXT_SEQS_TAIL}",
        placeholders(takes.len(), 2)
    );
    let assigned: Vec<(String, i64)> = (|| {
        let mut stmt = tx.prepare_cached(&sql)?;
        let params: Vec<&dyn rusqlite::ToSql> = takes
            .iter()
            .flat_map(|(key, n)| [key as &dyn rusqlite::ToSql, n as &dyn rusqlite::ToSql])
            .collect();
        let rows = stmt.query_map(params.as_slice(), |row| {
            Ok((row.get("channel")?, row.get("seq")?))
        })?;
        rows.collect::<rusqlite::Result<Vec<(String, i64)>>>()
    })()
    .map_err(to_sqlx_error)?;
    let rows = recording.assign(&assigned)?;
    let (events, states) = rows.split();
    let execute = |sql: String, params: Vec<&dyn rusqlite::ToSql>| {
        tx.prepare_cached(&sql)
            .and_then(|mut stmt| stmt.execute(params.as_slice()))
            .map_err(to_sqlx_error)
    };
    if !events.is_empty() {
        let sql = format!("{INSERT_EVENTS}VALUES {}", placeholders(events.len(), 5));
        let mut params: Vec<&dyn rusqlite::ToSql> = Vec::with_capacity(events.len() * 5);
        for r in &events {
            params.extend([
                &r.key as &dyn rusqlite::ToSql,
                &r.seq,
                &r.feed_seq,
                &r.payload,
                &rows.now,
            ]);
        }
        execute(sql, params)?;
    }
    if !states.is_empty() {
        let sql = format!(
            "{UPSERT_STATES}VALUES {}{REPLACE_STATE}",
            placeholders(states.len(), 5)
        );
        let mut params: Vec<&dyn rusqlite::ToSql> = Vec::with_capacity(states.len() * 5);
        for (r, state_key) in &states {
            params.extend([
                &r.key as &dyn rusqlite::ToSql,
                state_key,
                &r.seq,
                &r.payload,
                &rows.now,
            ]);
        }
        execute(sql, params)?;
    }
    Ok(one_group(rows.published))
}

/// `(?, ?), (?, ?)…`: `rows` groups of `columns` placeholders.
fn placeholders(rows: usize, columns: usize) -> String {
    let row = format!("({})", vec!["?"; columns].join(", "));
    vec![row; rows].join(", ")
}

/// A rusqlite error as the stores answer errors.
pub(crate) fn to_sqlx_error(err: rusqlite::Error) -> sqlx::Error {
    sqlx::Error::Protocol(format!("sqlite: {err}"))
}
