//! SQLite's hot writes, each one job on a thread of its own (issue 12).
//!
//! sqlx runs every SQLite statement as a round trip to its connection's worker thread: a
//! futex wake and a context switch each way. A message send is a dozen statements, and the
//! profile of chat at saturation put half the server's CPU in those hand-offs
//! (loadtest/RESULTS.md §9). A writer job instead runs a whole transaction, statements
//! prepared once and cached (rusqlite), on this thread in one hand-off each way.
//!
//! Jobs that queue while the thread is busy share one transaction (group commit): a commit's
//! cost (the WAL frames of every page it touched, the locks) is paid once for the batch, and
//! the pages the jobs share (the tail of the messages and events tables and their indexes)
//! are written once. Each job runs in a savepoint of its own, so one job's refusal undoes only
//! its writes, and each caller hears back only after the commit: nothing is published that
//! is not stored.
//!
//! SQLite has one writer at a time, and a transaction that waits for another writer sleeps
//! in SQLite's busy handler: so every write, sqlx's and this thread's alike, first takes the
//! store's write gate (`Store::begin`, and this thread for each batch). The
//! gate is the order; SQLite never sees two writers.
//!
//! rusqlite links the same SQLite as sqlx (libsqlite3-sys 0.37): one library in the process.
//!
//! Why a way in beside [`Tx`](super::Tx) and not behind it (issue 35 asked for one type): a
//! `Tx` is sqlx's, async, a round trip per statement; a job here is one synchronous rusqlite
//! closure. One API over both would be a query layer of our own over two drivers, or this
//! thread given up with §9's gain. What keeps a change written one way: a feature chooses
//! this thread in one place (`Store::sqlite_writer()`), its rules are the same code on every
//! path, and `tests/write_paths.rs` expects the same answers, rows and events from each.

use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use dashwire_protocol::Event;
use rusqlite::{Connection, Transaction, TransactionBehavior};
use tokio::sync::{Mutex, oneshot};

use super::sqlite_checkpoint::{self, CHECKPOINTING, Checkpointing, WAL_BACKSTOP_PAGES};
use super::{Committed, Publisher, Topic, log};

/// A caller's work waiting for the thread, with the way back to the caller.
trait Job: Send {
    /// Runs the work inside the batch's transaction and says what became of it.
    fn run(self: Box<Self>, tx: &Transaction) -> Ran;
    /// Tells the caller the work could not run: the transaction did not begin.
    fn refuse(self: Box<Self>, err: WriterError);
}

/// What a job's work did.
enum Ran {
    /// Its writes are to be committed, and what it recorded published once they are; the
    /// caller is told once the batch's fate is known.
    Keep(Committed, Finish),
    /// Its writes are to be rolled back; the caller is told at once (nothing of it stays).
    Undo(Box<dyn FnOnce() + Send>),
}

/// Tells a kept job's caller its answer: `None` once the batch committed, or why it did not.
type Finish = Box<dyn FnOnce(Option<WriterError>) + Send>;

/// A [`Job`] of [`SqliteWriter::run`].
struct Pending<W, T, E> {
    work: W,
    answer: oneshot::Sender<Result<T, E>>,
}

impl<W, T, E> Job for Pending<W, T, E>
where
    W: FnOnce(&mut WriterTx) -> Result<T, E> + Send + 'static,
    T: Send + 'static,
    E: From<WriterError> + Send + 'static,
{
    fn run(self: Box<Self>, tx: &Transaction) -> Ran {
        let Pending { work, answer } = *self;
        let mut tx = WriterTx {
            tx,
            committed: Committed::default(),
        };
        match work(&mut tx) {
            Ok(value) => Ran::Keep(
                tx.committed,
                Box::new(move |failed: Option<WriterError>| {
                    let _ = answer.send(match failed {
                        None => Ok(value),
                        Some(err) => Err(E::from(err)),
                    });
                }),
            ),
            Err(err) => Ran::Undo(Box::new(move || {
                let _ = answer.send(Err(err));
            })),
        }
    }

    fn refuse(self: Box<Self>, err: WriterError) {
        let _ = self.answer.send(Err(E::from(err)));
    }
}

