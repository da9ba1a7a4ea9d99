//! States a transaction records as it commits, read once their channels' rows are held.
//!
//! Most events report what their own change wrote. A few carry a state that sums what many
//! changes write, as a user's unread counts do (every conversation and notification of the
//! user's blogs). On PostgreSQL two transactions may change what one such state sums at once
//! (two nodes' batches of sends into two conversations of one user; a read beside a send), and
//! under READ COMMITTED each sees only what had committed when it read. Read before its
//! channel's row is taken, the state that takes the later seq may miss the change that took
//! the earlier one, and the log's newest event for that state, the one a reader keeps, stays
//! one change behind until the next.
//!
//! So such a state is read after its seq is taken: the upsert of its channel's row holds that
//! row until commit, so every transaction that took an earlier seq of the channel has
//! committed by then, and a statement that starts after it sees what they wrote. Why at the
//! commit, last, rather than with the change's other events: a transaction takes these rows
//! only here, in one statement in topic order, and holds no other lock it takes after them,
//! so two transactions waiting on each other's state rows is impossible (a state row taken
//! in the middle of a transaction that records again after it would not be).

use dashwire_protocol::Event;
use futures_util::future::BoxFuture;

use super::log::{self, NEXT_SEQS, NEXT_SEQS_TAIL, Recording, replace_state};
use super::{Published, Topic, TxConn};

/// A state whose events its transaction reads as it commits ([`super::Tx::record_at_commit`]).
pub(crate) trait ReadAtCommit: Send + Sync {
    /// The topics it reads an event for, one each.
    fn topics(&self) -> Vec<Topic>;

    /// Their events, one for each of [`ReadAtCommit::topics`], read in the transaction, which
    /// holds their channels' rows.
    fn read<'a>(&'a self, conn: &'a mut TxConn)
    -> BoxFuture<'a, sqlx::Result<Vec<(Topic, Event)>>>;
}

/// Takes the seqs of every topic of `reads`, then reads their events and writes them with
/// those seqs: what [`super::Tx::commit`] records before it commits. Three statements, for
/// any number of states (two when the log keeps no row of them).
pub(super) async fn record(
    conn: &mut TxConn,
    reads: &[Box<dyn ReadAtCommit>],
) -> sqlx::Result<Vec<Published>> {
    let topics: Vec<Topic> = reads.iter().flat_map(|read| read.topics()).collect();
    if topics.is_empty() {
        return Ok(Vec::new());
    }
    let takes = log::takes_of(topics);
    let assigned = take(conn, &takes).await?;
    let mut events = Vec::with_capacity(takes.len());
    for read in reads {
        events.extend(read.read(conn).await?);
    }
    let recording = Recording::new(vec![events])?;
    let read_for: Vec<(&str, i64)> = recording.takes().collect();
    let taken_for: Vec<(&str, i64)> = takes.iter().map(|(key, n)| (key.as_str(), *n)).collect();
    if read_for != taken_for {
        return Err(sqlx::Error::Protocol(format!(
            "states read at commit for {read_for:?}, seqs taken for {taken_for:?}"
        )));
    }
    let rows = recording.assign(&assigned)?;
    write(conn, &rows).await?;
    Ok(log::one_group(rows.published))
}

/// [`NEXT_SEQS`] on PostgreSQL over arrays, one text for any number of channels (prepared
/// once); `unnest` yields them in the order given, so they are locked in topic order.
const TAKE_POSTGRES: &str = "INSERT INTO channel_seqs (channel, seq) \
     SELECT * FROM unnest($1::text[], $2::bigint[]) \
     ON CONFLICT (channel) DO UPDATE SET seq = channel_seqs.seq + excluded.seq \
     RETURNING channel, seq";

/// Takes `takes` (channel, how many seqs) and answers each channel's last seq taken.
async fn take(conn: &mut TxConn, takes: &[(String, i64)]) -> sqlx::Result<Vec<(String, i64)>> {
    match conn {
        TxConn::Postgres(tx) => {
            let (channels, counts): (Vec<&str>, Vec<i64>) =
                takes.iter().map(|(key, n)| (key.as_str(), *n)).unzip();
            sqlx::query_as(TAKE_POSTGRES)
                .bind(channels)
                .bind(counts)
                .fetch_all(&mut **tx)
                .await
        }
        TxConn::Sqlite(tx, _) => {
            let mut seqs = sqlx::QueryBuilder::new(NEXT_SEQS);
            seqs.push_values(takes, |mut row, (key, n)| {
                row.push_bind(key).push_bind(n);
            });
            seqs.push(NEXT_SEQS_TAIL);
            seqs.build_query_as().fetch_all(&mut **tx).await
        }
    }
}

/// Writes rows whose seqs are taken on PostgreSQL, over arrays: the events that stand alone
/// and the newest of each state, as `log/mod.rs` writes them.
const WRITE_POSTGRES: &str = concat!(
    "WITH taken AS (SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::text[]) \
     AS e (channel, seq, feed_seq, payload, state_key)), \
     written AS (INSERT INTO events (channel, seq, feed_seq, payload, created_at) \
     SELECT channel, seq, feed_seq, payload, $6 FROM taken WHERE state_key IS NULL) \
     INSERT INTO event_states (channel, state_key, seq, payload, created_at) \
     SELECT channel, state_key, seq, payload, $6 FROM taken WHERE state_key IS NOT NULL",
    replace_state!()
);

/// Writes `rows`, their seqs taken. States the log keeps no row of (the unread counts,
/// `log::READ_AS_IT_IS_NOW`) leave nothing to write, and so no statement to run.
async fn write(conn: &mut TxConn, rows: &log::Assigned) -> sqlx::Result<()> {
    if rows.rows.is_empty() {
        return Ok(());
    }
    let tx = match conn {
        TxConn::Sqlite(tx, _) => return log::sqlite::write_rows(tx, rows).await,
        TxConn::Postgres(tx) => &mut **tx,
    };
    let all = || rows.rows.iter();
    sqlx::query(WRITE_POSTGRES)
        .bind(all().map(|r| r.key.as_str()).collect::<Vec<_>>())
        .bind(all().map(|r| r.seq).collect::<Vec<_>>())
        .bind(all().map(|r| r.feed_seq).collect::<Vec<_>>())
        .bind(all().map(|r| r.payload.as_str()).collect::<Vec<_>>())
        .bind(all().map(|r| r.state_key.as_deref()).collect::<Vec<_>>())
        .bind(rows.now)
        .execute(tx)
        .await?;
    Ok(())
}
