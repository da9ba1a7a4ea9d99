//! The event log: every event is written, with its channel's next sequence number, in the
//! transaction of the change it reports; sockets replay from it on resume and on gaps.

use dashwire_protocol::Event;

use super::Topic;
use crate::store::{Store, Tx, now_secs};
use crate::{with_pool, with_tx, with_writer};

/// Bumps (or starts) the sequence of each channel listed after it (one `($1, 1)` row per
/// channel) and returns `(channel, seq)`. The upsert locks each channel's row until commit,
/// so one channel's events commit in sequence order; [`record`] lists channels sorted, so
/// that concurrent transactions lock them in one order.
const NEXT_SEQS: &str = "INSERT INTO channel_seqs (channel, seq) ";
/// What follows the rows of [`NEXT_SEQS`].
const NEXT_SEQS_TAIL: &str =
    " ON CONFLICT (channel) DO UPDATE SET seq = channel_seqs.seq + 1 RETURNING channel, seq";
/// Writes events; one `(channel, seq, payload, created_at)` row each follows it.
const INSERT_EVENTS: &str = "INSERT INTO events (channel, seq, payload, created_at) ";

/// An event written to the log, to publish once its transaction has committed.
#[derive(Debug, Clone, PartialEq)]
pub struct Published {
    pub topic: Topic,
    pub seq: i64,
    pub event: Event,
}

/// Appends events to the log inside the open transaction of the change they report, in two
/// statements whatever their number, and answers them with their sequence numbers, to
/// publish after commit. At most one event per topic.
pub async fn record(tx: &mut Tx, mut pending: Vec<(Topic, Event)>) -> sqlx::Result<Vec<Published>> {
    if pending.is_empty() {
        return Ok(Vec::new());
    }
    let keys: Vec<String> = {
        pending.sort_by(|a, b| a.0.cmp(&b.0));
        pending.iter().map(|(topic, _)| topic.to_string()).collect()
    };
    let assigned: Vec<(String, i64)> = with_tx!(tx, conn => {
        let mut seqs = sqlx::QueryBuilder::new(NEXT_SEQS);
        seqs.push_values(&keys, |mut row, key| {
            row.push_bind(key.as_str()).push_bind(1i64);
        });
        seqs.push(NEXT_SEQS_TAIL);
        seqs.build_query_as().fetch_all(conn).await
    })?;
    let mut published = Vec::with_capacity(pending.len());
    let mut payloads = Vec::with_capacity(pending.len());
    for ((topic, event), key) in pending.into_iter().zip(&keys) {
        let seq = assigned
            .iter()
            .find(|(channel, _)| channel == key)
            .map(|(_, seq)| *seq)
            .ok_or(sqlx::Error::RowNotFound)?;
        payloads.push(serde_json::to_string(&event).map_err(|e| sqlx::Error::Encode(Box::new(e)))?);
        published.push(Published { topic, seq, event });
    }
    let now = now_secs();
    with_tx!(tx, conn => {
        let mut rows = sqlx::QueryBuilder::new(INSERT_EVENTS);
        rows.push_values(published.iter().zip(&keys).zip(&payloads), |mut row, ((p, key), payload)| {
            row.push_bind(key.as_str())
                .push_bind(p.seq)
                .push_bind(payload.as_str())
                .push_bind(now);
        });
        rows.build().execute(conn).await.map(|r| r.rows_affected())
    })?;
    Ok(published)
}

/// What the log knows of a channel.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChannelState {
    /// The latest sequence number (0 if the channel never had an event).
    pub seq: i64,
    /// Events up to this sequence number are gone from the log.
    pub pruned_through: i64,
}

/// How long events stay in the log.
pub const EVENT_RETENTION_SECS: i64 = 7 * 24 * 3600;

impl Store {
    /// A channel's latest sequence number and how far it has been pruned.
    pub async fn channel_state(&self, topic: &str) -> sqlx::Result<ChannelState> {
        const SQL: &str = "SELECT seq, pruned_through FROM channel_seqs WHERE channel = $1";
        let row: Option<(i64, i64)> =
            with_pool!(self, pool => sqlx::query_as(SQL).bind(topic).fetch_optional(pool).await)?;
        Ok(row
            .map(|(seq, pruned_through)| ChannelState {
                seq,
                pruned_through,
            })
            .unwrap_or_default())
    }

    /// Events of a channel with `after < seq <= up_to`, in order, at most `limit`.
    pub async fn events_between(
        &self,
        topic: &str,
        after: i64,
        up_to: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<(i64, Event)>> {
        const SQL: &str = "SELECT seq, payload FROM events \
             WHERE channel = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT $4";
        let rows: Vec<(i64, String)> = with_pool!(self, pool => sqlx::query_as(SQL)
            .bind(topic).bind(after).bind(up_to).bind(limit)
            .fetch_all(pool).await)?;
        rows.into_iter()
            .map(|(seq, payload)| {
                serde_json::from_str(&payload)
                    .map(|event| (seq, event))
                    .map_err(|e| sqlx::Error::Decode(Box::new(e)))
            })
            .collect()
    }

    /// Drops events older than the retention, remembering per channel how far it went.
    pub async fn prune_events(&self) -> sqlx::Result<u64> {
        const MARK: &str = "UPDATE channel_seqs SET pruned_through = \
             (SELECT MAX(e.seq) FROM events e WHERE e.channel = channel_seqs.channel AND e.created_at < $1) \
             WHERE EXISTS (SELECT 1 FROM events e WHERE e.channel = channel_seqs.channel AND e.created_at < $1)";
        const DELETE: &str = "DELETE FROM events WHERE created_at < $1";
        let cutoff = now_secs() - EVENT_RETENTION_SECS;
        with_writer!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(MARK).bind(cutoff).execute(&mut *tx).await?;
            let removed = sqlx::query(DELETE).bind(cutoff).execute(&mut *tx).await?.rows_affected();
            tx.commit().await?;
            Ok(removed)
        })
    }
}
