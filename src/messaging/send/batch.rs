//! Sends into existing conversations on PostgreSQL, in batches (group commit).
//!
//! On PostgreSQL a send's own work is small beside what surrounds it: the transaction's
//! round trips, its commit and WAL flush, a statement's start-up. So sends that arrive while
//! earlier ones are with PostgreSQL wait for the next batch, and a batch is one transaction
//! of the store's ([`crate::store::Tx`]): one call of the send function (`postgres.sql`, every
//! send's statements over arrays), one record of every send's events, then the unread counts
//! once for the batch (`store/read_at_commit.rs`), one commit, which publishes them before any
//! of its senders hears back. A lone
//! send is a batch of one and waits for nothing.
//!
//! Nothing about a send changes: Rust decides who may send from what the call read, and each
//! caller gets its own answer. A refused send that wrote (a participant blocks the sender)
//! rolls the batch back; the others run again without it. A batch that fails for any other
//! reason before its commit runs again one send at a time (`postgres.rs`), so one send's
//! error is never another's; so does one whose commit PostgreSQL refused by ending the session
//! (it rolled back). Any other failed commit is answered as is: it may have committed, and
//! sending again could write the messages twice.

use std::sync::Arc;

use futures_util::future::join_all;
use sqlx::PgPool;
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::postgres::{self, Accepted, SendFunction};
use super::rules::{NewMessage, SendError, Sent};
use crate::store::health;
use crate::store::{Store, Tx};

/// Sends in one batch at most: the call, the record (five events a send) and the answer stay
/// small, and a batch does not keep its conversations locked for long.
const MAX_BATCH: usize = 32;
/// Batches with PostgreSQL at once (workers): while one is committing the next is already
/// read and written.
const IN_FLIGHT: usize = 2;

/// Where sends queue for their batch, and the workers that run them; cheap to clone. The
/// workers end when [`SendBatch::stop`] is called, or when the pool closes.
#[derive(Clone, Debug)]
pub(super) struct SendBatch {
    queue: mpsc::UnboundedSender<Queued>,
    stop: CancellationToken,
    workers: TaskTracker,
}

/// A send waiting for its batch, and where its answer goes.
struct Queued {
    message: NewMessage,
    conversation_id: i64,
    answer: oneshot::Sender<Result<Sent, SendError>>,
}

impl Queued {
    fn answer(self, result: Result<Sent, SendError>) {
        // The caller may have gone (its request was dropped): the send stands all the same.
        let _ = self.answer.send(result);
    }
}

impl SendBatch {
    /// Starts the workers that run batches through `store` (on PostgreSQL, its `pool`) with
    /// `function`. Call inside a tokio runtime.
    pub(super) fn start(store: &Store, pool: &PgPool, function: Arc<SendFunction>) -> SendBatch {
        // Unbounded: every queued send is a caller awaiting its answer, so the callers (the
        // server's requests) bound the queue.
        let (queue, waiting) = mpsc::unbounded_channel();
        let waiting = Arc::new(Mutex::new(waiting));
        let stop = CancellationToken::new();
        let workers = TaskTracker::new();
        for _ in 0..IN_FLIGHT {
            let worker = Worker {
                store: store.clone(),
                pool: pool.clone(),
                function: function.clone(),
                waiting: waiting.clone(),
                stop: stop.clone(),
            };
            workers.spawn(worker.work());
        }
        workers.close();
        SendBatch {
            queue,
            stop,
            workers,
        }
    }

    /// Stops the workers once what is queued has been sent, and waits for them: for a
    /// server's shutdown, after its last request. A send after this is refused.
    pub(super) async fn stop(&self) {
        self.stop.cancel();
        self.workers.wait().await;
    }

    /// Sends `message` into `conversation_id` with the next batch; answers as
    /// [`super::Sends::send`] does.
    pub(super) async fn send(
        &self,
        message: NewMessage,
        conversation_id: i64,
    ) -> Result<Sent, SendError> {
        let (answer, answered) = oneshot::channel();
        let queued = Queued {
            message,
            conversation_id,
            answer,
        };
        self.queue.send(queued).map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }
}

/// The store is shutting down: its pool is closed.
fn stopped() -> SendError {
    SendError::Db(sqlx::Error::PoolClosed)
}

/// One of the [`IN_FLIGHT`] workers.
struct Worker {
    store: Store,
    /// The store's pool, to hear it close.
    pool: PgPool,
    function: Arc<SendFunction>,
    waiting: Arc<Mutex<mpsc::UnboundedReceiver<Queued>>>,
    stop: CancellationToken,
}

impl Worker {
    /// Takes what has queued as its next batch and runs it in a transaction of the store's.
    async fn work(self) {
        loop {
            let mut batch = tokio::select! {
                batch = next_batch(&self.waiting, &self.stop) => match batch {
                    Some(batch) => batch,
                    None => return,
                },
                // The store is closing: no batch could run any more.
                () = self.pool.close_event() => return,
            };
            // A conversation's own sends keep their order (the sort is stable); the send
            // function locks the conversations in id order whatever the batch's.
            batch.sort_by_key(|queued| queued.conversation_id);
            let failed = run_batch(&self.store, &self.function, batch).await;
            // At once, not one after another: when PostgreSQL is down each waits for the
            // pool's acquire timeout, and its caller should not wait for the others' too.
            join_all(failed.into_iter().map(|queued| async {
                let Queued {
                    message, answer, ..
                } = queued;
                // The worker runs to the end of this (stopping waits for it), so the send
                // needs no task of its own.
                let sent = postgres::send(&self.store, &self.function, message).await;
                let _ = answer.send(sent);
            }))
            .await;
        }
    }
}

