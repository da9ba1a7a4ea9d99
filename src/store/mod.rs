//! Storage: one [`Store`] over SQLite (the embedded default) or PostgreSQL (for several nodes).
//!
//! Queries are written once, with `$N` placeholders that both SQLite and PostgreSQL accept, and
//! run on whichever pool is configured through [`with_pool!`]. The store knows no feature:
//! each feature keeps its own queries in its `store.rs` as free functions over a `&Store`
//! (`follows::store::follow(&store, …)`), so one feature's use of another's queries is an
//! import.

pub mod health;
pub mod log;
pub mod media;
mod prune;
pub mod publish;
mod read_at_commit;
pub mod session_cache;
mod sqlite_checkpoint;
pub mod sqlite_writer;
mod topic;

pub use health::Health;
pub use log::Published;
pub use prune::{EVENT_RETENTION_SECS, EVENTS_KEPT_PER_CHANNEL};
pub use publish::{Committed, Publish, Publisher};
pub use read_at_commit::ReadAtCommit;
pub use topic::Topic;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use dashwire_protocol::Event;
use sqlite_writer::SqliteWriter;
use sqlx::Connection;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use tokio::sync::{Mutex, OwnedMutexGuard};
use tokio_util::task::TaskTracker;

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

/// A statement of each dialect, for a read whose text must differ: chosen by the store's
/// backend ([`Store::dialect`]).
#[derive(Clone, Copy, Debug)]
pub struct Dialects {
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
            $crate::store::DbPool::Sqlite { read: $pool, .. } => $body,
            // A connection PostgreSQL cut is found dead here at the latest: once more on
            // another, which the pool checks first (`health.rs`).
            $crate::store::DbPool::Postgres($pool) => {
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

/// Like [`with_pool!`], inside an open [`Tx`]: `with_tx!(tx, conn => query.fetch_one(conn))`
/// where `tx` is a `&mut Tx` and `conn` is bound to the backend's connection.
#[macro_export]
macro_rules! with_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx.conn() {
            $crate::store::TxConn::Sqlite(tx, _) => {
                let $conn = &mut **tx;
                $body
            }
            $crate::store::TxConn::Postgres(tx) => {
                let $conn = &mut **tx;
                $body
            }
        }
    };
}

/// A write transaction on the configured backend, and what it will publish once committed.
/// Features write their change and record the events that report it through one `Tx`
/// ([`Tx::record`]), so both commit or neither does; [`Tx::commit`] then publishes them
/// (`publish.rs`). Dropped without a commit, it rolls back and publishes nothing.
pub struct Tx {
    conn: TxConn,
    /// States to record as it commits ([`Tx::record_at_commit`]).
    at_commit: Vec<Box<dyn ReadAtCommit>>,
    /// Whether [`Tx::record_states`] has run: nothing may be recorded after it.
    states_recorded: bool,
    committed: Committed,
    publisher: Publisher,
    /// The store's commits in flight ([`Store::settle`]).
    commits: TaskTracker,
}

/// The backend's transaction inside a [`Tx`].
pub enum TxConn {
    /// With the write gate, held until it ends (see [`DbPool`]).
    Sqlite(
        sqlx::Transaction<'static, sqlx::Sqlite>,
        OwnedMutexGuard<()>,
    ),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

impl Tx {
    /// The backend's transaction, for [`with_tx!`].
    pub fn conn(&mut self) -> &mut TxConn {
        &mut self.conn
    }

    /// Appends `events` to the event log (`log.rs`), each with its channel's next seq, to be
    /// published once this transaction commits.
    pub async fn record(&mut self, events: Vec<(Topic, Event)>) -> sqlx::Result<()> {
        if self.states_recorded && !events.is_empty() {
            // Its channels' rows would be locked after the states' (`read_at_commit.rs`).
            return Err(sqlx::Error::Protocol(
                "events recorded after the transaction's states".into(),
            ));
        }
        let published = log::record(&mut self.conn, events).await?;
        self.committed.events.extend(published);
        Ok(())
    }

    /// Records, as this commits, the events `state` reads then: their channels' seqs are taken
    /// first, so what it reads includes every change before them on those channels, whatever
    /// commits beside this transaction (`read_at_commit.rs`). For a state that sums what
    /// several changes write, as a user's unread counts do.
    pub fn record_at_commit(&mut self, state: impl ReadAtCommit + 'static) {
        self.at_commit.push(Box::new(state));
    }

