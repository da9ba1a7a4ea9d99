//! Keeping the event log bounded: by age (a week, [`EVENT_RETENTION_SECS`]) and by count (the
//! newest [`EVENTS_KEPT_PER_CHANNEL`] of each channel outside the feed), as Centrifugo bounds
//! a channel's history by TTL and size. A resume, a gap or a resync from before what is kept
//! gets `resume_too_old` (reload), because every prune moves the channel's `pruned_through`
//! over what it deletes, before it deletes it.
//!
//! The prune works in small steps ([`BATCH`] events each), letting the writers go between
//! them: on SQLite every write waits for the one write gate, so a prune that held it for a
//! whole backlog (a million expired events took seconds) stalled every send. And on SQLite a
//! step is one statement: with the gate held, each statement more is a round trip through
//! a runtime that sockets keep busy, and a step of a statement per channel held the gate for
//! hundreds of milliseconds (RESULTS.md §19).
//!
//! On PostgreSQL a step's marks are one statement that never waits for a row: it locks the
//! `channel_seqs` rows it can (`FOR UPDATE SKIP LOCKED`) and passes over those a send holds,
//! whose events wait for the next prune. A change's events lock their channels' rows in topic
//! order (`log/mod.rs`); a prune that waited for several rows in another order could wait on a
//! send that waits on it, and PostgreSQL would abort one of them, while a prune that never
//! waits is in no such cycle. (Marking a row at a time, each committed alone, was the other
//! way out of it, and it made a step 200 round trips: the prune by age fell behind a busy
//! log, RESULTS.md §19.) The deletes touch only event rows, which no send locks. Marking
//! before deleting keeps the log honest in between: a reader told "too old" for events still
//! there is only sent to reload early.
//!
//! What a prune reads: the oldest events through `events_created` (one index probe when
//! nothing has expired), and the channels over their count from `channel_seqs` (a scan of
//! one row per channel), a page at a time.
//!
//! A trim by count deletes in the order the events were written, across every channel it
//! trims, not a channel at a time. A busy log interleaves its channels: one conversation's
//! 600 oldest events lie one to a page over the whole table, so deleting them channel by
//! channel wrote a page per event deleted (`loadtest/prune.sh` with `AGE=0`, RESULTS.md §19).
//! Marking every channel first and then deleting what lies at or below its mark, oldest
//! first, takes each page's events together.
//!
//! The prune reads and deletes `events` only. The newest event of each state (`log.rs`'s
//! compaction: an inbox's entry for a conversation) is one row of `event_states` per channel
//! and key, however many events it took: a row per thing, like the things' own rows, so it is
//! not pruned. The count is of seqs, not rows: a channel whose events are all states has no
//! `events` rows to delete, and it is marked like any channel: a resume from before its newest
//! 1,000 seqs reloads, as the protocol says for every channel but `unread`, whose events the
//! log keeps no row of (`log/mod.rs`, `READ_AS_IT_IS_NOW`: its replay reads the counts as
//! they are now, and the trim passes over its channels, [`OVER_COUNT`]).

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use super::log::{FEED, READ_AS_IT_IS_NOW};
use super::{DbPool, Store, now_secs};

