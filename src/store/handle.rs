//! [`Store`]: the handle every feature stores through, over the configured backend's pools;
//! and the way one query text serves both backends ([`with_pool!`], [`Dialects`]).

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use tokio::sync::Mutex;
use tokio_util::task::TaskTracker;

use super::conn::TxConn;
use super::publish::{Committed, Publisher};
use super::sqlite_writer::{self, SqliteWriter};
use super::tx::Tx;
use super::{Health, health, session_cache};

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
pub(crate) fn in_list_query<DB>(head: &str, ids: &[i64], tail: &str) -> sqlx::QueryBuilder<DB>
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

/// A statement of each dialect, for a read whose text must differ: chosen by the store's
/// backend ([`Store::dialect`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dialects {
    pub sqlite: &'static str,
    pub postgres: &'static str,
}

/// Runs `$body` with `$pool` bound to the concrete pool for reads, so one query text serves
/// both backends while each keeps its own typed decoding.
///
/// On PostgreSQL `$body` runs a second time when its connection was found dead
/// (`health.rs`): it must be one read, or several with no effect outside the statements (a
/// `?` inside it returns before the retry).
///
/// A macro rather than a generic function: sqlx's executors, argument encoders and row
/// decoders are separate types per database, and a function generic over both needs a dozen
/// higher-ranked bounds restated at every caller (Rust does not imply them). Matching once
/// on the pool and compiling the same body twice serves both with nothing to restate.
#[macro_export]
macro_rules! with_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store.pool() {
            $crate::__macro_support::DbPool::Sqlite { read: $pool, .. } => $body,
            // A connection PostgreSQL cut is found dead here at the latest: once more on
            // another, which the pool checks first (`health.rs`).
            $crate::__macro_support::DbPool::Postgres($pool) => {
                let first = $body;
                if $store.health().retry(&first) {
                    $body
                } else {
                    first
                }
            }
        }
    };
}

/// How long a PostgreSQL connection may sit in the pool before it is pinged again when handed
/// out: its release pinged it, and a connection back for less than this is very likely alive.
const PING_IDLE_AFTER: Duration = Duration::from_secs(1);

