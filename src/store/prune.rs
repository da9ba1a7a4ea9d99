//! Keeping the event log bounded: by age (a week, [`EVENT_RETENTION_SECS`]) and by count (the
//! newest [`EVENTS_KEPT_PER_CHANNEL`] of each channel outside the feed), as Centrifugo bounds
//! a channel's history by TTL and size. A resume, a gap or a resync from before what is kept
//! gets `resume_too_old` (reload), because every prune moves the channel's `pruned_through`
//! over what it deletes, before it deletes it.
//!
//! The prune works in small steps ([`BATCH`] events each), letting the writers go between
//! them: on SQLite every write waits for the one write gate, so a prune that held it for a
//! whole backlog (a million expired events took seconds) stalled every send.
//!
//! On PostgreSQL a step never holds two `channel_seqs` rows at once: each channel's mark is a
//! statement of its own, committed before the next. A change's events lock their channels'
//! rows in topic order (`log.rs`); a prune that locked several in another order could wait on
//! a send that waits on it, and PostgreSQL would abort one of them. The deletes touch only
//! event rows, which no send locks. Marking before deleting keeps the log honest in between:
//! a reader told "too old" for events still there is only sent to reload early.
//!
//! What a prune reads: the oldest events through `events_created` (one index probe when
//! nothing has expired), and the channels over their count from `channel_seqs` (a scan of
//! one row per channel), a page at a time.
//!
//! The prune reads and deletes `events` only. The newest event of each state (`log.rs`'s
//! compaction: an inbox's entry for a conversation, the unread counts) is one row of
//! `event_states` per channel and key, however many events it took: a row per thing, like the
//! things' own rows, so it is not pruned. The count is of seqs, not rows: a channel whose
//! events are all states has no `events` rows to trim, so its trim starts at its oldest row
//! (one probe) rather than stepping through seqs that have none, and it is marked like any
//! channel: a resume from before its newest 1,000 seqs reloads, as the protocol says for
//! every channel.

use std::collections::HashMap;
use std::time::Duration;

use super::log::FEED;
use super::{DbPool, Store, now_secs};

/// How long events stay in the log.
pub const EVENT_RETENTION_SECS: i64 = 7 * 24 * 3600;
/// Events each channel outside the feed keeps at most; older ones go even inside the
/// retention. (A blog's post events are also the feed's, which dashboards resume from: they
/// go by age only.)
pub const EVENTS_KEPT_PER_CHANNEL: i64 = 1000;
/// Events one step deletes at most: a few milliseconds of the writer.
const BATCH: i64 = 500;
/// How far past its count a channel goes before it is trimmed, so that a busy channel is
/// trimmed a step at a time rather than by one event every prune.
const SLACK: i64 = 100;
/// Channels read per page when looking for those over their count.
const CHANNELS_PER_PAGE: i64 = 200;
/// The pause between steps, in which queued writes go first.
const BETWEEN_STEPS: Duration = Duration::from_millis(2);

/// The oldest expired events: `(channel, seq, feed_seq)`.
const EXPIRED: &str = "SELECT channel, seq, feed_seq FROM events WHERE created_at < $1 \
     ORDER BY created_at LIMIT $2";
/// Channels after `$1` (in name order) holding more than `$2` events, with no event in the
/// feed: `(channel, last seq, pruned through)`.
const OVER_COUNT: &str = "SELECT c.channel, c.seq, c.pruned_through FROM channel_seqs c \
     WHERE c.channel > $1 AND c.channel <> $2 AND c.seq - c.pruned_through > $3 \
     AND NOT EXISTS (SELECT 1 FROM events e WHERE e.channel = c.channel AND e.feed_seq IS NOT NULL) \
     ORDER BY c.channel LIMIT $4";
/// Moves a channel's (or the feed's) `pruned_through` forward, never back.
const MARK: &str = "UPDATE channel_seqs SET pruned_through = $2 \
     WHERE channel = $1 AND pruned_through < $2";
/// A channel's oldest event still in the log.
const OLDEST: &str = "SELECT seq FROM events WHERE channel = $1 ORDER BY seq LIMIT 1";
/// A channel's events up to a seq.
const DELETE_UP_TO: &str = "DELETE FROM events WHERE channel = $1 AND seq <= $2";
/// [`DELETE_UP_TO`] for several channels at once (PostgreSQL).
const DELETE_UP_TO_ALL: &str = "DELETE FROM events e \
     USING unnest($1::text[], $2::bigint[]) AS m (channel, seq) \
     WHERE e.channel = m.channel AND e.seq <= m.seq";