    /// Records now the states given to [`Tx::record_at_commit`], which [`Tx::commit`] does
    /// otherwise: for a caller that must tell a failure before the commit (nothing was
    /// written: run it again) from one of the commit itself (it may have committed), as a
    /// batch of sends does. Nothing may be recorded after it, only committed.
    pub async fn record_states(&mut self) -> sqlx::Result<()> {
        let states = std::mem::take(&mut self.at_commit);
        let published = read_at_commit::record(&mut self.conn, &states).await?;
        self.committed.events.extend(published);
        self.states_recorded = true;
        Ok(())
    }

    /// Tells the subscribers of the group `topic`, once this commits, that its members may
    /// have changed (a dashboard's blogs, after a follow).
    pub fn refresh(&mut self, topic: Topic) {
        self.committed.refreshed.push(topic);
    }

    /// Closes the sockets of the session whose token hashes to `token_hash`, on every node,
    /// once this commits.
    pub fn end_session(&mut self, token_hash: String) {
        self.committed.ended_sessions.push(token_hash);
    }

    /// Rolls back everything written through it; nothing is published. (Dropping it rolls
    /// back too, without waiting for PostgreSQL's answer: a caller that runs the change again
    /// at once waits here instead, so the rolled-back rows' locks are gone first.)
    pub async fn rollback(self) -> sqlx::Result<()> {
        match self.conn {
            TxConn::Sqlite(tx, _gate) => tx.rollback().await,
            TxConn::Postgres(tx) => tx.rollback().await,
        }
    }

    /// Records the states of [`Tx::record_at_commit`], commits everything written through it,
    /// then publishes what it recorded. The commit and the publish run on a task of their own:
    /// a caller dropped while it waits (its request gone) cannot stop a commit between sending
    /// it and publishing what it committed.
    pub async fn commit(mut self) -> sqlx::Result<()> {
        self.record_states().await?;
        let Tx {
            conn,
            at_commit: _,
            states_recorded: _,
            committed,
            publisher,
            commits,
        } = self;
        let committing = commits.spawn(async move {
            match conn {
                TxConn::Sqlite(tx, _gate) => tx.commit().await?,
                TxConn::Postgres(tx) => tx.commit().await.map_err(commit_outcome)?,
            }
            publisher.publish(committed);
            Ok(())
        });
        committing
            .await
            .map_err(|err| sqlx::Error::Protocol(format!("the commit's task failed: {err}")))?
    }
}

/// A `COMMIT` whose connection broke may have committed (the break may have come after
/// PostgreSQL did, before its answer): such an error is told apart from "the database is away,
/// nothing was saved" (a 503), so that the caller answers 500 rather than invite a client to
/// send the change again. PostgreSQL ending the session (`57P01`) rolled it back: that stays.
fn commit_outcome(err: sqlx::Error) -> sqlx::Error {
    health::outcome_known::<()>(Err(err)).expect_err("an error stays an error")
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
    pool: DbPool,
    /// Sessions read recently (`session_cache.rs`): every request looks its session up.
    sessions: session_cache::SessionCache,
    /// Where what commits is published (`publish.rs`).
    publisher: Publisher,
    /// Commits running on tasks of their own ([`Tx::commit`]), for [`Store::settle`].
    commits: TaskTracker,
    /// Connections found dead, and whether the others are suspect (`health.rs`).
    health: Health,
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
    pub fn sessions(&self) -> &session_cache::SessionCache {
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
    pub fn sqlite_writer(&self) -> Option<&SqliteWriter> {
        match &self.pool {
            DbPool::Sqlite { writer, .. } => Some(writer),
            DbPool::Postgres(_) => None,
        }
    }

    /// The statement of `dialects` for this store's backend.
    pub fn dialect(&self, dialects: Dialects) -> &'static str {
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

    /// How many connections its reads may hold at once (SQLite's reads have a pool of their
    /// own; PostgreSQL's share one with the writes).
    pub fn max_read_connections(&self) -> u32 {
        match &self.pool {
            DbPool::Sqlite { read, .. } => read.options().get_max_connections(),
            DbPool::Postgres(pool) => pool.options().get_max_connections(),
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
