//! What the database's errors say about reaching it, and what the store does about a
//! connection that died in the pool.
//!
//! PostgreSQL cuts connections when it restarts, fails over, or is told to
//! (`pg_terminate_backend`); the pool does not notice until a connection is used. A request
//! must not pay for that with a 500, so:
//!
//! - **A dead connection never reaches a handler twice.** The pool pings a connection it hands
//!   out when it sat idle long enough to have died (`PING_IDLE_AFTER` in `mod.rs`), and every
//!   connection it hands out while connections are [`Health::suspect`] (one was just found
//!   dead): a dead one is closed and replaced before anyone sees it.
//! - **The first one found dead costs a retry, not an answer, where that is safe.** A read on
//!   the pool (`with_pool!`) or a transaction's `BEGIN` that fails because its connection is
//!   gone ([`connection_lost`]) runs once more on a connection the pool has checked: running a
//!   read, or a `BEGIN`, twice changes nothing. Every write is a transaction ([`super::Tx`]),
//!   so that is every write's retry. A `COMMIT` whose connection broke (an I/O error) may have
//!   committed before the break: it is not run again, and answers as an unknown outcome
//!   ([`outcome_known`]: a 500, never the 503 that says nothing was saved); PostgreSQL ending
//!   the session itself ([`ended_by_the_server`]) rolled it back. A transaction that loses its
//!   connection before its commit stored nothing: 503.
//! - **A database that cannot be reached answers 503** ([`unavailable`]; `error.rs` sends it
//!   with `Retry-After`), not 500: the client is told to try again, and nothing was stored.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// How long after a connection is found dead every connection handed out is pinged first:
/// the pool's other connections were most likely cut by the same restart or failover.
const SUSPECT_FOR: Duration = Duration::from_secs(5);

/// The store's view of its connections; cheap to clone (shared by the pool's hooks).
#[derive(Clone, Debug)]
pub struct Health(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    /// When the store started: the clock [`Inner::lost_at_ms`] counts from.
    started: Instant,
    /// When a connection was last found dead, in ms since `started` (+1, so 0 is never).
    lost_at_ms: AtomicU64,
    /// Connections found dead, in use or by the pool's ping, and replaced.
    replaced: AtomicU64,
    /// Statements and `BEGIN`s run again after their connection was found dead.
    retried: AtomicU64,
}

impl Default for Health {
    fn default() -> Self {
        Health(Arc::new(Inner {
            started: Instant::now(),
            lost_at_ms: AtomicU64::new(0),
            replaced: AtomicU64::new(0),
            retried: AtomicU64::new(0),
        }))
    }
}

impl Health {
    /// Notes that a connection was found dead (it will be replaced).
    pub(crate) fn lost(&self) {
        let now = self.0.started.elapsed().as_millis() as u64 + 1;
        self.0.lost_at_ms.store(now, Relaxed);
        self.0.replaced.fetch_add(1, Relaxed);
    }

    /// Whether a connection was found dead lately, so that the pool's other connections may
    /// be dead too.
    pub(crate) fn suspect(&self) -> bool {
        let lost = self.0.lost_at_ms.load(Relaxed);
        lost != 0 && {
            let now = self.0.started.elapsed().as_millis() as u64 + 1;
            now.saturating_sub(lost) < SUSPECT_FOR.as_millis() as u64
        }
    }

    /// Whether `result` (of a read, or a `BEGIN`) failed because its connection died: if so,
    /// notes it, and the caller runs it once more.
    pub fn retry<T>(&self, result: &sqlx::Result<T>) -> bool {
        match result {
            Err(err) if connection_lost(err) => {
                self.lost();
                self.0.retried.fetch_add(1, Relaxed);
                tracing::info!(error = %err, "a database connection was found dead; running again on another");
                true
            }
            _ => false,
        }
    }

    /// Connections found dead and replaced so far (for `/metrics`).
    pub(crate) fn replaced(&self) -> u64 {
        self.0.replaced.load(Relaxed)
    }

    /// Statements and `BEGIN`s run again after a dead connection so far (for `/metrics`).
    pub(crate) fn retried(&self) -> u64 {
        self.0.retried.load(Relaxed)
    }
}

/// Begins a transaction on `pool`, once more on another connection if the first was found
/// dead (its `BEGIN` ran nothing).
pub(crate) async fn begin(
    pool: &sqlx::PgPool,
    health: &Health,
) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Postgres>> {
    let first = pool.begin().await;
    if health.retry(&first) {
        pool.begin().await
    } else {
        first
    }
}

/// Whether `err` says the connection it ran on is gone (so nothing ran on it, and the same
/// statement may run again on another): an I/O error, or PostgreSQL ending the backend
/// (`57P01` admin shutdown, as `pg_terminate_backend` and a fast shutdown do; `57P02` crash
/// shutdown; class `08`, connection exception).
pub(crate) fn connection_lost(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Io(_) => true,
        sqlx::Error::Database(db) => db
            .code()
            .is_some_and(|code| matches!(&*code, "57P01" | "57P02") || code.starts_with("08")),
        _ => false,
    }
}

