//! Sends into existing conversations on PostgreSQL, in batches (group commit).
//!
//! On PostgreSQL a send's own work is small beside what surrounds it: the transaction's
//! round trips, its commit and WAL flush, a statement's start-up. So sends that arrive while
//! earlier ones are with PostgreSQL wait for the next batch, and a batch is one transaction:
//! one call of `send_messages` (migration 0015, `send_message` for each), one record of every
//! send's events, one commit. A lone send is a batch of one and waits for nothing.
//!
//! Nothing about a send changes: Rust decides who may send from what the call read, and each
//! caller gets its own answer. A refused send that wrote (a participant blocks the sender)
//! rolls the batch back; the others run again without it. A batch that fails for any other
//! reason before its commit runs again one send at a time (`postgres.rs`), so one send's
//! error is never another's; so does one whose commit PostgreSQL refused by ending the session
//! (it rolled back). Any other failed commit is answered as is: it may have committed, and
//! sending again could write the messages twice. What a batch commits is published by its
//! worker at once, before any of its senders hears back.

use std::sync::Arc;
use std::time::Duration;

use futures_util::future::join_all;
use sqlx::pool::PoolConnection;
use sqlx::{Connection, PgConnection, PgPool, Postgres};
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::postgres::{self, Accepted, FunctionSend};
use super::rules::{NewMessage, SendError, Sent};
use crate::messaging::store::now_ms;
use crate::store::health::{self, Health};
use crate::store::{Committed, Publisher, log};

/// Sends in one batch at most: the call, the record (five events a send) and the answer stay
/// small, and a batch does not keep its conversations locked for long.
const MAX_BATCH: usize = 32;
/// Batches with PostgreSQL at once (workers): while one is committing the next is already
/// read and written.
const IN_FLIGHT: usize = 2;
/// A worker with no batch for this long gives its connection back to the pool.
const KEEP_IDLE: Duration = Duration::from_secs(1);
/// The batch's call: each send's fields in arrays, one `now` for all.
const SEND_MESSAGES: &str = "SELECT send_messages($1, $2, $3, $4, $5, $6)";