/// How long events stay in the log.
pub const EVENT_RETENTION_SECS: i64 = 7 * 24 * 3600;
/// Events each channel outside the feed keeps at most; older ones go even inside the
/// retention. (A blog's post events are also the feed's, which dashboards resume from: they
/// go by age only.)
pub const EVENTS_KEPT_PER_CHANNEL: i64 = 1000;
/// Events one step deletes at most: a few milliseconds of the writer (a step of 500 from a
/// busy log held it 15 ms at the median and 40 ms at the 90th percentile, RESULTS.md §19).
const BATCH: i64 = 200;
/// How far past its count a channel goes before it is trimmed, so that a busy channel is
/// trimmed a step at a time rather than by one event every prune.
const SLACK: i64 = 100;
/// A channel whose events to trim were written over more than this is trimmed on its own, a
/// range of seqs at a time: going through the log in the order it was written would read
/// everything written over that time to find its few.
const DENSE_SPAN_SECS: i64 = 3600;
/// Channels read per page when looking for those over their count.
const CHANNELS_PER_PAGE: i64 = 200;
/// The pause between steps, in which queued writes go first, at least.
const BETWEEN_STEPS: Duration = Duration::from_millis(2);
/// After a step that held SQLite's writer for a time, the prune leaves it this many times as
/// long to everything else, so it takes at most a third of the writer however costly its
/// deletes are. With only [`BETWEEN_STEPS`], a busy log's trim (1.6 million events spread
/// over the table) took 45% of the writer for minutes, and sends at 2,000 msg/s queued
/// behind it for 300 ms (RESULTS.md §19). PostgreSQL has no one writer, but its statements
/// take the CPU the sends need: unpaced, a prune by age took sends at 2,000 msg/s from a p99
/// of 18 ms to 77 ms, and a connection's worth of subscribes from 3 s to 30 s; paced by the
/// statements' own time (not the wait for a connection, which under load is most of it),
/// sends stay at their p99 and it still deletes 14,000 events a second (RESULTS.md §20).
const IDLE_PER_HELD: u32 = 2;

/// What a step wrote: rows changed, and how long its statements ran (on SQLite, with the
/// writer held).
#[derive(Default)]
struct Written {
    rows: u64,
    held: Duration,
}

impl Written {
    /// Waits out the step's share of the writer (see [`IDLE_PER_HELD`]).
    async fn pause(&self) {
        tokio::time::sleep((self.held * IDLE_PER_HELD).max(BETWEEN_STEPS)).await;
    }
}

/// What a mark did, and the channels it marked.
struct Marked {
    written: Written,
    channels: HashSet<String>,
}

/// What a step of the prune by age deleted, and the channels it passed over.
struct Step {
    written: Written,
    passed: Vec<String>,
}

/// The oldest expired events: `(channel, seq, feed_seq)`.
const EXPIRED: &str = "SELECT channel, seq, feed_seq FROM events WHERE created_at < $1 \
     ORDER BY created_at LIMIT $2";
/// [`EXPIRED`] but for the channels in `$3` (PostgreSQL: those this prune passed over).
const EXPIRED_BUT_POSTGRES: &str = "SELECT channel, seq, feed_seq FROM events \
     WHERE created_at < $1 AND channel <> ALL($3::text[]) ORDER BY created_at LIMIT $2";
/// Channels after `$1` (in name order) holding more than `$3` events, but the feed (`$2`),
/// with no event in the feed: `(channel, last seq, pruned through)`. The channels of kinds the
/// log keeps no row of (`log::READ_AS_IT_IS_NOW`: `unread:{user}`) are passed over: they have
/// nothing to delete, a replay there reads the state as it is now whatever the mark, and half
/// the busy channels of a chat are theirs, each two reads and a mark for nothing.
static OVER_COUNT: LazyLock<String> = LazyLock::new(|| {
    let kept_no_row: String = READ_AS_IT_IS_NOW
        .iter()
        .map(|kind| format!(" AND c.channel <> '{kind}' AND c.channel NOT LIKE '{kind}:%'"))
        .collect();
    format!(
        "SELECT c.channel, c.seq, c.pruned_through FROM channel_seqs c \
         WHERE c.channel > $1 AND c.channel <> $2 AND c.seq - c.pruned_through > $3{kept_no_row} \
         AND NOT EXISTS (SELECT 1 FROM events e WHERE e.channel = c.channel AND e.feed_seq IS NOT NULL) \
         ORDER BY c.channel LIMIT $4"
    )
});
/// A channel's oldest event still in the log: `(seq, created_at)`.
const OLDEST: &str = "SELECT seq, created_at FROM events WHERE channel = $1 ORDER BY seq LIMIT 1";
/// When the newest of a channel's events up to a seq was written.
const NEWEST_UP_TO: &str =
    "SELECT created_at FROM events WHERE channel = $1 AND seq <= $2 ORDER BY seq DESC LIMIT 1";