/// Whether PostgreSQL ended the session `err` ran on (`57P01` admin shutdown, `57P03` cannot
/// connect now): the statement was not run, or was rolled back.
pub(crate) fn ended_by_the_server(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(db)
        if db.code().is_some_and(|code| matches!(&*code, "57P01" | "57P03")))
}

/// A write's result, with a connection that broke under it (so that it may have committed
/// before the break) told as an unknown outcome: a 500, never the 503 that says nothing was
/// saved. PostgreSQL ending the session itself rolled the write back: that stays a 503.
pub(crate) fn outcome_known<T>(written: sqlx::Result<T>) -> sqlx::Result<T> {
    written.map_err(|err| {
        if connection_lost(&err) && !ended_by_the_server(&err) {
            sqlx::Error::Protocol(format!("the write's outcome is unknown: {err}"))
        } else {
            err
        }
    })
}

/// Whether `err` means the database cannot be reached or cannot take the request now (so the
/// answer is 503, try again), rather than that something is wrong with the request or the
/// code: a lost connection, a pool that could not hand one out in time (the database is down
/// or saturated), a pool closed by a shutdown, a database starting up or out of connections,
/// or SQLite's file busy past its timeout.
pub(crate) fn unavailable(err: &sqlx::Error) -> bool {
    if connection_lost(err) {
        return true;
    }
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            if code.len() == 5 {
                // PostgreSQL's SQLSTATE: 57P03 cannot connect now (starting up, shutting
                // down), class 53 insufficient resources (53300 too many connections).
                &*code == "57P03" || code.starts_with("53")
            } else {
                // SQLite's result code: SQLITE_BUSY (5) and its extended codes (x & 0xff == 5,
                // e.g. 517 BUSY_SNAPSHOT); SQLite's codes have at most four digits.
                code.parse::<i64>().is_ok_and(|sqlite| sqlite & 0xff == 5)
            }
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_connection_makes_the_others_suspect_for_a_while() {
        let health = Health::default();
        assert!(!health.suspect());
        let failed: sqlx::Result<()> = Err(sqlx::Error::Io(std::io::Error::from(
            std::io::ErrorKind::ConnectionReset,
        )));
        assert!(health.retry(&failed));
        assert!(health.suspect());
        assert_eq!((health.replaced(), health.retried()), (1, 1));
        let refused: sqlx::Result<()> = Err(sqlx::Error::RowNotFound);
        assert!(!health.retry(&refused), "only a lost connection runs again");
        assert!(!health.retry(&Ok(())));
    }

    /// A database error with only a code, as either driver reports one.
    #[derive(Debug)]
    struct Coded(&'static str);

    impl std::fmt::Display for Coded {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "code {}", self.0)
        }
    }

    impl std::error::Error for Coded {}

    impl sqlx::error::DatabaseError for Coded {
        fn message(&self) -> &str {
            self.0
        }
        fn code(&self) -> Option<std::borrow::Cow<'_, str>> {
            Some(self.0.into())
        }
        fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
            self
        }
        fn kind(&self) -> sqlx::error::ErrorKind {
            sqlx::error::ErrorKind::Other
        }
    }

    fn coded(code: &'static str) -> sqlx::Error {
        sqlx::Error::Database(Box::new(Coded(code)))
    }

    #[test]
    fn only_the_database_being_away_is_unavailable_not_a_mistake_or_a_bug() {
        // PostgreSQL: terminated, starting up, out of connections; SQLite: busy.
        for away in ["57P01", "57P03", "53300", "08006", "5", "517"] {
            assert!(unavailable(&coded(away)), "{away}");
        }
        // PostgreSQL: a missing grant, a NUL in text, a unique violation; SQLite: a
        // constraint's commit hook, a shared-memory I/O error.
        for not in ["42501", "22021", "23505", "531", "5386"] {
            assert!(!unavailable(&coded(not)), "{not}");
        }
        assert!(!unavailable(&sqlx::Error::Tls("bad certificate".into())));
    }

    #[test]
    fn a_broken_connection_is_run_again_but_a_commit_on_it_has_an_unknown_outcome() {
        let health = Health::default();
        let broke: sqlx::Result<()> = Err(sqlx::Error::Io(std::io::Error::from(
            std::io::ErrorKind::BrokenPipe,
        )));
        assert!(health.retry(&broke), "a read or a BEGIN runs again");
        assert!(health.retry::<()>(&Err(coded("57P01"))));
        assert!(
            !unavailable(&outcome_known(broke).unwrap_err()),
            "a commit may have committed before the break: not a 503"
        );
        assert!(
            unavailable(&outcome_known::<()>(Err(coded("57P01"))).unwrap_err()),
            "a session PostgreSQL ended rolled back: a 503"
        );
    }

    #[test]
    fn a_pool_that_cannot_hand_out_a_connection_is_unavailable_not_lost() {
        assert!(unavailable(&sqlx::Error::PoolTimedOut));
        assert!(!connection_lost(&sqlx::Error::PoolTimedOut));
        assert!(!unavailable(&sqlx::Error::RowNotFound));
    }
}