/// The most jobs one transaction commits: enough that a burst of sends shares its commits,
/// few enough that the first of them does not wait long for the last.
const MAX_BATCH: usize = 64;

/// Statements each writer keeps prepared.
const STATEMENT_CACHE: usize = 64;

/// A job's view of the batch's transaction: the statements it runs (it derefs to rusqlite's
/// transaction) and what it records in the event log, to publish once the batch commits.
pub(crate) struct WriterTx<'a> {
    tx: &'a Transaction<'a>,
    committed: Committed,
}

impl WriterTx<'_> {
    /// Appends `events` to the event log, as [`super::Tx::record`] does.
    pub(crate) fn record(&mut self, events: Vec<(Topic, Event)>) -> sqlx::Result<()> {
        let published = log::sqlite::record_on_writer_thread(self.tx, events)?;
        self.committed.events.extend(published);
        Ok(())
    }

    /// As [`super::Tx::refresh`].
    pub(crate) fn refresh(&mut self, topic: Topic) {
        self.committed.refreshed.push(topic);
    }
}

impl<'a> std::ops::Deref for WriterTx<'a> {
    type Target = Transaction<'a>;

    fn deref(&self) -> &Transaction<'a> {
        self.tx
    }
}

/// The writer thread's handle; cheap to clone.
#[derive(Clone)]
pub struct SqliteWriter {
    jobs: mpsc::Sender<Box<dyn Job>>,
    /// Keeps the checkpointer thread going; it stops when the last handle is dropped.
    _checkpointer: mpsc::Sender<()>,
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
    /// The transaction the job shared with others did not begin or commit.
    #[error("sqlite: the batch's transaction failed: {0}")]
    Batch(String),
}

impl From<WriterError> for sqlx::Error {
    fn from(err: WriterError) -> sqlx::Error {
        sqlx::Error::Protocol(err.to_string())
    }
}

/// Parameters of a statement written with `$1`, `$2`… (the text sqlx runs on both backends),
/// bound by name: to SQLite those are names, numbered as they first appear in the text, which
/// need not be their number.
pub(crate) fn named<'a>(
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
    pub(crate) fn open(
        path: &Path,
        gate: Arc<Mutex<()>>,
        publisher: Publisher,
    ) -> anyhow::Result<SqliteWriter> {
        SqliteWriter::open_with(path, gate, publisher, CHECKPOINTING)
    }

    fn open_with(
        path: &Path,
        gate: Arc<Mutex<()>>,
        publisher: Publisher,
        checkpointing: Checkpointing,
    ) -> anyhow::Result<SqliteWriter> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(10))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Each job's savepoint keeps the pages it changes first in a sub-journal, in case the
        // job is rolled back: in memory, not in a temporary file written for every job.
        conn.pragma_update(None, "temp_store", "MEMORY")?;
        // The checkpointer thread folds the WAL back; this only bounds it if that thread
        // cannot (pages of 4 KiB: 200 MiB).
        conn.pragma_update(None, "wal_autocheckpoint", WAL_BACKSTOP_PAGES)?;
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        let checkpointer = sqlite_checkpoint::spawn(path, gate.clone(), checkpointing)?;
        let (jobs, queue) = mpsc::channel::<Box<dyn Job>>();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || {
                let mut conn = conn;
                // Ends when every handle is dropped (the store is gone).
                while let Ok(first) = queue.recv() {
                    let mut batch = vec![first];
                    batch.extend(queue.try_iter().take(MAX_BATCH - 1));
                    let _gate = gate.blocking_lock();
                    commit_batch(&mut conn, batch, &publisher);
                }
            })?;
        Ok(SqliteWriter {
            jobs,
            _checkpointer: checkpointer,
        })
    }

    /// Runs `work` on the writer thread inside an IMMEDIATE transaction, under the write gate:
    /// kept when it answers `Ok`, rolled back when it answers `Err`. The answer comes once
    /// what `work` wrote is committed. Jobs queued together share one transaction (group
    /// commit), each in a savepoint of its own, so one job's `Err` or panic undoes only its
    /// own writes; a panicking job's caller gets [`WriterError::Gone`].
    pub(crate) async fn run<T, E>(
        &self,
        work: impl FnOnce(&mut WriterTx) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<WriterError> + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let job: Box<dyn Job> = Box::new(Pending { work, answer });
        self.jobs
            .send(job)
            .map_err(|_| E::from(WriterError::Gone))?;
        answered.await.unwrap_or(Err(E::from(WriterError::Gone)))
    }
}