/// How long a request waits for a PostgreSQL connection before it is answered 503 (try
/// again): the pool is saturated, or PostgreSQL is down (the pool keeps trying to connect
/// meanwhile, so the wait is the time a down database takes to answer).
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// The handle every feature stores through; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    pub(super) pool: DbPool,
    /// Sessions read recently (`session_cache.rs`): every request looks its session up.
    pub(super) sessions: session_cache::SessionCache,
    /// Where what commits is published (`publish.rs`).
    pub(super) publisher: Publisher,
    /// Commits running on tasks of their own ([`Tx::commit`]), for [`Store::settle`].
    pub(super) commits: TaskTracker,
    /// Connections found dead, and whether the others are suspect (`health.rs`).
    pub(super) health: Health,
}

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend of a `sqlite:` or `postgres:`/`postgresql:` URL; `None` for anything else.
    pub(crate) fn of_url(url: &str) -> Option<Backend> {
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
        let publisher = Publisher::default();
        let health = Health::default();
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
                let writer =
                    SqliteWriter::open(options.get_filename(), gate.clone(), publisher.clone())
                        .context("cannot open the SQLite database for the writer thread")?;
                DbPool::Sqlite {
                    read,
                    write,
                    writer,
                    gate,
                }
            }
            Some(Backend::Postgres) => {
                // No JIT: every statement here is a short one whose compile would cost more
                // than it runs. Past `jit_above_cost` (an estimate, not a time) PostgreSQL
                // compiled the batched replay read (`log.rs`, `events_between_each`) on every
                // call: 10-40 ms for a read that takes 2 ms.
                let options = PgConnectOptions::from_str(url)
                    .context("not a valid postgres URL")?
                    .options([("jit", "off")]);
                let checked = health.clone();
                let pool = PgPoolOptions::new()
                    .max_connections(max_connections)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    // sqlx pings every connection it hands out, and again every one handed
                    // back: two round trips to PostgreSQL around each use. The ping on release
                    // stays; one on acquire only for a connection idle long enough for the
                    // server or the network to have dropped it since, or while another was
                    // just found dead (a restart or failover cut them all: `health.rs`).
                    .test_before_acquire(false)
                    .before_acquire(move |conn, meta| {
                        let health = checked.clone();
                        Box::pin(async move {
                            if (meta.idle_for > PING_IDLE_AFTER || health.suspect())
                                && let Err(err) = conn.ping().await
                            {
                                // The pool closes it and hands out another.
                                health.lost();
                                return Err(err);
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
            publisher,
            commits: TaskTracker::new(),
            health,
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
        let conn = match &self.pool {
            DbPool::Sqlite { write, gate, .. } => {
                let gate = gate.clone().lock_owned().await;
                TxConn::Sqlite(write.begin().await?, gate)
            }
            // A `BEGIN` on a connection found dead ran nothing: once more (`health.rs`).
            DbPool::Postgres(pool) => TxConn::Postgres(health::begin(pool, &self.health).await?),
        };
        Ok(Tx {
            conn,
            at_commit: Vec::new(),
            states_recorded: false,
            committed: Committed::default(),
            publisher: self.publisher.clone(),
            commits: self.commits.clone(),
        })
    }

    /// Connections found dead and replaced (`health.rs`).
    pub fn health(&self) -> &Health {
        &self.health
    }

    /// The session cache (`session_cache.rs`).
    pub(crate) fn sessions(&self) -> &session_cache::SessionCache {
        &self.sessions
    }

    /// Where what commits is published: the realtime core connects itself here when it
    /// starts.
    pub fn publisher(&self) -> &Publisher {
        &self.publisher
    }

    /// The pool, for [`with_pool!`].
    pub fn pool(&self) -> &DbPool {
        &self.pool
    }

    /// The SQLite writer thread, on SQLite: where a hot change runs as one job with group
    /// commit (`sqlite_writer.rs`) rather than in a [`Tx`] of its own. `None` on PostgreSQL,
    /// whose changes all run in a [`Tx`].
    pub(crate) fn sqlite_writer(&self) -> Option<&SqliteWriter> {
        match &self.pool {
            DbPool::Sqlite { writer, .. } => Some(writer),
            DbPool::Postgres(_) => None,
        }
    }

    /// The statement of `dialects` for this store's backend.
    pub(crate) fn dialect(&self, dialects: Dialects) -> &'static str {
        match self.backend() {
            Backend::Sqlite => dialects.sqlite,
            Backend::Postgres => dialects.postgres,
        }
    }

    /// Which backend this store runs on.
    pub fn backend(&self) -> Backend {
        match self.pool {
            DbPool::Sqlite { .. } => Backend::Sqlite,
            DbPool::Postgres(_) => Backend::Postgres,
        }
    }

    /// Pool figures for `/metrics`: (connections open, idle).
    pub(crate) fn pool_stats(&self) -> (u32, usize) {
        match &self.pool {
            DbPool::Sqlite { read, write, .. } => (
                read.size() + write.size(),
                read.num_idle() + write.num_idle(),
            ),
            DbPool::Postgres(pool) => (pool.size(), pool.num_idle()),
        }
    }

    /// Waits until every change handed to the store before this call has committed or
    /// failed, and has published what it committed: the commits running on tasks of their own
    /// (a request dropped while it committed leaves one), and the jobs queued for the SQLite
    /// writer thread. On shutdown, so that nothing committed is left unpublished when the
    /// process exits; and for tests that drop requests. (A PostgreSQL send batch is its
    /// owner's to stop: `messaging::Sends::stop`.)
    pub async fn settle(&self) {
        if let DbPool::Sqlite { writer, .. } = &self.pool {
            // The thread takes jobs in order: once this one has run, those before it have.
            let _ = writer
                .run(|_| Ok::<(), sqlite_writer::WriterError>(()))
                .await;
        }
        self.commits.close();
        self.commits.wait().await;
        self.commits.reopen();
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