/// The next batch: the first send to queue and what queued behind it; `None` once every
/// handle is gone, or once the batches are stopped and what had queued is taken.
async fn next_batch(
    waiting: &Mutex<mpsc::UnboundedReceiver<Queued>>,
    stop: &CancellationToken,
) -> Option<Vec<Queued>> {
    let mut waiting = waiting.lock().await;
    let first = tokio::select! {
        first = waiting.recv() => first?,
        () = stop.cancelled() => {
            // No more sends queue; those already queued are still answered.
            waiting.close();
            waiting.recv().await?
        }
    };
    let mut batch = vec![first];
    while batch.len() < MAX_BATCH {
        match waiting.try_recv() {
            Ok(queued) => batch.push(queued),
            Err(_) => break,
        }
    }
    Some(batch)
}

/// What became of one try of a batch.
enum Tried {
    /// Every send of it was answered.
    Done,
    /// Refused sends were answered and the batch rolled back; these run again.
    Again(Vec<Queued>),
    /// It failed before its commit: nothing of it stays; these run one at a time. True when
    /// the connection was found dead.
    Failed(Vec<Queued>, bool),
}

/// A try that failed before its commit (its transaction rolls back as it is dropped), told to
/// the log: each of its sends runs again on its own, where the error reaches its caller.
fn failed(batch: Vec<Queued>, err: sqlx::Error) -> Tried {
    tracing::warn!(error = %err, sends = batch.len(), "a batch of sends failed; sending each on its own");
    let lost = health::connection_lost(&err);
    Tried::Failed(batch, lost)
}

/// Runs a batch until every send is answered, but for those of a try that failed before its
/// commit: these it answers with, to run one at a time.
async fn run_batch(store: &Store, function: &SendFunction, mut batch: Vec<Queued>) -> Vec<Queued> {
    loop {
        match try_batch(store, function, batch).await {
            Tried::Done => return Vec::new(),
            Tried::Again(rest) => batch = rest,
            Tried::Failed(rest, lost) => {
                if lost {
                    // Its sends run again on connections the pool checks first.
                    store.health().lost();
                }
                return rest;
            }
        }
    }
}

async fn try_batch(store: &Store, function: &SendFunction, batch: Vec<Queued>) -> Tried {
    if batch.is_empty() {
        return Tried::Done;
    }
    if let Err(err) = function.ensure(store).await {
        return failed(batch, err);
    }
    let mut tx = match store.begin().await {
        Ok(tx) => tx,
        // PostgreSQL is away (the pool waited its acquire timeout): each send is told at
        // once rather than waiting that long again on its own.
        Err(err) if health::unavailable(&err) => {
            for queued in batch {
                queued.answer(Err(SendError::Db(sqlx::Error::PoolTimedOut)));
            }
            return Tried::Done;
        }
        Err(err) => return failed(batch, err),
    };
    let sends: Vec<(&NewMessage, i64)> = batch
        .iter()
        .map(|queued| (&queued.message, queued.conversation_id))
        .collect();
    let read = match function.call(&mut tx, &sends).await {
        Ok(read) => read,
        Err(err) => return failed(batch, err),
    };
    let mut accepted = Vec::with_capacity(batch.len());
    let mut refused = Vec::new();
    let mut must_roll_back = false;
    for (queued, own) in batch.iter().zip(read.sends) {
        let wrote = own.message_id.is_some();
        match Accepted::postgres(&queued.message, queued.conversation_id, own) {
            Ok(send) => accepted.push(Some(send)),
            Err(SendError::Db(err)) => return failed(batch, err),
            Err(refusal) => {
                must_roll_back |= wrote;
                refused.push(refusal);
                accepted.push(None);
            }
        }
    }
    if must_roll_back {
        if let Err(err) = tx.rollback().await {
            return failed(batch, err);
        }
        let mut refusals = refused.into_iter();
        let mut again = Vec::new();
        for (queued, send) in batch.into_iter().zip(accepted) {
            match send {
                Some(_) => again.push(queued),
                None => queued.answer(Err(refusals.next().expect("one refusal each"))),
            }
        }
        return Tried::Again(again);
    }
    if let Err(err) = record(&mut tx, &mut accepted).await {
        return failed(batch, err);
    }
    if let Err(err) = tx.commit().await {
        // PostgreSQL ended the session (a restart, `pg_terminate_backend`): the transaction
        // rolled back, so its sends run again one at a time, as after any failure before it.
        if health::ended_by_the_server(&err) {
            return failed(batch, err);
        }
        let message = err.to_string();
        tracing::error!(error = %message, sends = batch.len(), "a batch of sends failed to commit");
        for queued in batch {
            queued.answer(Err(SendError::Db(sqlx::Error::Protocol(format!(
                "the batch's commit failed: {message}"
            )))));
        }
        return Tried::Done;
    }
    let mut refusals = refused.into_iter();
    for (queued, send) in batch.into_iter().zip(accepted) {
        match send {
            Some(send) => queued.answer(Ok(send.sent())),
            None => queued.answer(Err(refusals.next().expect("one refusal each"))),
        }
    }
    Tried::Done
}

/// Records the events of every accepted send in `tx`, in one statement, and then their
/// participants' unread counts once for the batch. The counts are recorded here, not by the
/// commit: a failure here left nothing written, and the batch's sends run again.
async fn record(tx: &mut Tx, accepted: &mut [Option<Accepted>]) -> sqlx::Result<()> {
    let events = accepted
        .iter_mut()
        .flatten()
        .flat_map(|send| std::mem::take(&mut send.events))
        .collect();
    tx.record(events).await?;
    Accepted::count_unread(tx, accepted.iter().flatten());
    tx.record_states().await
}