/// Runs `batch` in one transaction, each job between a savepoint and its release, publishes
/// what the kept jobs recorded once it commits, and tells the callers (after: an answer never
/// comes before its events are on their way). A job that fails or panics is rolled back to
/// its savepoint and the others go on; if the transaction cannot begin or commit, every kept
/// job is told why.
fn commit_batch(conn: &mut Connection, batch: Vec<Box<dyn Job>>, publisher: &Publisher) {
    let tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(err) => {
            let message = err.to_string();
            for job in batch {
                job.refuse(WriterError::Batch(message.clone()));
            }
            return;
        }
    };
    let mut kept = Vec::with_capacity(batch.len());
    let mut committed = Committed::default();
    for job in batch {
        if let Err(err) = savepoint(&tx, "SAVEPOINT job") {
            job.refuse(err.into());
            continue;
        }
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job.run(&tx)));
        match ran {
            Ok(Ran::Keep(recorded, finish)) => match savepoint(&tx, "RELEASE job") {
                Ok(()) => {
                    committed.extend(recorded);
                    kept.push(finish);
                }
                Err(err) => {
                    undo(&tx);
                    finish(Some(err.into()));
                }
            },
            Ok(Ran::Undo(tell)) => {
                undo(&tx);
                tell();
            }
            // The caller's answer was dropped with the job: it gets `Gone`.
            Err(_) => {
                undo(&tx);
                tracing::error!("a SQLite writer job panicked; its write was rolled back");
            }
        }
    }
    match tx.commit() {
        Ok(()) => {
            publisher.publish(committed);
            kept.into_iter().for_each(|finish| finish(None));
        }
        Err(err) => {
            // The transaction rolled back as it dropped: none of the kept jobs stays.
            let message = err.to_string();
            tracing::error!("the SQLite writer could not commit a batch: {message}");
            for finish in kept {
                finish(Some(WriterError::Batch(message.clone())));
            }
        }
    }
}

fn savepoint(tx: &Transaction, sql: &str) -> rusqlite::Result<()> {
    tx.prepare_cached(sql)?.execute([]).map(|_| ())
}