/// The oldest events written from `$1` to `$2` that lie at or below their channel's mark:
/// `(channel, seq, created_at)`.
const MARKED: &str = "SELECT e.channel, e.seq, e.created_at FROM events e \
     JOIN channel_seqs c ON c.channel = e.channel \
     WHERE e.created_at >= $1 AND e.created_at <= $2 AND e.seq <= c.pruned_through \
     ORDER BY e.created_at LIMIT $3";
/// On SQLite, what a step writes is one statement over a JSON array of `[channel, seq]`
/// pairs: the step holds the write gate, and each statement is a round trip to sqlx's
/// connection thread that waits its turn on a runtime busy with every socket, so a step of
/// 500 statements held the gate for hundreds of milliseconds under load (see the module's
/// comment). [`MARK`] for each pair.
const MARK_EACH_SQLITE: &str = "UPDATE channel_seqs SET pruned_through = m.value ->> 1 \
     FROM json_each($1) m \
     WHERE channel_seqs.channel = m.value ->> 0 AND channel_seqs.pruned_through < m.value ->> 1";
/// Each pair's event (SQLite).
const DELETE_EACH_SQLITE: &str = "DELETE FROM events WHERE rowid IN \
     (SELECT e.rowid FROM json_each($1) m \
      JOIN events e ON e.channel = m.value ->> 0 AND e.seq = m.value ->> 1)";
/// [`MARK_EACH_SQLITE`] on PostgreSQL, over two arrays, for the rows no one else holds (see
/// the module's comment); answers the channels it marked, and those with no row to mark (no
/// reader can have seen their seqs).
const MARK_EACH_POSTGRES: &str = "WITH m AS (SELECT * FROM unnest($1::text[], $2::bigint[]) AS m (channel, seq)), \
     locked AS (SELECT c.channel, m.seq FROM channel_seqs c JOIN m ON m.channel = c.channel \
       FOR UPDATE OF c SKIP LOCKED), \
     moved AS (UPDATE channel_seqs c SET pruned_through = l.seq FROM locked l \
       WHERE c.channel = l.channel AND c.pruned_through < l.seq) \
     SELECT channel FROM locked \
     UNION ALL SELECT m.channel FROM m \
       WHERE NOT EXISTS (SELECT 1 FROM channel_seqs c WHERE c.channel = m.channel)";
/// [`DELETE_EACH_SQLITE`] on PostgreSQL, over two arrays.
const DELETE_EACH_POSTGRES: &str = "DELETE FROM events e \
     USING unnest($1::text[], $2::bigint[]) AS m (channel, seq) \
     WHERE e.channel = m.channel AND e.seq = m.seq";

