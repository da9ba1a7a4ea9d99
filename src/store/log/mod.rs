//! The event log: every event is written, with its channel's next sequence number, in the
//! transaction of the change it reports; sockets replay from it on resume and on gaps. What a
//! record writes is `recording.rs`; each database's statements are `sqlite.rs` and
//! `postgres.rs`; its reads are the store's methods (`store/log_reads.rs`).

use dashwire_protocol::Event;

use crate::store::{Topic, TxConn};

mod postgres;
mod recording;
pub(crate) mod sqlite;

pub(super) use recording::{
    Assigned, NEXT_SEQS, NEXT_SEQS_TAIL, Recording, one_group, replace_state, takes_of,
};
pub use recording::{FEED, Published};
pub(crate) use recording::{READ_AS_IT_IS_NOW, is_read_as_it_is_now, kind_of_key};

/// Appends events to the log inside the open transaction of the change they report, and
/// answers them with their sequence numbers (and feed positions), to publish after commit. A
/// topic may have several events; they take its seqs in the order given. One statement on
/// PostgreSQL (each is a round trip there), two or three on SQLite (which has no
/// data-modifying CTE), whatever the number of events.
pub(in crate::store) async fn record(
    conn: &mut TxConn,
    pending: Vec<(Topic, Event)>,
) -> sqlx::Result<Vec<Published>> {
    if pending.is_empty() {
        return Ok(Vec::new());
    }
    let recording = Recording::new(vec![pending])?;
    match conn {
        TxConn::Postgres(tx) => postgres::record(tx, recording).await,
        TxConn::Sqlite(tx, _) => sqlite::record(tx, recording).await,
    }
}

/// What the log knows of a channel.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChannelState {
    /// The latest sequence number (0 if the channel never had an event).
    pub seq: i64,
    /// Events up to this sequence number are gone from the log.
    pub pruned_through: i64,
}