/// Where sends queue for their batch, and the workers that run them; cheap to clone. The
/// workers end when [`SendBatch::stop`] is called, or when the pool closes.
#[derive(Clone, Debug)]
pub struct SendBatch {
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
    /// Starts the workers that run batches on `pool` and publish what they commit through
    /// `publisher`. Call inside a tokio runtime.
    pub fn start(pool: PgPool, publisher: Publisher, health: Health) -> SendBatch {
        // Unbounded: every queued send is a caller awaiting its answer, so the callers (the
        // server's requests) bound the queue.
        let (queue, waiting) = mpsc::unbounded_channel();
        let waiting = Arc::new(Mutex::new(waiting));
        let stop = CancellationToken::new();
        let workers = TaskTracker::new();
        for _ in 0..IN_FLIGHT {
            let worker = Worker {
                pool: pool.clone(),
                publisher: publisher.clone(),
                health: health.clone(),
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
    pub async fn stop(&self) {
        self.stop.cancel();
        self.workers.wait().await;
    }

    /// Sends `message` into `conversation_id` with the next batch; answers as
    /// [`super::Sends::send`] does.
    pub async fn send(&self, message: NewMessage, conversation_id: i64) -> Result<Sent, SendError> {
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
    pool: PgPool,
    publisher: Publisher,
    /// Told when the worker's connection is found dead (`store/health.rs`).
    health: Health,
    waiting: Arc<Mutex<mpsc::UnboundedReceiver<Queued>>>,
    stop: CancellationToken,
}

impl Worker {
    /// Takes what has queued as its next batch and runs it on a connection of its own, kept
    /// from one batch to the next (handing a connection back to the pool and taking it again
    /// costs round trips: sqlx pings every connection handed back).
    async fn work(self) {
        let mut conn: Option<PoolConnection<Postgres>> = None;
        loop {
            let next = next_batch(&self.waiting, &self.stop);
            tokio::pin!(next);
            let mut batch = loop {
                tokio::select! {
                    batch = &mut next => match batch {
                        Some(batch) => break batch,
                        None => return,
                    },
                    // Closing the pool waits for every connection to come back.
                    () = self.pool.close_event() => return,
                    () = tokio::time::sleep(KEEP_IDLE), if conn.is_some() => conn = None,
                }
            };
            // In one order for every batch, so that two batches never wait on each other's
            // conversations; a conversation's own sends keep their order (the sort is stable).
            batch.sort_by_key(|queued| queued.conversation_id);
            if conn.is_none() {
                match self.pool.acquire().await {
                    Ok(acquired) => conn = Some(acquired),
                    // PostgreSQL is away (the pool waited its acquire timeout): each send is
                    // told at once rather than waiting that long again on its own.
                    Err(err) if health::unavailable(&err) => {
                        for queued in batch {
                            let err = sqlx::Error::PoolTimedOut;
                            queued.answer(Err(SendError::Db(err)));
                        }
                        continue;
                    }
                    Err(_) => {}
                }
            }
            let failed = match conn.as_mut() {
                Some(conn) => run_batch(conn, batch, &self.publisher, &self.health).await,
                None => batch,
            };
            if !failed.is_empty() {
                // The connection may be what failed: back to the pool, which checks it.
                conn = None;
                // At once, not one after another: when PostgreSQL is down each waits for the
                // pool's acquire timeout, and its caller should not wait for the others' too.
                join_all(failed.into_iter().map(|queued| async {
                    let Queued {
                        message, answer, ..
                    } = queued;
                    // The worker runs to the end of this (stopping waits for it), so the send
                    // needs no task of its own.
                    let sent = postgres::send_in_transaction(
                        &self.pool,
                        &self.publisher,
                        &self.health,
                        message,
                    )
                    .await;
                    let _ = answer.send(sent);
                }))
                .await;
            }
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
fn failed(batch: Vec<Queued>, err: impl FailedBecause) -> Tried {
    tracing::warn!(error = %err, sends = batch.len(), "a batch of sends failed; sending each on its own");
    let lost = err.connection_lost();
    Tried::Failed(batch, lost)
}

/// Why a try of a batch failed: a database error (which may say its connection was lost), or
/// an answer it could not read.
trait FailedBecause: std::fmt::Display {
    fn connection_lost(&self) -> bool {
        false
    }
}

impl FailedBecause for sqlx::Error {
    fn connection_lost(&self) -> bool {
        health::connection_lost(self)
    }
}

impl FailedBecause for String {}

/// Runs a batch until every send is answered, but for those of a try that failed before its
/// commit: these it answers with, to run one at a time.
async fn run_batch(
    conn: &mut PgConnection,
    mut batch: Vec<Queued>,
    publisher: &Publisher,
    health: &Health,
) -> Vec<Queued> {
    loop {
        match try_batch(conn, batch, publisher).await {
            Tried::Done => return Vec::new(),
            Tried::Again(rest) => batch = rest,
            Tried::Failed(rest, lost) => {
                if lost {
                    // Its sends run again on connections the pool checks first.
                    health.lost();
                }
                return rest;
            }
        }
    }
}

async fn try_batch(conn: &mut PgConnection, batch: Vec<Queued>, publisher: &Publisher) -> Tried {
    if batch.is_empty() {
        return Tried::Done;
    }
    let mut tx = match conn.begin().await {
        Ok(tx) => tx,
        Err(err) => return failed(batch, err),
    };
    let answers: Vec<String> = match call(&mut tx, &batch).await {
        Ok(answers) if answers.len() == batch.len() => answers,
        Ok(answers) => {
            let count = answers.len();
            return failed(batch, format!("{count} answers from send_messages"));
        }
        Err(err) => return failed(batch, err),
    };
    let mut accepted = Vec::with_capacity(batch.len());
    let mut refused = Vec::new();
    let mut must_roll_back = false;
    for (queued, answer) in batch.iter().zip(&answers) {
        let read = match FunctionSend::parse(answer) {
            Ok(read) => read,
            Err(err) => return failed(batch, err),
        };
        let wrote = read.message_id.is_some();
        match Accepted::postgres(&queued.message, queued.conversation_id, read) {
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
    let events = accepted
        .iter_mut()
        .map(|send| {
            send.as_mut()
                .map(|send| std::mem::take(&mut send.events))
                .unwrap_or_default()
        })
        .collect();
    let published = match log::record_groups(&mut tx, events).await {
        Ok(published) => published,
        Err(err) => return failed(batch, err),
    };
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
    publisher.publish(Committed {
        events: published.into_iter().flatten().collect(),
        ..Committed::default()
    });
    let mut refusals = refused.into_iter();
    for (queued, send) in batch.into_iter().zip(accepted) {
        match send {
            Some(send) => queued.answer(Ok(send.sent())),
            None => queued.answer(Err(refusals.next().expect("one refusal each"))),
        }
    }
    Tried::Done
}

/// The batch's one call: each send's answer, in the batch's order.
async fn call(conn: &mut sqlx::PgConnection, batch: &[Queued]) -> sqlx::Result<Vec<String>> {
    let text = |field: fn(&NewMessage) -> &str| -> Vec<&str> {
        batch.iter().map(|q| field(&q.message)).collect()
    };
    let user_ids: Vec<i64> = batch.iter().map(|q| q.message.sender.user_id).collect();
    let conversation_ids: Vec<i64> = batch.iter().map(|q| q.conversation_id).collect();
    sqlx::query_scalar(SEND_MESSAGES)
        .bind(user_ids)
        .bind(text(|m| &m.sender.blog))
        .bind(conversation_ids)
        .bind(now_ms())
        .bind(text(|m| &m.r#type))
        .bind(text(|m| &m.body))
        .fetch_one(conn)
        .await
}