impl Store {
    /// Deletes events older than the retention, and beyond each channel's count, a step at a
    /// time; answers how many went.
    pub async fn prune_events(&self) -> sqlx::Result<u64> {
        let cutoff = now_secs() - EVENT_RETENTION_SECS;
        let mut removed = 0;
        // The channels whose rows a send held when this prune came to them (PostgreSQL's
        // only): the next prune takes their events.
        let mut passed: Vec<String> = Vec::new();
        loop {
            let expired: Vec<(String, i64, Option<i64>)> = match self.pool() {
                DbPool::Postgres(pool) if !passed.is_empty() => {
                    sqlx::query_as(EXPIRED_BUT_POSTGRES)
                        .bind(cutoff)
                        .bind(BATCH)
                        .bind(&passed)
                        .fetch_all(pool)
                        .await?
                }
                _ => crate::with_pool!(self, pool =>
                    sqlx::query_as(EXPIRED).bind(cutoff).bind(BATCH).fetch_all(pool).await)?,
            };
            if expired.is_empty() {
                break;
            }
            let step = self.prune_step(&expired).await?;
            removed += step.written.rows;
            passed.extend(step.passed);
            if (expired.len() as i64) < BATCH {
                break;
            }
            step.written.pause().await;
        }
        // The trim by count: each channel over it is marked, a page of channels at a time,
        // and then what lies under the marks goes, oldest first (see the module's comment):
        // over the spans of time the channels' events to trim were written in, or a channel
        // at a time for those whose span is long.
        let mut after = String::new();
        let mut spans: Vec<(i64, i64)> = Vec::new();
        let mut sparse: Vec<(String, i64, i64)> = Vec::new();
        loop {
            let page: Vec<(String, i64, i64)> = crate::with_pool!(self, pool => sqlx::query_as(OVER_COUNT.as_str())
                .bind(&after).bind(FEED).bind(EVENTS_KEPT_PER_CHANNEL + SLACK).bind(CHANNELS_PER_PAGE)
                .fetch_all(pool).await)?;
            let marks: Vec<(String, i64)> = page
                .iter()
                .map(|(channel, seq, _)| (channel.clone(), seq - EVENTS_KEPT_PER_CHANNEL))
                .collect();
            for (channel, through) in &marks {
                let oldest: Option<(i64, i64)> = crate::with_pool!(self, pool =>
                    sqlx::query_as(OLDEST).bind(channel).fetch_optional(pool).await)?;
                let last: Option<i64> = crate::with_pool!(self, pool =>
                    sqlx::query_scalar(NEWEST_UP_TO).bind(channel).bind(through).fetch_optional(pool).await)?;
                match (oldest, last) {
                    (Some((_, first)), Some(last)) if last - first <= DENSE_SPAN_SECS => {
                        spans.push((first, last));
                    }
                    (Some((seq, _)), Some(_)) => sparse.push((channel.clone(), seq, *through)),
                    // Nothing written up to the mark: the mark alone trims it.
                    _ => {}
                }
            }
            let marked = self.mark(&marks, None).await?;
            // A channel passed over keeps its events until a later prune marks it.
            sparse.retain(|(channel, _, _)| marked.channels.contains(channel));
            marked.written.pause().await;
            match page.last() {
                Some((channel, _, _)) if page.len() as i64 == CHANNELS_PER_PAGE => {
                    after = channel.clone();
                }
                _ => break,
            }
        }
        for (first, last) in merged(spans) {
            removed += self.delete_marked(first, last).await?;
        }
        for (channel, oldest, through) in sparse {
            let mut from = oldest - 1;
            while from < through {
                let to = through.min(from + BATCH);
                // Each seq of the range, not "up to `to`": see `prune_step` on PostgreSQL's
                // deleted index entries.
                let seqs: Vec<(String, i64)> =
                    (from + 1..=to).map(|seq| (channel.clone(), seq)).collect();
                let step = self
                    .write_pairs(&seqs, DELETE_EACH_SQLITE, DELETE_EACH_POSTGRES)
                    .await?;
                removed += step.rows;
                step.pause().await;
                from = to;
            }
        }
        Ok(removed)
    }

