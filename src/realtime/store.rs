//! The event log: every event is written, with its channel's next sequence number, in the
//! transaction of the change it reports; sockets replay from it on resume and on gaps.

use dashwire_protocol::Event;

use crate::store::{Store, now_secs};
use crate::{with_pool, with_writer};

/// Bumps (or starts) the sequence of each channel listed after it (one `($1, 1)` row per
/// channel, pushed by a query builder) and returns `(channel, seq)`. The upsert locks each
/// channel's row until commit, so one channel's events commit in sequence order; callers
/// list channels sorted, so that concurrent transactions lock them in one order.
pub const NEXT_SEQS: &str = "INSERT INTO channel_seqs (channel, seq) ";
/// What follows the rows of [`NEXT_SEQS`].
pub const NEXT_SEQS_TAIL: &str =
    " ON CONFLICT (channel) DO UPDATE SET seq = channel_seqs.seq + 1 RETURNING channel, seq";
/// Writes events; one `(channel, seq, payload, created_at)` row each is pushed after it.
pub const INSERT_EVENTS: &str = "INSERT INTO events (channel, seq, payload, created_at) ";

/// An event written to the log, to publish once its transaction has committed.
#[derive(Debug, Clone, PartialEq)]
pub struct Published {
    /// The routing topic: the channel string, except `unread:{user_id}` for a user's
    /// `unread` channel.
    pub topic: String,
    pub seq: i64,
    pub event: Event,
}

/// Appends events inside an open transaction, in two statements whatever their number:
/// `record_events!(tx, pending)` where `pending` is a `Vec<(String, Event)>` of (topic,
/// event), at most one per topic; evaluates to `sqlx::Result<Vec<Published>>`.
#[macro_export]
macro_rules! record_events {
    ($tx:expr, $pending:expr) => {
        async {
            let mut pending: Vec<(String, dashwire_protocol::Event)> = $pending;
            if pending.is_empty() {
                return Ok::<_, sqlx::Error>(Vec::new());
            }
            pending.sort_by(|a, b| a.0.cmp(&b.0));
            let mut seqs = sqlx::QueryBuilder::new($crate::realtime::store::NEXT_SEQS);
            seqs.push_values(&pending, |mut row, (topic, _)| {
                row.push_bind(topic.as_str()).push_bind(1i64);
            });
            seqs.push($crate::realtime::store::NEXT_SEQS_TAIL);
            let assigned: Vec<(String, i64)> = seqs.build_query_as().fetch_all(&mut *$tx).await?;
            let now = $crate::store::now_secs();
            let mut published = Vec::with_capacity(pending.len());
            for (topic, event) in pending {
                let seq = assigned
                    .iter()
                    .find(|(channel, _)| *channel == topic)
                    .map(|(_, seq)| *seq)
                    .ok_or_else(|| sqlx::Error::RowNotFound)?;
                published.push($crate::realtime::store::Published { topic, seq, event });
            }
            let payloads: Vec<String> = published
                .iter()
                .map(|p| serde_json::to_string(&p.event))
                .collect::<Result<_, _>>()
                .map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
            let mut events = sqlx::QueryBuilder::new($crate::realtime::store::INSERT_EVENTS);
            events.push_values(published.iter().zip(&payloads), |mut row, (p, payload)| {
                row.push_bind(p.topic.as_str())
                    .push_bind(p.seq)
                    .push_bind(payload.as_str())
                    .push_bind(now);
            });
            events.build().execute(&mut *$tx).await?;
            Ok::<_, sqlx::Error>(published)
        }
    };
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
