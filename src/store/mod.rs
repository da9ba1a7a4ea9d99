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
pub mod health;
pub mod log;
mod log_reads;
pub mod media;
mod prune;
pub mod publish;
mod read_at_commit;
pub mod session_cache;
mod sqlite_checkpoint;
pub mod sqlite_writer;
mod topic;
mod tx;

pub use health::Health;
pub use log::Published;
pub use prune::{EVENT_RETENTION_SECS, EVENTS_KEPT_PER_CHANNEL};
pub use publish::{Committed, Publish, Publisher};
pub use read_at_commit::ReadAtCommit;
pub use topic::Topic;

pub use clock::now_secs;
pub use conn::TxConn;
pub use handle::{Backend, DbPool, Dialects, Store, in_list_query};
pub use tx::Tx;

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
