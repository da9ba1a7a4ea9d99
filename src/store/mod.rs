//! Storage: one [`Store`] over SQLite (the embedded default) or PostgreSQL (for several nodes).
//!
//! Queries are written once, with `$N` placeholders that both SQLite and PostgreSQL accept, and
//! run on whichever pool is configured through [`with_pool!`]. The store knows no feature:
//! each feature keeps its own queries in its `store.rs` as free functions over a `&Store`
//! (`follows::store::follow(&store, …)`), so one feature's use of another's queries is an
//! import.

pub mod media;
pub mod session_cache;
pub mod sqlite_writer;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use sqlite_writer::SqliteWriter;
use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use tokio::sync::{Mutex, OwnedMutexGuard};

/// The connection pools of the configured backend.
///
/// SQLite allows one writer at a time, and a transaction that reads and then writes cannot
/// wait for the lock (it fails with "database is locked"). So SQLite writes go through a pool
/// of one connection, or for the hot ones the writer thread (`sqlite_writer.rs`), one at a
/// time behind one gate, where they queue in order inside the process; reads use the others
/// and, in WAL mode, never wait for writes. PostgreSQL uses one pool for both.
#[derive(Clone, Debug)]
pub enum DbPool {
    Sqlite {
        read: SqlitePool,
        write: SqlitePool,
        /// The writer thread for the hot writes.
        writer: SqliteWriter,
        /// Held by every write, sqlx's and the writer thread's: SQLite never sees two.
        gate: Arc<Mutex<()>>,
    },
    Postgres(PgPool),
}

/// A query whose `WHERE … IN (` list is `ids`: `head` ends with `IN (`, the ids are bound,
/// then `tail` (which closes the list) follows. For one query over many rows instead of one
/// per row. `ids` must not be empty (`IN ()` is not SQL).
pub fn in_list_query<DB>(head: &str, ids: &[i64], tail: &str) -> sqlx::QueryBuilder<DB>
where
    DB: sqlx::Database,
    <DB as sqlx::Database>::Arguments: Default,
    for<'t> i64: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    debug_assert!(!ids.is_empty(), "IN () is not SQL");
    let mut query = sqlx::QueryBuilder::new(head);
    let mut list = query.separated(", ");
    for &id in ids {
        list.push_bind(id);
    }
    query.push(tail);
    query
}

/// Runs `$body` with `$pool` bound to the concrete pool for reads, so one query text serves
/// both backends while each keeps its own typed decoding.
///
/// A macro rather than a generic function: sqlx's executors, argument encoders and row
/// decoders are separate types per database, and a function generic over both needs a dozen
/// higher-ranked bounds restated at every caller (Rust does not imply them). Matching once
/// on the pool and compiling the same body twice serves both with nothing to restate.
#[macro_export]
macro_rules! with_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store.pool() {
            $crate::store::DbPool::Sqlite { read: $pool, .. } => $body,
            $crate::store::DbPool::Postgres($pool) => $body,
        }
    };
}

/// Like [`with_pool!`], for anything that writes. On SQLite it holds the write gate while
/// `$body` runs (see [`DbPool`]).
#[macro_export]
macro_rules! with_writer {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store.pool() {
            $crate::store::DbPool::Sqlite {
                write: $pool, gate, ..
            } => {
                let _gate = gate.lock().await;
                $body
            }
            $crate::store::DbPool::Postgres($pool) => $body,
        }
    };
}

/// Like [`with_pool!`], inside an open [`Tx`]: `with_tx!(tx, conn => query.fetch_one(conn))`
/// where `tx` is a `&mut Tx` and `conn` is bound to the backend's connection.
#[macro_export]
macro_rules! with_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx {
            $crate::store::Tx::Sqlite(tx, _) => {
                let $conn = &mut **tx;
                $body
            }
            $crate::store::Tx::Postgres(tx) => {
                let $conn = &mut **tx;
                $body
            }
        }
    };
}