    /// Deletes the events written from `first` to `last` that lie at or below their channel's
    /// mark, oldest first, a step of at most [`BATCH`] at a time. They are found on a reader
    /// (only the prune deletes events, so what it finds stays there until it does), so a step
    /// holds the writer only for its deletes. A window of the log at a time, so that a stretch
    /// with nothing marked is not read in one statement. What a prune leaves under a mark (a
    /// node stopped between marking and deleting) goes by age: a reader is already sent to
    /// reload for it.
    async fn delete_marked(&self, first: i64, last: i64) -> sqlx::Result<u64> {
        const WINDOW_SECS: i64 = 60;
        let mut removed = 0;
        let mut from = first;
        while from <= last {
            let to = last.min(from + WINDOW_SECS);
            // What the read took counts as held, on either database: a stretch of the log
            // with little marked is read at the pace of the writes, not back to back.
            let started = Instant::now();
            let found: Vec<(String, i64, i64)> = crate::with_pool!(self, pool =>
                sqlx::query_as(MARKED).bind(from).bind(to).bind(BATCH).fetch_all(pool).await)?;
            let read = started.elapsed();
            // A full step may leave more in the second it ended in; a short one took the
            // whole window.
            from = match found.last() {
                Some((_, _, created)) if found.len() as i64 == BATCH => *created,
                _ => to + 1,
            };
            let step = self.delete_each(found).await?;
            removed += step.rows;
            Written {
                held: read + step.held,
                ..step
            }
            .pause()
            .await;
        }
        Ok(removed)
    }

    /// Deletes each `(channel, seq, _)`'s event.
    async fn delete_each(&self, events: Vec<(String, i64, i64)>) -> sqlx::Result<Written> {
        let pairs: Vec<(String, i64)> = events.into_iter().map(|(c, s, _)| (c, s)).collect();
        self.write_pairs(&pairs, DELETE_EACH_SQLITE, DELETE_EACH_POSTGRES)
            .await
    }

    /// One step of the prune by age, over `expired` events `(channel, seq, feed_seq)`: marks
    /// each channel as pruned through its newest of them (and the feed through theirs), then
    /// deletes them, those of the channels it marked (of a post's, only if it marked the feed
    /// too). Answers the other channels.
    ///
    /// It deletes the events it read, one by one, not each channel's up to its mark: on
    /// PostgreSQL a channel's deleted events stay in its index until a vacuum, and a delete of
    /// "up to seq" walked them all again each step, a step taking 20 ms on an idle machine and
    /// 400 ms under chat once a few hundred thousand were gone. Whatever lies under a mark and
    /// was not read (written later than an event after it) is read once it has expired.
    async fn prune_step(&self, expired: &[(String, i64, Option<i64>)]) -> sqlx::Result<Step> {
        let mut through: HashMap<&str, i64> = HashMap::new();
        let mut feed = None;
        let mut in_feed = HashSet::new();
        for (channel, seq, feed_seq) in expired {
            let last = through.entry(channel).or_insert(*seq);
            *last = (*last).max(*seq);
            if let Some(feed_seq) = feed_seq {
                feed = Some(feed.unwrap_or(0).max(*feed_seq));
                in_feed.insert(channel.as_str());
            }
        }
        let mut marks: Vec<(String, i64)> = through
            .into_iter()
            .map(|(channel, seq)| (channel.to_owned(), seq))
            .collect();
        marks.sort_unstable();
        let marked = self.mark(&marks, feed).await?;
        let feed_marked = marked.channels.contains(FEED);
        let deletable = |channel: &str| {
            marked.channels.contains(channel) && (feed_marked || !in_feed.contains(channel))
        };
        let events: Vec<(String, i64)> = expired
            .iter()
            .filter(|(channel, _, _)| deletable(channel))
            .map(|(channel, seq, _)| (channel.clone(), *seq))
            .collect();
        let deleted = self
            .write_pairs(&events, DELETE_EACH_SQLITE, DELETE_EACH_POSTGRES)
            .await?;
        Ok(Step {
            written: Written {
                rows: deleted.rows,
                held: marked.written.held + deleted.held,
            },
            passed: marks
                .into_iter()
                .map(|(channel, _)| channel)
                .filter(|channel| !deletable(channel))
                .collect(),
        })
    }

