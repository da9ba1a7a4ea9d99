//! Storage: one [`Store`] over SQLite (the embedded default) or PostgreSQL (for several nodes).
//!
//! Queries are written once, with `$N` placeholders that both SQLite and PostgreSQL accept, and
//! run on whichever pool is configured through [`with_pool!`](crate::with_pool). The store
//! knows no feature: each feature keeps its own queries in its `store.rs` as free functions
//! over a `&Store` (`follows::store::follow(&store, …)`), so one feature's use of another's
//! queries is an import.

mod clock;
mod conn;
mod handle;
pub(crate) mod health;
pub(crate) mod log;
mod log_reads;
pub(crate) mod media;
mod prune;
pub(crate) mod publish;
mod read_at_commit;
pub(crate) mod session_cache;
mod sqlite_checkpoint;
pub(crate) mod sqlite_writer;
mod topic;
mod tx;

pub(crate) use health::Health;
pub use log::Published;
pub use prune::{EVENT_RETENTION_SECS, EVENTS_KEPT_PER_CHANNEL};
pub(crate) use publish::Publisher;
pub use publish::{Committed, Publish};
pub(crate) use read_at_commit::ReadAtCommit;
pub use topic::Topic;

pub use clock::now_secs;
pub use conn::TxConn;
pub use handle::{Backend, DbPool, Store};
pub(crate) use handle::{Dialects, in_list_query};
pub(crate) use tx::Tx;

/// The event log's writer without the publish a commit makes: for the realtime core's tests,
/// which hand what they record to the node themselves. Nothing else writes the log but
/// [`Tx::record`] and the SQLite writer thread.
#[cfg(test)]
pub(crate) async fn record_unpublished(
    tx: &mut Tx,
    events: Vec<(Topic, dashwire_protocol::Event)>,
) -> sqlx::Result<Vec<Published>> {
    log::record(tx.conn(), events).await
}

/// The text of a unique-constraint violation, if `err` is one; the caller maps it to a
/// clear 409 instead of a 500 when two requests race past a pre-check.
pub fn unique_violation(err: &sqlx::Error) -> Option<String> {
    match err {
        sqlx::Error::Database(db) if db.is_unique_violation() => Some(format!(
            "{} {}",
            db.message(),
            db.constraint().unwrap_or("")
        )),
        _ => None,
    }
}