/// A write transaction on the configured backend. Features write their change and the
/// events that report it through one `Tx` (see `realtime::log::record`), so both commit or
/// neither does. Dropped without [`Tx::commit`], it rolls back.
pub enum Tx {
    /// With the write gate, held until it ends (see [`DbPool`]).
    Sqlite(
        sqlx::Transaction<'static, sqlx::Sqlite>,
        OwnedMutexGuard<()>,
    ),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

impl Tx {
    /// Commits everything written through it.
    pub async fn commit(self) -> sqlx::Result<()> {
        match self {
            Tx::Sqlite(tx, _gate) => tx.commit().await,
            Tx::Postgres(tx) => tx.commit().await,
        }
    }
}

/// How long a PostgreSQL connection may sit in the pool before it is pinged again when handed
/// out: its release pinged it, and a connection back for less than this is very likely alive.
const PING_IDLE_AFTER: Duration = Duration::from_secs(1);

/// The handle every feature stores through; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    pool: DbPool,
    /// Sessions read recently (`session_cache.rs`): every request looks its session up.
    sessions: session_cache::SessionCache,
    /// What features keep with the store (`Store::extension`).
    extensions: Extensions,
}

/// Services a feature starts on first use and keeps with the store, one of each type (on
/// PostgreSQL, the queue where sends wait for their batch: `messaging/send_batch.rs`). Kept by
/// type (`http`'s type map) so that the store, a core module, never names a feature.
#[derive(Clone, Default)]
struct Extensions(Arc<std::sync::Mutex<http::Extensions>>);

impl Extensions {
    fn get_or_start<T: Clone + Send + Sync + 'static>(&self, start: impl FnOnce() -> T) -> T {
        // A poisoned lock only means a `start` panicked; the map itself is whole.
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.get_or_insert_with(start).clone()
    }
}

impl std::fmt::Debug for Extensions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Extensions")
    }
}

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend of a `sqlite:` or `postgres:`/`postgresql:` URL; `None` for anything else.
    pub fn of_url(url: &str) -> Option<Backend> {
        let scheme = url.split(':').next()?;
        match scheme {
            "sqlite" => Some(Backend::Sqlite),
            "postgres" | "postgresql" => Some(Backend::Postgres),
            _ => None,
        }
    }
}