impl Store {
    /// Deletes events older than the retention, and beyond each channel's count, a step at a
    /// time; answers how many went.
    pub async fn prune_events(&self) -> sqlx::Result<u64> {
        let cutoff = now_secs() - EVENT_RETENTION_SECS;
        let mut removed = 0;
        loop {
            let expired: Vec<(String, i64, Option<i64>)> = crate::with_pool!(self, pool =>
                sqlx::query_as(EXPIRED).bind(cutoff).bind(BATCH).fetch_all(pool).await)?;
            if expired.is_empty() {
                break;
            }
            let mut through: HashMap<String, i64> = HashMap::new();
            let mut feed = None;
            for (channel, seq, feed_seq) in &expired {
                let last = through.entry(channel.clone()).or_insert(*seq);
                *last = (*last).max(*seq);
                if let Some(feed_seq) = feed_seq {
                    feed = Some(feed.unwrap_or(0).max(*feed_seq));
                }
            }
            removed += self.prune_step(through.into_iter().collect(), feed).await?;
            if (expired.len() as i64) < BATCH {
                break;
            }
            tokio::time::sleep(BETWEEN_STEPS).await;
        }
        let mut after = String::new();
        loop {
            let page: Vec<(String, i64, i64)> = crate::with_pool!(self, pool => sqlx::query_as(OVER_COUNT)
                .bind(&after).bind(FEED).bind(EVENTS_KEPT_PER_CHANNEL + SLACK).bind(CHANNELS_PER_PAGE)
                .fetch_all(pool).await)?;
            for (channel, seq, pruned_through) in &page {
                let keep_from = seq - EVENTS_KEPT_PER_CHANNEL;
                let oldest: Option<i64> = crate::with_pool!(self, pool =>
                    sqlx::query_scalar(OLDEST).bind(channel).fetch_optional(pool).await)?;
                // Nothing to delete before the oldest row (or at all): one step marks it.
                let mut from = (*pruned_through).max(oldest.map_or(keep_from, |o| o - 1));
                if from >= keep_from {
                    from = keep_from - 1;
                }
                while from < keep_from {
                    let to = keep_from.min(from + BATCH);
                    removed += self.prune_step(vec![(channel.clone(), to)], None).await?;
                    from = to;
                    tokio::time::sleep(BETWEEN_STEPS).await;
                }
            }
            match page.last() {
                Some((channel, _, _)) if page.len() as i64 == CHANNELS_PER_PAGE => {
                    after = channel.clone();
                }
                _ => break,
            }
        }
        Ok(removed)
    }

    /// One step: marks each channel as pruned through its seq (and the feed through `feed`),
    /// then deletes their events up to there. Answers how many it deleted.
    async fn prune_step(
        &self,
        mut marks: Vec<(String, i64)>,
        feed: Option<i64>,
    ) -> sqlx::Result<u64> {
        marks.sort_unstable();
        match self.pool() {
            // Behind the write gate no other write runs: one transaction for the step.
            DbPool::Sqlite { .. } => {
                let mut tx = self.begin().await?;
                let mut deleted = 0;
                crate::with_tx!(&mut tx, conn => {
                    for (channel, seq) in marks.iter().map(|(c, s)| (c.as_str(), *s)).chain(feed.map(|f| (FEED, f))) {
                        sqlx::query(MARK).bind(channel).bind(seq).execute(&mut *conn).await?;
                    }
                    for (channel, seq) in &marks {
                        deleted += sqlx::query(DELETE_UP_TO).bind(channel).bind(seq)
                            .execute(&mut *conn).await?.rows_affected();
                    }
                    Ok::<(), sqlx::Error>(())
                })?;
                tx.commit().await?;
                Ok(deleted)
            }
            DbPool::Postgres(pool) => {
                // One row locked at a time (see the module's comment): each mark commits alone.
                let every = marks.iter().map(|(c, s)| (c.as_str(), *s));
                for (channel, seq) in every.chain(feed.map(|f| (FEED, f))) {
                    sqlx::query(MARK)
                        .bind(channel)
                        .bind(seq)
                        .execute(pool)
                        .await?;
                }
                let (channels, seqs): (Vec<&str>, Vec<i64>) =
                    marks.iter().map(|(c, s)| (c.as_str(), *s)).unzip();
                let deleted = sqlx::query(DELETE_UP_TO_ALL)
                    .bind(channels)
                    .bind(seqs)
                    .execute(pool)
                    .await?
                    .rows_affected();
                Ok(deleted)
            }
        }
    }
}
