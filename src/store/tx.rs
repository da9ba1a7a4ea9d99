//! [`Tx`]: a write transaction on the configured backend, and what it publishes once it
//! commits.

use dashwire_protocol::Event;
use tokio_util::task::TaskTracker;

use super::conn::TxConn;
use super::log::Published;
use super::publish::{Committed, Publisher};
use super::{ReadAtCommit, Topic, health, log, read_at_commit};

/// A write transaction on the configured backend, and what it will publish once committed.
/// Features write their change and record the events that report it through one `Tx`
/// ([`Tx::record`]), so both commit or neither does; [`Tx::commit`] then publishes them
/// (`publish.rs`). Dropped without a commit, it rolls back and publishes nothing.
pub struct Tx {
    pub(super) conn: TxConn,
    /// States to record as it commits ([`Tx::record_at_commit`]).
    pub(super) at_commit: Vec<Box<dyn ReadAtCommit>>,
    /// Whether [`Tx::record_states`] has run: nothing may be recorded after it.
    pub(super) states_recorded: bool,
    pub(super) committed: Committed,
    pub(super) publisher: Publisher,
    /// The store's commits in flight ([`Store::settle`]).
    pub(super) commits: TaskTracker,
}

impl Tx {
    /// The backend's transaction, for [`with_tx!`](crate::with_tx).
    pub fn conn(&mut self) -> &mut TxConn {
        &mut self.conn
    }

    /// Appends `events` to the event log (`log.rs`), each with its channel's next seq, to be
    /// published once this transaction commits; answers them as recorded (with their seqs).
    pub async fn record(&mut self, events: Vec<(Topic, Event)>) -> sqlx::Result<&[Published]> {
        if self.states_recorded && !events.is_empty() {
            // Its channels' rows would be locked after the states' (`read_at_commit.rs`).
            return Err(sqlx::Error::Protocol(
                "events recorded after the transaction's states".into(),
            ));
        }
        let published = log::record(&mut self.conn, events).await?;
        let first = self.committed.events.len();
        self.committed.events.extend(published);
        Ok(&self.committed.events[first..])
    }

    /// Records, as this commits, the events `state` reads then: their channels' seqs are taken
    /// first, so what it reads includes every change before them on those channels, whatever
    /// commits beside this transaction (`read_at_commit.rs`). For a state that sums what
    /// several changes write, as a user's unread counts do.
    pub(crate) fn record_at_commit(&mut self, state: impl ReadAtCommit + 'static) {
        self.at_commit.push(Box::new(state));
    }

    /// Records now the states given to [`Tx::record_at_commit`], which [`Tx::commit`] does
    /// otherwise: for a caller that must tell a failure before the commit (nothing was
    /// written: run it again) from one of the commit itself (it may have committed), as a
    /// batch of sends does. Nothing may be recorded after it, only committed.
    pub(crate) async fn record_states(&mut self) -> sqlx::Result<()> {
        let states = std::mem::take(&mut self.at_commit);
        let published = read_at_commit::record(&mut self.conn, &states).await?;
        self.committed.events.extend(published);
        self.states_recorded = true;
        Ok(())
    }

    /// Tells the subscribers of the group `topic`, once this commits, that its members may
    /// have changed (a dashboard's blogs, after a follow).
    pub(crate) fn refresh(&mut self, topic: Topic) {
        self.committed.refreshed.push(topic);
    }

    /// Closes the sockets of the session whose token hashes to `token_hash`, on every node,
    /// once this commits.
    pub(crate) fn end_session(&mut self, token_hash: String) {
        self.committed.ended_sessions.push(token_hash);
    }

    /// Rolls back everything written through it; nothing is published. (Dropping it rolls
    /// back too, without waiting for PostgreSQL's answer: a caller that runs the change again
    /// at once waits here instead, so the rolled-back rows' locks are gone first.)
    pub(crate) async fn rollback(self) -> sqlx::Result<()> {
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