impl Store {
    /// Connects to `url` (creating a SQLite file and its folder if missing) and migrates.
    pub async fn connect(url: &str, max_connections: u32) -> anyhow::Result<Store> {
        let pool = match Backend::of_url(url) {
            Some(Backend::Sqlite) => {
                let options = SqliteConnectOptions::from_str(url)
                    .context("not a valid sqlite URL")?
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    // In WAL mode NORMAL syncs at checkpoints, not at every commit: a power cut
                    // may lose the last commits but never corrupts the file, and a commit stops
                    // costing an fsync (the difference between ~1,000 and many thousands of
                    // writes a second).
                    .synchronous(SqliteSynchronous::Normal)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_secs(10));
                if let Some(parent) = options.get_filename().parent()
                    && !parent.as_os_str().is_empty()
                {
                    std::fs::create_dir_all(parent)
                        .with_context(|| format!("cannot create {}", parent.display()))?;
                }
                let write = SqlitePoolOptions::new()
                    .max_connections(1)
                    .acquire_timeout(Duration::from_secs(30))
                    .connect_with(options.clone())
                    .await
                    .context("cannot open the SQLite database")?;
                let read = SqlitePoolOptions::new()
                    .max_connections(max_connections)
                    .connect_with(options.clone().read_only(true))
                    .await
                    .context("cannot open the SQLite database")?;
                // Migrated before the writer thread opens it (its own connection).
                sqlx::migrate!("./migrations/sqlite").run(&write).await?;
                let gate = Arc::new(Mutex::new(()));
                let writer = SqliteWriter::open(options.get_filename(), gate.clone())
                    .context("cannot open the SQLite database for the writer thread")?;
                DbPool::Sqlite {
                    read,
                    write,
                    writer,
                    gate,
                }
            }
            Some(Backend::Postgres) => {
                let options =
                    PgConnectOptions::from_str(url).context("not a valid postgres URL")?;
                let pool = PgPoolOptions::new()
                    .max_connections(max_connections)
                    .acquire_timeout(Duration::from_secs(10))
                    // sqlx pings every connection it hands out, and again every one handed
                    // back: two round trips to PostgreSQL around each use. The ping on release
                    // stays; one on acquire only for a connection idle long enough for the
                    // server or the network to have dropped it since.
                    .test_before_acquire(false)
                    .before_acquire(|conn, meta| {
                        Box::pin(async move {
                            if meta.idle_for > PING_IDLE_AFTER {
                                conn.ping().await?;
                            }
                            Ok(true)
                        })
                    })
                    .connect_with(options)
                    .await
                    .context("cannot connect to PostgreSQL")?;
                DbPool::Postgres(pool)
            }
            None => anyhow::bail!("unsupported database URL (use sqlite://PATH or postgres://...)"),
        };
        let store = Store {
            pool,
            sessions: Default::default(),
            extensions: Default::default(),
        };
        store.migrate().await.context("migrating the database")?;
        Ok(store)
    }

    /// Applies the migrations in `migrations/{sqlite,postgres}` that have not run yet.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        match &self.pool {
            DbPool::Sqlite { write, .. } => {
                sqlx::migrate!("./migrations/sqlite").run(write).await?
            }
            DbPool::Postgres(pool) => sqlx::migrate!("./migrations/postgres").run(pool).await?,
        }
        Ok(())
    }

    /// Opens a write transaction (on SQLite, on the one writer connection, with the gate).
    pub async fn begin(&self) -> sqlx::Result<Tx> {
        match &self.pool {
            DbPool::Sqlite { write, gate, .. } => {
                let gate = gate.clone().lock_owned().await;
                write.begin().await.map(|tx| Tx::Sqlite(tx, gate))
            }
            DbPool::Postgres(pool) => pool.begin().await.map(Tx::Postgres),
        }
    }

    /// The session cache (`session_cache.rs`).
    pub fn sessions(&self) -> &session_cache::SessionCache {
        &self.sessions
    }

    /// The SQLite writer thread, on SQLite.
    pub fn sqlite_writer(&self) -> Option<&SqliteWriter> {
        match &self.pool {
            DbPool::Sqlite { writer, .. } => Some(writer),
            DbPool::Postgres(_) => None,
        }
    }

    /// The feature's service of type `T` kept with this store (every clone of it), started
    /// by `start` the first time it is asked for. `T` is a cheap handle (a queue's sender).
    pub fn extension<T: Clone + Send + Sync + 'static>(&self, start: impl FnOnce() -> T) -> T {
        self.extensions.get_or_start(start)
    }

    /// The pool, for [`with_pool!`].
    pub fn pool(&self) -> &DbPool {
        &self.pool
    }

    /// Which backend this store runs on.
    pub fn backend(&self) -> Backend {
        match self.pool {
            DbPool::Sqlite { .. } => Backend::Sqlite,
            DbPool::Postgres(_) => Backend::Postgres,
        }
    }

    /// Pool figures for `/metrics`: (connections open, idle).
    pub fn pool_stats(&self) -> (u32, usize) {
        match &self.pool {
            DbPool::Sqlite { read, write, .. } => (
                read.size() + write.size(),
                read.num_idle() + write.num_idle(),
            ),
            DbPool::Postgres(pool) => (pool.size(), pool.num_idle()),
        }
    }

    /// Closes every connection; used on shutdown.
    pub async fn close(&self) {
        match &self.pool {
            DbPool::Sqlite { read, write, .. } => {
                read.close().await;
                write.close().await;
            }
            DbPool::Postgres(pool) => pool.close().await,
        }
    }
}

/// The current time in unix seconds.
pub fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_extension_is_started_once_and_shared_by_every_clone() {
        let extensions = Extensions::default();
        let clone = extensions.clone();
        assert_eq!(extensions.get_or_start(|| String::from("first")), "first");
        assert_eq!(
            clone.get_or_start(|| -> String { panic!("started twice") }),
            "first"
        );
        assert_eq!(clone.get_or_start(|| 7u32), 7, "one of each type");
        assert_eq!(extensions.get_or_start(|| 8u32), 7);
    }
}
