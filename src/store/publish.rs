//! What a committed change hands to the realtime core, and the one way it is handed over.
//!
//! Every change records its events in the event log inside its own transaction (`log.rs`),
//! and the code that commits that transaction publishes them, at the moment it commits: an
//! sqlx transaction's [`Tx::commit`](super::Tx::commit) on a task of its own (every
//! PostgreSQL write, a batch of message sends included), and the SQLite writer thread after
//! each batch (`sqlite_writer.rs`). A handler only returns its change's result: nothing it
//! does after the commit, and no request dropped midway (its client gone) or panicking, can
//! keep what committed from being published.
//!
//! Why publishing from the commit, and not a relay that reads the event log afterwards (a
//! transactional outbox): the log already makes a lost publish harmless to correctness, since
//! every event has its channel's seq and a socket that sees a gap, or resumes, reads what it
//! missed from the log. What a relay would add is delivery after a crash between commit and
//! publish, which the next event's gap replay (or the client's resume) already covers, and it
//! would cost every event a poll or a notification round trip through the database, plus a
//! cursor per node and a claim on who relays what. The events are in hand at the commit, so
//! handing them over there costs nothing and adds no latency. What must not happen is the
//! hand-over depending on the request that started the change: so it never does.
//!
//! Two signals are not events and are in no log: a session's end ([`Committed::ended_sessions`])
//! and a group's refresh ([`Committed::refreshed`]). A bus outage may lose them, and they are
//! healed by reconciling rather than by logging them: when a node's Redis subscription comes
//! back it forgets its cached sessions, looks up the sessions of its open sockets and closes
//! those no longer stored, and has every group's sockets ask their feature again
//! (`Realtime::heal_after_bus_gap`). Why not the log: the database already holds the truth
//! they report (a session row deleted, a follow written), so reading it back answers exactly
//! what was missed, however many signals were lost and whatever their order; a log of them
//! would add a row per logout and per follow to every change, a channel every node replays
//! with a cursor of its own, and a prune, to tell the nodes what one query can. The cost is
//! one query per node per reconnect (sessions in chunks of 1,000) and a re-read of each
//! dashboard's blogs, paid only after an outage. The publishing node also keeps the signals
//! Redis did not take and sends them again once it does (`bus/redis.rs`), for a node whose
//! subscription never dropped.

use std::sync::{Arc, OnceLock};

use super::{Published, Topic};

/// What one commit (or one batch of commits) leaves for the realtime core to send.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Committed {
    /// The events the change recorded, with their seqs.
    pub events: Vec<Published>,
    /// Group topics whose members the change may have changed (a dashboard's blogs, after a
    /// follow): their subscribers ask the feature again.
    pub refreshed: Vec<Topic>,
    /// Sessions the change ended (a logout), by token hash: their sockets close.
    pub ended_sessions: Vec<String>,
}

impl Committed {
    /// Whether there is nothing to send.
    pub(crate) fn is_empty(&self) -> bool {
        self.events.is_empty() && self.refreshed.is_empty() && self.ended_sessions.is_empty()
    }

    /// Adds what `other` committed after this.
    pub(crate) fn extend(&mut self, other: Committed) {
        self.events.extend(other.events);
        self.refreshed.extend(other.refreshed);
        self.ended_sessions.extend(other.ended_sessions);
    }
}

/// Where committed changes go: the realtime core, which sends them to every node. It must
/// not block or await: it is called on the SQLite writer thread and right after commits.
pub trait Publish: Send + Sync + 'static {
    fn publish(&self, committed: Committed);
}

/// The store's handle to where committed changes go; shared by every clone of the store and
/// by its writer thread. Until the realtime core starts ([`Publisher::connect`]) there is
/// nowhere to send them (a migration, the demo seed): the events stay in the log, which is
/// where clients read them from anyway.
#[derive(Clone, Default)]
pub struct Publisher(Arc<OnceLock<Arc<dyn Publish>>>);

impl Publisher {
    /// Sends what committed to `sink` from now on. Answers false, and changes nothing, if
    /// the store already publishes somewhere.
    pub fn connect(&self, sink: Arc<dyn Publish>) -> bool {
        self.0.set(sink).is_ok()
    }

    /// Hands `committed` over. Call it only for what has committed: only the store does
    /// (`Tx::commit` and the SQLite writer thread), so nothing publishes by hand.
    pub(in crate::store) fn publish(&self, committed: Committed) {
        if committed.is_empty() {
            return;
        }
        if let Some(sink) = self.0.get() {
            sink.publish(committed);
        }
    }
}

impl std::fmt::Debug for Publisher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Publisher")
            .field("connected", &self.0.get().is_some())
            .finish()
    }
}
