//! The event log's reads, as the store's methods (beside `log/`, which writes it and which
//! the store's writers use): each channel's state (its last seq and how far it is pruned), and
//! its events between two seqs, for the sockets that subscribe, resume or find a gap.

use std::collections::HashMap;
use std::sync::Arc;

use dashwire_protocol::Event;

use super::log::ChannelState;
use super::{Backend, Dialects, Store};
use crate::with_pool;

/// The states of the channels listed in one JSON array, `$1`: [`Store::channel_states`]. On
/// PostgreSQL the list is made an array first (`ARRAY(…)`, evaluated once): a generic plan
/// cannot tell how many rows a JSON function yields, and joined or under `IN (SELECT …)` it
/// hashed the list against the whole table (30 ms for one channel). `= ANY (array)` is one
/// bitmap index scan, and it visits each page of the table once for all the channels on it:
/// a probe a channel (a lateral join) took each page's lock once a channel instead, and under
/// a node takeover, with the sends updating those rows, a batch of 512 took seconds rather
/// than milliseconds (RESULTS §19).
const CHANNEL_STATES: Dialects = Dialects {
    sqlite: "SELECT channel, seq, pruned_through FROM channel_seqs \
             WHERE channel IN (SELECT value FROM json_each($1))",
    postgres: "SELECT channel, seq, pruned_through FROM channel_seqs \
               WHERE channel = ANY (ARRAY(SELECT json_array_elements_text($1::json)))",
};

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

    /// Each channel's latest sequence number and how far it has been pruned, in the order
    /// asked: [`Store::channel_state`] for many channels in one statement (the channels come
    /// as one JSON array, so the statement's text is the same for any number of them).
    pub async fn channel_states(&self, topics: &[String]) -> sqlx::Result<Vec<ChannelState>> {
        let sql = self.dialect(CHANNEL_STATES);
        let list = serde_json::to_string(topics).expect("strings encode");
        let rows: Vec<(String, i64, i64)> =
            with_pool!(self, pool => sqlx::query_as(sql).bind(&list).fetch_all(pool).await)?;
        let known: HashMap<String, ChannelState> = rows
            .into_iter()
            .map(|(channel, seq, pruned_through)| {
                (
                    channel,
                    ChannelState {
                        seq,
                        pruned_through,
                    },
                )
            })
            .collect();
        Ok(topics
            .iter()
            .map(|topic| known.get(topic).copied().unwrap_or_default())
            .collect())
    }

    /// [`Store::events_between`] for many channels at once, each `(channel, after, up_to,
    /// limit)` answered in the order asked. One statement on PostgreSQL (a lateral read per
    /// channel, so each stops at its limit); on SQLite, whose reads are in-process and cost
    /// no round trip, one read after the other.
    pub async fn events_between_each(
        &self,
        asks: &[(String, i64, i64, i64)],
    ) -> sqlx::Result<Vec<Vec<(i64, Event)>>> {
        if self.backend() == Backend::Sqlite {
            let mut answers = Vec::with_capacity(asks.len());
            for (topic, after, up_to, limit) in asks {
                answers.push(self.events_between(topic, *after, *up_to, *limit).await?);
            }
            return Ok(answers);
        }
        const SQL: &str = "SELECT a.i, e.seq, e.payload \
             FROM json_to_recordset($1::json) \
                 AS a (i BIGINT, channel TEXT, after BIGINT, up_to BIGINT, lim BIGINT) \
             CROSS JOIN LATERAL ( \
                 SELECT seq, payload FROM events \
                 WHERE channel = a.channel AND seq > a.after AND seq <= a.up_to \
                 UNION ALL SELECT seq, payload FROM event_states \
                 WHERE channel = a.channel AND seq > a.after AND seq <= a.up_to \
                 ORDER BY seq LIMIT a.lim) e \
             ORDER BY a.i, e.seq";
        let list: Vec<serde_json::Value> = asks
            .iter()
            .enumerate()
            .map(|(i, (channel, after, up_to, limit))| {
                serde_json::json!({ "i": i, "channel": channel, "after": after, "up_to": up_to, "lim": limit })
            })
            .collect();
        let list = serde_json::Value::Array(list).to_string();
        let rows: Vec<(i64, i64, String)> = with_pool!(self, pool => sqlx::query_as(SQL)
            .bind(&list).fetch_all(pool).await)?;
        let mut answers: Vec<Vec<(i64, Event)>> = asks.iter().map(|_| Vec::new()).collect();
        for (i, seq, payload) in rows {
            let answer = usize::try_from(i)
                .ok()
                .and_then(|i| answers.get_mut(i))
                .ok_or_else(|| sqlx::Error::Protocol(format!("an answer for read {i}")))?;
            answer.push((seq, decode(&payload)?));
        }
        Ok(answers)
    }

    /// Events of a channel with `after < seq <= up_to`, in order, at most `limit`: those that
    /// stand alone, and the newest of each state (`record`'s compaction).
    pub async fn events_between(
        &self,
        topic: &str,
        after: i64,
        up_to: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<(i64, Event)>> {
        const SQL: &str = "SELECT seq, payload FROM events \
             WHERE channel = $1 AND seq > $2 AND seq <= $3 \
             UNION ALL SELECT seq, payload FROM event_states \
             WHERE channel = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT $4";
        let rows: Vec<(i64, String)> = with_pool!(self, pool => sqlx::query_as(SQL)
            .bind(topic).bind(after).bind(up_to).bind(limit)
            .fetch_all(pool).await)?;
        rows.into_iter()
            .map(|(seq, payload)| decode(&payload).map(|event| (seq, event)))
            .collect()
    }

    /// Events of the feed with `after < feed_seq <= up_to`, whatever their topic, in feed
    /// order, at most `limit`: `(topic key, seq, feed_seq, event)`. For a node that missed some
    /// of the feed. A feed topic is shared, so its key is also its channel.
    pub async fn feed_events_between(
        &self,
        after: i64,
        up_to: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<(String, i64, i64, Event)>> {
        const SQL: &str = "SELECT channel, seq, feed_seq, payload FROM events \
             WHERE feed_seq > $1 AND feed_seq <= $2 ORDER BY feed_seq LIMIT $3";
        let rows: Vec<(String, i64, i64, String)> = with_pool!(self, pool => sqlx::query_as(SQL)
            .bind(after).bind(up_to).bind(limit)
            .fetch_all(pool).await)?;
        rows.into_iter()
            .map(|(channel, seq, feed_seq, payload)| {
                decode(&payload).map(|event| (channel, seq, feed_seq, event))
            })
            .collect()
    }

    /// Events of the given topics (keys) with `after < feed_seq <= up_to`, in feed order, at
    /// most `limit`: `(feed_seq, event)`. What a group subscription missed.
    pub async fn feed_events_of(
        &self,
        topics: &[Arc<str>],
        after: i64,
        up_to: i64,
        limit: i64,
    ) -> sqlx::Result<Vec<(i64, Event)>> {
        if topics.is_empty() {
            return Ok(Vec::new());
        }
        let rows: Vec<(i64, String)> = with_pool!(self, pool => {
            let mut query = sqlx::QueryBuilder::new("SELECT feed_seq, payload FROM events WHERE feed_seq > ");
            query.push_bind(after).push(" AND feed_seq <= ").push_bind(up_to).push(" AND channel IN (");
            let mut list = query.separated(", ");
            for topic in topics {
                list.push_bind(&**topic);
            }
            query.push(") ORDER BY feed_seq LIMIT ").push_bind(limit);
            query.build_query_as().fetch_all(pool).await
        })?;
        rows.into_iter()
            .map(|(feed_seq, payload)| decode(&payload).map(|event| (feed_seq, event)))
            .collect()
    }
}

/// An event as the log keeps it.
fn decode(payload: &str) -> sqlx::Result<Event> {
    serde_json::from_str(payload).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}