    /// Moves each channel's `pruned_through` to its seq (and the feed's to `feed`), never
    /// back. On PostgreSQL a row a send holds is passed over (see the module's comment):
    /// answers which were marked.
    async fn mark(&self, marks: &[(String, i64)], feed: Option<i64>) -> sqlx::Result<Marked> {
        let every: Vec<(String, i64)> = marks
            .iter()
            .cloned()
            .chain(feed.map(|f| (FEED.to_owned(), f)))
            .collect();
        match self.pool() {
            // Under the write gate nothing else holds a row: every one is marked. (No
            // PostgreSQL statement: it has its own, below.)
            DbPool::Sqlite { .. } => {
                let written = self.write_pairs(&every, MARK_EACH_SQLITE, "").await?;
                Ok(Marked {
                    written,
                    channels: every.into_iter().map(|(channel, _)| channel).collect(),
                })
            }
            DbPool::Postgres(pool) => {
                let (channels, seqs): (Vec<&str>, Vec<i64>) =
                    every.iter().map(|(c, s)| (c.as_str(), *s)).unzip();
                let mut conn = pool.acquire().await?;
                let started = Instant::now();
                let channels: HashSet<String> = sqlx::query_scalar(MARK_EACH_POSTGRES)
                    .bind(channels)
                    .bind(seqs)
                    .fetch_all(&mut *conn)
                    .await?
                    .into_iter()
                    .collect();
                Ok(Marked {
                    written: Written {
                        rows: channels.len() as u64,
                        held: started.elapsed(),
                    },
                    channels,
                })
            }
        }
    }

    /// Runs a statement over `(channel, seq)` pairs in a transaction of its own: on SQLite
    /// `sqlite` with the pairs as one JSON array, on PostgreSQL `postgres` with them as two
    /// arrays. Answers the rows it changed.
    async fn write_pairs(
        &self,
        pairs: &[(String, i64)],
        sqlite: &'static str,
        postgres: &'static str,
    ) -> sqlx::Result<Written> {
        if pairs.is_empty() {
            return Ok(Written::default());
        }
        match self.pool() {
            DbPool::Sqlite { .. } => {
                let json =
                    serde_json::to_string(pairs).map_err(|e| sqlx::Error::Encode(e.into()))?;
                let mut tx = self.begin().await?;
                // The gate is held from here.
                let started = Instant::now();
                let rows = crate::with_tx!(&mut tx, conn => sqlx::query(sqlite)
                    .bind(json).execute(&mut *conn).await.map(|done| done.rows_affected()))?;
                tx.commit().await?;
                Ok(Written {
                    rows,
                    held: started.elapsed(),
                })
            }
            DbPool::Postgres(pool) => {
                let (channels, seqs): (Vec<&str>, Vec<i64>) =
                    pairs.iter().map(|(c, s)| (c.as_str(), *s)).unzip();
                let mut conn = pool.acquire().await?;
                let started = Instant::now();
                let rows = sqlx::query(postgres)
                    .bind(channels)
                    .bind(seqs)
                    .execute(&mut *conn)
                    .await?
                    .rows_affected();
                Ok(Written {
                    rows,
                    held: started.elapsed(),
                })
            }
        }
    }
}

/// Time spans `(first, last)`, those that overlap or touch made one, in order.
fn merged(mut spans: Vec<(i64, i64)>) -> Vec<(i64, i64)> {
    spans.sort_unstable();
    let mut out: Vec<(i64, i64)> = Vec::new();
    for (first, last) in spans {
        match out.last_mut() {
            Some((_, end)) if first <= *end + 1 => *end = (*end).max(last),
            _ => out.push((first, last)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::merged;

    #[test]
    fn spans_that_overlap_or_touch_are_made_one() {
        assert_eq!(merged(vec![]), vec![]);
        assert_eq!(
            merged(vec![(50, 60), (1, 10), (5, 20), (21, 30), (40, 45)]),
            vec![(1, 30), (40, 45), (50, 60)]
        );
        assert_eq!(merged(vec![(1, 100), (10, 20)]), vec![(1, 100)]);
    }
}
