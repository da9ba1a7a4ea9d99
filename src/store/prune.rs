//! Keeping the event log bounded: by age (a week, [`EVENT_RETENTION_SECS`]) and by count (the
//! newest [`EVENTS_KEPT_PER_CHANNEL`] of each channel), as Centrifugo bounds a channel's
//! history by TTL and size. A resume from before what is kept gets the same answer as ever
//! (`resume_too_old`: reload), because every prune moves the channel's `pruned_through` with
//! what it deletes.
//!
//! The prune works in small batches, each its own short transaction ([`BATCH`] events), and
//! lets the writers go between them: on SQLite every write waits for the one write gate, so a
//! prune that held it for a whole backlog (a million expired events took seconds) stalled
//! every send; on PostgreSQL a batch locks only its channels' `channel_seqs` rows, briefly. A
//! batch finds its events through an index (`events_created` by age, the primary key by
//! count), so a prune with nothing to do costs one index probe, not a walk of the log.

use std::collections::HashMap;
use std::time::Duration;

use super::log::FEED;
use super::{Store, now_secs};

/// How long events stay in the log.
pub const EVENT_RETENTION_SECS: i64 = 7 * 24 * 3600;
/// Events each channel keeps at most; older ones go even inside the retention.
pub const EVENTS_KEPT_PER_CHANNEL: i64 = 1000;
/// Events one batch deletes at most: a few milliseconds of the writer.
const BATCH: i64 = 500;
/// Channels over their count one batch trims at most.
const CHANNELS_PER_BATCH: i64 = 50;
/// The pause between batches, in which queued writes go first.
const BETWEEN_BATCHES: Duration = Duration::from_millis(2);

/// The oldest expired events, deleted, with what they were: `(channel, seq, feed_seq)`.
/// Row values and `RETURNING` read the same on both databases.
const DELETE_EXPIRED: &str = "DELETE FROM events WHERE (channel, seq) IN \
     (SELECT channel, seq FROM events WHERE created_at < $1 ORDER BY created_at LIMIT $2) \
     RETURNING channel, seq, feed_seq";
/// Channels holding more events than they keep: `(channel, last seq)`.
const OVER_COUNT: &str = "SELECT channel, seq FROM channel_seqs \
     WHERE channel <> $1 AND seq - pruned_through > $2 LIMIT $3";
/// A channel's events up to a seq, deleted (the primary key's range).
const DELETE_UP_TO: &str = "DELETE FROM events WHERE channel = $1 AND seq <= $2 \
     RETURNING channel, seq, feed_seq";
/// Moves a channel's (or the feed's) `pruned_through` forward, never back.
const MARK: &str = "UPDATE channel_seqs SET pruned_through = $2 \
     WHERE channel = $1 AND pruned_through < $2";

impl Store {
    /// Deletes events older than the retention and beyond each channel's count, in batches;
    /// answers how many went.
    pub async fn prune_events(&self) -> sqlx::Result<u64> {
        let cutoff = now_secs() - EVENT_RETENTION_SECS;
        let mut removed = 0;
        loop {
            let batch = self
                .prune_batch(DELETE_EXPIRED, &[Bind::Int(cutoff), Bind::Int(BATCH)])
                .await?;
            removed += batch;
            if batch < BATCH as u64 {
                break;
            }
            tokio::time::sleep(BETWEEN_BATCHES).await;
        }
        loop {
            let over: Vec<(String, i64)> = crate::with_pool!(self, pool => sqlx::query_as(OVER_COUNT)
                .bind(FEED).bind(EVENTS_KEPT_PER_CHANNEL).bind(CHANNELS_PER_BATCH)
                .fetch_all(pool).await)?;
            for (channel, seq) in &over {
                let keep_from = seq - EVENTS_KEPT_PER_CHANNEL;
                removed += self
                    .prune_batch(DELETE_UP_TO, &[Bind::Text(channel), Bind::Int(keep_from)])
                    .await?;
                // A channel with nothing left to delete still had its mark behind: move it.
                self.mark(&[(channel.clone(), keep_from)], None).await?;
                tokio::time::sleep(BETWEEN_BATCHES).await;
            }
            if (over.len() as i64) < CHANNELS_PER_BATCH {
                break;
            }
        }
        Ok(removed)
    }

    /// One batch: runs `delete` (which answers what it deleted) and marks each channel it
    /// touched as pruned through the last seq it deleted there, and the feed likewise, in one
    /// transaction. Answers how many it deleted.
    async fn prune_batch(&self, delete: &'static str, binds: &[Bind<'_>]) -> sqlx::Result<u64> {
        let mut tx = self.begin().await?;
        let deleted: Vec<(String, i64, Option<i64>)> = crate::with_tx!(&mut tx, conn => {
            let mut query = sqlx::query_as(delete);
            for bind in binds {
                query = match bind {
                    Bind::Int(n) => query.bind(*n),
                    Bind::Text(s) => query.bind(*s),
                };
            }
            query.fetch_all(conn).await
        })?;
        let mut through: HashMap<String, i64> = HashMap::new();
        let mut feed_through = None;
        for (channel, seq, feed_seq) in &deleted {
            let last = through.entry(channel.clone()).or_insert(*seq);
            *last = (*last).max(*seq);
            if let Some(feed_seq) = feed_seq {
                feed_through = Some(feed_through.unwrap_or(0).max(*feed_seq));
            }
        }
        let marks: Vec<(String, i64)> = through.into_iter().collect();
        mark_in(&mut tx, &marks, feed_through).await?;
        tx.commit().await?;
        Ok(deleted.len() as u64)
    }

    /// Moves the marks of `channels` (and of the feed) forward, in a transaction of its own.
    async fn mark(&self, channels: &[(String, i64)], feed: Option<i64>) -> sqlx::Result<()> {
        let mut tx = self.begin().await?;
        mark_in(&mut tx, channels, feed).await?;
        tx.commit().await
    }
}

/// A value a prune statement binds.
enum Bind<'a> {
    Int(i64),
    Text(&'a str),
}

/// Moves each channel's `pruned_through` to the seq given (and the feed's), inside `tx`: one
/// statement a channel on SQLite (in-process, so cheap), one for all on PostgreSQL (each
/// statement a round trip there).
async fn mark_in(
    tx: &mut super::Tx,
    channels: &[(String, i64)],
    feed: Option<i64>,
) -> sqlx::Result<()> {
    let mut marks: Vec<(&str, i64)> = channels.iter().map(|(c, s)| (c.as_str(), *s)).collect();
    if let Some(feed) = feed {
        marks.push((FEED, feed));
    }
    if marks.is_empty() {
        return Ok(());
    }
    // In one order, as records lock channels, so two transactions never wait on each other.
    marks.sort_unstable();
    match tx.conn() {
        super::TxConn::Sqlite(tx, _) => {
            for (channel, seq) in marks {
                sqlx::query(MARK)
                    .bind(channel)
                    .bind(seq)
                    .execute(&mut **tx)
                    .await?;
            }
        }
        super::TxConn::Postgres(tx) => {
            const MARK_ALL: &str = "UPDATE channel_seqs c SET pruned_through = m.seq \
                 FROM unnest($1::text[], $2::bigint[]) AS m (channel, seq) \
                 WHERE c.channel = m.channel AND c.pruned_through < m.seq";
            let (names, seqs): (Vec<&str>, Vec<i64>) = marks.into_iter().unzip();
            sqlx::query(MARK_ALL)
                .bind(names)
                .bind(seqs)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
