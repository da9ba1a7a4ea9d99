//! Sending a message: one set of rules (`rules.rs`), run by the driver of the database the
//! server is on, each with its dialect's statements once: SQLite's in `rules.rs`, PostgreSQL's
//! in the function of `postgres.sql`, created when the first send needs it. On SQLite every
//! send is a job on the writer thread (`sqlite.rs`; jobs that queue together share its
//! transaction). On PostgreSQL a send into an existing conversation waits for the next batch
//! (`batch.rs`, group commit), and a send that starts a conversation runs in a transaction of
//! its own (`postgres.rs`); both are the store's transactions ([`crate::store::Tx`]), which
//! publish a send's events as it commits (`store/publish.rs`), and the caller hears back
//! after.

mod batch;
mod postgres;
mod rules;
mod sqlite;

pub(crate) use rules::Sent;
pub use rules::Target;
pub use rules::{NewMessage, SendError, Sender};

use std::sync::Arc;

use batch::SendBatch;
use postgres::SendFunction;

use crate::store::{DbPool, Store};

/// Whether sends into an existing conversation on PostgreSQL share transactions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Batching {
    /// They do (the server's way).
    On,
    /// Each runs in a transaction of its own: for tests that drive every path.
    Off,
}

/// The server's message sends, with the PostgreSQL batch workers they own; cheap to clone.
/// Started with the server ([`Sends::start`]) and stopped with it ([`Sends::stop`]).
#[derive(Clone, Debug)]
pub struct Sends {
    store: Store,
    /// On PostgreSQL with batching on.
    batch: Option<SendBatch>,
    /// On PostgreSQL: the send function, created once.
    function: Arc<SendFunction>,
}

impl Sends {
    /// Sends through `store`; on PostgreSQL with `batching` on, starts the batch workers.
    /// Call inside a tokio runtime.
    pub fn start(store: &Store, batching: Batching) -> Sends {
        let function = Arc::new(SendFunction::default());
        let batch = match (store.pool(), batching) {
            (DbPool::Postgres(pool), Batching::On) => {
                Some(SendBatch::start(store, pool, function.clone()))
            }
            _ => None,
        };
        Sends {
            store: store.clone(),
            batch,
            function,
        }
    }

    /// Writes a message, moves its conversation to the top of every inbox, marks it read
    /// for the sender, and records the events all that causes, in one transaction; they are
    /// published as it commits. Who may send is checked in it too (the sender is the user's
    /// blog, takes messages and takes part; every other participant takes messages and blocks
    /// none of the sender's blogs), so a send costs no reads before it. Answers with what the
    /// caller needs to reply, so nothing is read back afterwards.
    pub async fn send(&self, message: NewMessage) -> Result<Sent, SendError> {
        if let Some(writer) = self.store.sqlite_writer() {
            return writer.run(move |tx| sqlite::send(tx, message)).await;
        }
        match (&self.batch, &message.target) {
            (Some(batch), Target::Existing(conversation_id)) => {
                let conversation_id = *conversation_id;
                batch.send(message, conversation_id).await
            }
            _ => postgres::send(&self.store, &self.function, message).await,
        }
    }

    /// Stops the batch workers after the sends queued for them: for a server's shutdown,
    /// once its last request is answered.
    pub async fn stop(&self) {
        if let Some(batch) = &self.batch {
            batch.stop().await;
        }
    }
}
