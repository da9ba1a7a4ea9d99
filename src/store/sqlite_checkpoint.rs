//! Keeping the SQLite writer's WAL short: a thread of its own that copies what the WAL holds
//! into the database file beside the writer (`sqlite_writer.rs`), and starts the WAL over
//! under the write gate when the writer never lets it.

use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use rusqlite::Connection;
use tokio::sync::Mutex;

/// How often the checkpointer copies what the WAL holds into the database file.
pub(super) const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// The WAL's size, in pages, past which the writer checkpoints by itself (the backstop, for
/// when the checkpointer thread cannot keep the WAL short; it kept it under 6,000 pages in
/// chat at 2,000 msg/s: loadtest/RESULTS.md §11).
pub(super) const WAL_BACKSTOP_PAGES: i64 = 50_000;

/// The WAL's size, in pages, past which the checkpointer makes sure the WAL starts over:
/// it copies the last few pages with writes held back (see [`spawn`]).
const WAL_RESTART_PAGES: i64 = 2_000;

/// How the checkpointer thread works (tests make it quicker).
#[derive(Debug, Clone, Copy)]
pub(super) struct Checkpointing {
    pub(super) every: Duration,
    pub(super) restart_pages: i64,
}

pub(super) const CHECKPOINTING: Checkpointing = Checkpointing {
    every: CHECKPOINT_EVERY,
    restart_pages: WAL_RESTART_PAGES,
};

/// Starts the thread that checkpoints the WAL every [`CHECKPOINT_EVERY`], PASSIVE (it
/// waits for no reader or writer), until the sender it answers is dropped.
///
/// SQLite checkpoints by default in the commit that takes the WAL past 1,000 pages: on the
/// writer thread, so every hundred or so sends one waited for a copy of a thousand pages
/// and an fsync, and every send queued behind it (chat's p99 at 300 msg/s: 21 ms, and 5 ms
/// with this thread: loadtest/RESULTS.md §10). Here that work runs beside the writer; the
/// writer's next transaction starts the WAL over once a checkpoint has copied all of it.
///
/// Under sustained writes a checkpoint never has copied all of it: the writer commits while
/// it copies. The WAL then only grows, every page read searches a longer WAL index, and past
/// the backstop every commit checkpoints on the writer thread (chat at 2,000 msg/s:
/// loadtest/RESULTS.md §11). So once the WAL is past [`WAL_RESTART_PAGES`], each checkpoint
/// is followed by one under the write gate: no transaction is open, it has only what was
/// committed meanwhile to copy, and the writer's next transaction starts the WAL over.
///
/// SQLite syncs the database file only at the end of a checkpoint that copied the whole WAL,
/// so the gated one used to sync everything the ungated ones had copied since the last
/// restart, with every write held back (4–6 ms twice a second in chat at 2,000 msg/s,
/// RESULTS.md §12). The thread syncs the file itself after each ungated checkpoint, outside
/// the gate, so the gated one syncs only the few pages it copied.
pub(super) fn spawn(
    path: &Path,
    gate: Arc<Mutex<()>>,
    checkpointing: Checkpointing,
) -> anyhow::Result<mpsc::Sender<()>> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(Duration::from_secs(10))?;
    let database_file = std::fs::File::open(path)?;
    let (stop, stopped) = mpsc::channel::<()>();
    std::thread::Builder::new()
        .name("sqlite-checkpoint".into())
        .spawn(move || {
            while let Err(mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(checkpointing.every)
            {
                let wal_pages = checkpoint(&conn).unwrap_or_else(|err| {
                    tracing::warn!("SQLite checkpoint failed: {err}");
                    0
                });
                if let Err(err) = database_file.sync_data() {
                    tracing::warn!("syncing the SQLite database file failed: {err}");
                }
                if wal_pages >= checkpointing.restart_pages {
                    let _gate = gate.blocking_lock();
                    if let Err(err) = checkpoint(&conn) {
                        tracing::warn!("SQLite checkpoint failed: {err}");
                    }
                }
            }
        })?;
    Ok(stop)
}

/// A PASSIVE checkpoint; answers how many pages the WAL holds.
fn checkpoint(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get(1))
}
