//! The event log's record on PostgreSQL: one statement whatever the number of events.

use super::recording::{FEED, PendingRow, Published, Recording, one_group, replace_state};
use crate::store::now_secs;

/// What [`record`] runs: the seqs are taken and the events written in one
/// statement, the insert reading the seqs from the upsert's `RETURNING` (a data-modifying
/// CTE). A row's seq is its channel's last one taken less its `seq_back`, and its feed
/// position the feed's last one taken less its `feed_back`, as [`Recording::assign`] counts
/// them. The rows come as arrays, so the statement's text is the same for any number of
/// events: prepared and planned once per connection (a `VALUES` list would be a new statement
/// for each count). `unnest` yields the channels in the order given, so they are locked in
/// topic order.
const RECORD: &str = concat!(
    "WITH taken AS (INSERT INTO channel_seqs (channel, seq) \
     SELECT * FROM unnest($1::text[], $2::bigint[]) \
     ON CONFLICT (channel) DO UPDATE SET seq = channel_seqs.seq + excluded.seq RETURNING channel, seq), \
     pending AS (SELECT * FROM unnest($3::text[], $4::bigint[], $5::bigint[], $6::text[], $9::text[]) \
     AS e (channel, seq_back, feed_back, payload, state_key)), \
     written AS (INSERT INTO events (channel, seq, feed_seq, payload, created_at) \
     SELECT e.channel, t.seq - e.seq_back, f.seq - e.feed_back, e.payload, $7 \
     FROM pending e JOIN taken t ON t.channel = e.channel LEFT JOIN taken f ON f.channel = $8 \
     WHERE e.state_key IS NULL), \
     stated AS (INSERT INTO event_states (channel, state_key, seq, payload, created_at) \
     SELECT e.channel, e.state_key, t.seq - e.seq_back, e.payload, $7 \
     FROM pending e JOIN taken t ON t.channel = e.channel WHERE e.state_key IS NOT NULL",
    replace_state!(),
    ") SELECT channel, seq FROM taken"
);

/// [`super::record`] on PostgreSQL: [`RECORD`].
pub(super) async fn record(
    conn: &mut sqlx::PgConnection,
    recording: Recording,
) -> sqlx::Result<Vec<Published>> {
    let (channels, counts): (Vec<&str>, Vec<i64>) = recording.takes().unzip();
    let rows: Vec<PendingRow> = recording.rows().collect();
    let assigned: Vec<(String, i64)> = sqlx::query_as(RECORD)
        .bind(channels)
        .bind(counts)
        .bind(rows.iter().map(|r| r.key).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.seq_back).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.feed_back).collect::<Vec<_>>())
        .bind(rows.iter().map(|r| r.payload).collect::<Vec<_>>())
        .bind(now_secs())
        .bind(FEED)
        .bind(rows.iter().map(|r| r.state_key).collect::<Vec<_>>())
        .fetch_all(conn)
        .await?;
    Ok(one_group(recording.assign(&assigned)?.published))
}
