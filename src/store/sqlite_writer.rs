//! SQLite's hot writes, each one job on a thread of its own (issue 12).
//!
//! sqlx runs every SQLite statement as a round trip to its connection's worker thread: a
//! futex wake and a context switch each way. A message send is a dozen statements, and the
//! profile of chat at saturation put half the server's CPU in those hand-offs
//! (loadtest/RESULTS.md §9). A writer job instead runs a whole transaction, statements
//! prepared once and cached (rusqlite), on this thread in one hand-off each way.
//!
//! SQLite has one writer at a time, and a transaction that waits for another writer sleeps
//! in SQLite's busy handler: so every write, sqlx's and this thread's alike, first takes the
//! store's write gate (`Store::begin`, `with_writer!`, [`SqliteWriter::run`]). The gate is
//! the order; SQLite never sees two writers.
//!
//! rusqlite links the same SQLite as sqlx (libsqlite3-sys 0.37): one library in the process.

use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use rusqlite::{Connection, Transaction, TransactionBehavior};
use tokio::sync::{Mutex, oneshot};

/// A job, boxed for the thread: it runs the caller's work and sends the answer back.
type Job = Box<dyn FnOnce(&mut Connection) + Send>;

/// Statements each writer keeps prepared.
const STATEMENT_CACHE: usize = 64;

/// The writer thread's handle; cheap to clone.
#[derive(Clone)]
pub struct SqliteWriter {
    jobs: mpsc::Sender<Job>,
    /// The store's write gate, shared with the sqlx writes.
    gate: Arc<Mutex<()>>,
}

impl std::fmt::Debug for SqliteWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteWriter").finish_non_exhaustive()
    }
}

/// Why a writer job could not run or failed.
#[derive(Debug, thiserror::Error)]
pub enum WriterError {
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("the SQLite writer thread is gone")]
    Gone,
}

impl From<WriterError> for sqlx::Error {
    fn from(err: WriterError) -> sqlx::Error {
        sqlx::Error::Protocol(err.to_string())
    }
}

/// Parameters of a statement written with `$1`, `$2`… (the text sqlx runs on both backends),
/// bound by name: to SQLite those are names, numbered as they first appear in the text, which
/// need not be their number.
pub fn named<'a>(
    values: &[&'a dyn rusqlite::ToSql],
) -> Vec<(&'static str, &'a dyn rusqlite::ToSql)> {
    const NAMES: [&str; 12] = [
        "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9", "$10", "$11", "$12",
    ];
    assert!(values.len() <= NAMES.len(), "more parameters than names");
    NAMES.iter().copied().zip(values.iter().copied()).collect()
}

impl SqliteWriter {
    /// Opens the database file (already created and migrated) on a new writer thread, with
    /// the pragmas the sqlx connections use. `gate` is the store's write gate.
    pub fn open(path: &Path, gate: Arc<Mutex<()>>) -> anyhow::Result<SqliteWriter> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(10))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || {
                let mut conn = conn;
                // Ends when every handle is dropped (the store is gone). A job that panics
                // rolls its transaction back as it unwinds and answers nobody (its caller
                // gets `Gone`); the thread goes on with the next.
                while let Ok(job) = queue.recv() {
                    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        job(&mut conn);
                    }));
                    if ran.is_err() {
                        tracing::error!("a SQLite writer job panicked; its write was rolled back");
                    }
                }
            })?;
        Ok(SqliteWriter { jobs, gate })
    }

    /// Runs `work` in one IMMEDIATE transaction on the writer thread, under the write gate:
    /// committed when it answers `Ok`, rolled back when it answers `Err`.
    pub async fn run<T, E>(
        &self,
        work: impl FnOnce(&Transaction) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<WriterError> + Send + 'static,
    {
        let _gate = self.gate.lock().await;
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move |conn: &mut Connection| {
            let result = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
                Ok(tx) => match work(&tx) {
                    Ok(value) => tx
                        .commit()
                        .map(|()| value)
                        .map_err(|e| E::from(WriterError::from(e))),
                    // Dropping the transaction rolls it back.
                    Err(err) => Err(err),
                },
                Err(err) => Err(E::from(WriterError::from(err))),
            };
            let _ = answer.send(result);
        });
        self.jobs
            .send(job)
            .map_err(|_| E::from(WriterError::Gone))?;
        answered.await.unwrap_or(Err(E::from(WriterError::Gone)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writer() -> (SqliteWriter, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.db");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE t (n INTEGER NOT NULL)")
            .unwrap();
        drop(conn);
        let writer = SqliteWriter::open(&path, Arc::new(Mutex::new(()))).unwrap();
        (writer, dir)
    }

    async fn count(writer: &SqliteWriter) -> i64 {
        writer
            .run(|tx| {
                tx.query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0))
                    .map_err(WriterError::from)
            })
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn a_job_commits_on_ok_rolls_back_on_err_and_a_panic_leaves_the_thread_working() {
        let (writer, _dir) = writer();
        writer
            .run(|tx| {
                tx.execute("INSERT INTO t (n) VALUES (1)", [])
                    .map_err(WriterError::from)
            })
            .await
            .unwrap();
        let refused: Result<(), WriterError> = writer
            .run(|tx| {
                tx.execute("INSERT INTO t (n) VALUES (2)", [])?;
                Err(WriterError::Gone)
            })
            .await;
        assert!(refused.is_err());
        let panicked: Result<(), WriterError> = writer
            .run(|tx| {
                tx.execute("INSERT INTO t (n) VALUES (3)", [])?;
                panic!("a bug in a job");
            })
            .await;
        assert!(matches!(panicked, Err(WriterError::Gone)));
        assert_eq!(count(&writer).await, 1, "only the committed job's row");
    }

    #[test]
    fn parameters_are_bound_by_their_names() {
        let conn = Connection::open_in_memory().unwrap();
        // `$2` comes first in the text: by position it would take the first value.
        let (a, b): (i64, i64) = conn
            .query_row("SELECT $2, $1", named(&[&1i64, &2i64]).as_slice(), |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!((a, b), (2, 1));
    }
}