/// Rolls the current job back to its savepoint and closes the savepoint.
fn undo(tx: &Transaction) {
    if let Err(err) = savepoint(tx, "ROLLBACK TO job").and_then(|()| savepoint(tx, "RELEASE job")) {
        tracing::error!("the SQLite writer could not roll a job back: {err}");
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
        let writer =
            SqliteWriter::open(&path, Arc::new(Mutex::new(())), Publisher::default()).unwrap();
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

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn jobs_queued_together_commit_together_and_a_refusal_undoes_only_its_own() {
        let (writer, dir) = writer();
        // Held, so that every job below queues behind it and the thread takes them as batches.
        let slow = tokio::spawn({
            let writer = writer.clone();
            async move {
                writer
                    .run(|tx| {
                        std::thread::sleep(Duration::from_millis(100));
                        tx.execute("INSERT INTO t (n) VALUES (0)", [])
                            .map_err(WriterError::from)
                    })
                    .await
            }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let jobs = (1..=40i64).map(|n| {
            let writer = writer.clone();
            tokio::spawn(async move {
                writer
                    .run(move |tx| {
                        tx.execute("INSERT INTO t (n) VALUES (?1)", [n])?;
                        if n % 4 == 0 {
                            return Err(WriterError::Gone);
                        }
                        if n % 10 == 5 {
                            panic!("a bug in job {n}");
                        }
                        Ok(n)
                    })
                    .await
            })
        });
        let jobs: Vec<_> = jobs.collect();
        slow.await.unwrap().unwrap();
        let mut kept = Vec::new();
        for job in jobs {
            if let Ok(n) = job.await.unwrap() {
                // Answered only once committed: another connection already sees the row.
                let other = Connection::open(dir.path().join("w.db")).unwrap();
                let seen: i64 = other
                    .query_row("SELECT COUNT(*) FROM t WHERE n = ?1", [n], |r| r.get(0))
                    .unwrap();
                assert_eq!(seen, 1, "job {n} answered before its commit");
                kept.push(n);
            }
        }
        let expected: Vec<i64> = (1..=40).filter(|n| n % 4 != 0 && n % 10 != 5).collect();
        assert_eq!(kept, expected);
        let rows: Vec<i64> = writer
            .run(|tx| {
                let mut stmt = tx.prepare("SELECT n FROM t WHERE n > 0 ORDER BY n")?;
                let rows = stmt.query_map([], |r| r.get(0))?;
                rows.collect::<rusqlite::Result<Vec<i64>>>()
                    .map_err(WriterError::from)
            })
            .await
            .unwrap();
        assert_eq!(
            rows, expected,
            "the refused and panicking jobs' rows are gone, no other"
        );
    }

    #[tokio::test]
    async fn the_checkpointer_moves_committed_pages_into_the_database_file() {
        let (writer, dir) = writer();
        let file = dir.path().join("w.db");
        let before = std::fs::metadata(&file).unwrap().len();
        writer
            .run(|tx| {
                // About 400 KiB: far under the writer's own checkpoint backstop.
                tx.execute(
                    "INSERT INTO t (n) WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 \
                     FROM k WHERE i < 50000) SELECT i FROM k",
                    [],
                )
                .map_err(WriterError::from)
            })
            .await
            .unwrap();
        // Only a checkpoint writes the database file itself; the commit wrote the WAL.
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while std::fs::metadata(&file).unwrap().len() <= before {
            assert!(std::time::Instant::now() < deadline, "no checkpoint in 5 s");
            tokio::time::sleep(sqlite_checkpoint::CHECKPOINT_EVERY).await;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_wal_the_writer_is_never_done_with_still_starts_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch("CREATE TABLE t (n INTEGER NOT NULL, pad BLOB NOT NULL)")
            .unwrap();
        let quick = Checkpointing {
            every: Duration::from_millis(5),
            restart_pages: 16,
        };
        let writer =
            SqliteWriter::open_with(&path, Arc::new(Mutex::new(())), Publisher::default(), quick)
                .unwrap();
        let wal = dir.path().join("w.db-wal");
        // Each time the WAL starts over, SQLite counts it in the WAL file's header (its
        // checkpoint sequence, bytes 12..16, big-endian) as it writes the first frame again.
        let restarts = || {
            let header = std::fs::read(&wal).unwrap_or_default();
            header
                .get(12..16)
                .map(|b| u32::from_be_bytes(b.try_into().unwrap()))
                .unwrap_or(0)
        };
        // Eight callers, each sending its next job as soon as the last is answered: the writer
        // commits while every checkpoint copies, as under load. They go on until the WAL has
        // started over three times. With the gated checkpoint that takes a few hundred rows of
        // 4 KiB; without it only the callers' rare idle moments let the WAL start over, some
        // 90,000 rows in. Counted in rows, not timed: a loaded machine that runs the
        // checkpointer late only makes the test longer.
        let written = Arc::new(std::sync::atomic::AtomicI64::new(0));
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let callers: Vec<_> = (0..8)
            .map(|_| {
                let writer = writer.clone();
                let (written, stop) = (written.clone(), stop.clone());
                tokio::spawn(async move {
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        let n = written.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        writer
                            .run(move |tx| {
                                tx.execute(
                                    "INSERT INTO t (n, pad) VALUES (?1, zeroblob(4096))",
                                    [n],
                                )
                                .map_err(WriterError::from)
                            })
                            .await
                            .unwrap();
                    }
                })
            })
            .collect();
        let first = restarts();
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while restarts().wrapping_sub(first) < 3 {
            assert!(
                std::time::Instant::now() < deadline,
                "the WAL did not start over three times in 60 s of writes"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let rows = written.load(std::sync::atomic::Ordering::Relaxed);
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for caller in callers {
            caller.await.unwrap();
        }
        assert!(
            rows <= 25_600,
            "the WAL started over three times only after {rows} rows (100 MiB is 25,600)"
        );
        assert_eq!(
            count(&writer).await,
            written.load(std::sync::atomic::Ordering::Relaxed)
        );
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
