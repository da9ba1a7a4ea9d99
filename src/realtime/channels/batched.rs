//! Reads that many sockets ask for at once, answered together: what a subscribe reads (who may
//! read a channel, its latest seq, what a resume missed) is asked of the database in one
//! statement for every socket that asked meanwhile, as GraphQL's DataLoader batches the
//! lookups of one tick.
//!
//! Why: when a node takes over another's sockets (a deploy, a node lost), thousands of them
//! resume at once, each with four or five channels and two or three reads a channel. Read one
//! at a time, each read is a round trip, a pool connection handed over and a task woken on
//! both sides of it; on a machine already busy with the sends that was a few hundred sockets
//! a second, so the moved sockets waited a minute for their channels (RESULTS §19). Here a
//! read waits only for the batch in flight before it: a lone read (a quiet node) goes at
//! once, and under a storm each statement answers hundreds of sockets.
//!
//! Each kind of read has a few workers, each holding at most one connection while it reads:
//! so however many sockets subscribe at once, subscribing holds a handful of the node's
//! connections and the sends keep the rest.

use std::sync::Arc;

use futures_util::future::BoxFuture;
use tokio::sync::{Mutex, mpsc, oneshot};

use crate::realtime::metrics::{Metrics, SubscribeRead};
use crate::store::health;

/// A read's answer, as the batch's worker sends it back.
type Answer<V> = oneshot::Sender<sqlx::Result<V>>;
/// The reads waiting for a batch, which the workers take turns to drain.
type Waiting<K, V> = Arc<Mutex<mpsc::UnboundedReceiver<(K, Answer<V>)>>>;

/// Reads of one kind: each [`Batched::get`] waits for the next batch, which takes every read
/// asked meanwhile (up to `max`). Cheap to clone; the workers end when every clone is gone.
pub(crate) struct Batched<K, V> {
    queue: mpsc::UnboundedSender<(K, Answer<V>)>,
}

impl<K, V> Clone for Batched<K, V> {
    fn clone(&self) -> Self {
        Batched {
            queue: self.queue.clone(),
        }
    }
}

/// What a batch reads: one answer per key, in the keys' order.
pub(crate) type ReadAll<K, V> =
    Arc<dyn Fn(Vec<K>) -> BoxFuture<'static, sqlx::Result<Vec<V>>> + Send + Sync>;

impl<K: Send + 'static, V: Send + 'static> Batched<K, V> {
    /// Starts `workers` workers for reads of `kind`, each reading at most `max` keys a batch
    /// with `read`. Call inside a tokio runtime.
    pub(crate) fn start(
        kind: SubscribeRead,
        workers: usize,
        max: usize,
        metrics: Arc<Metrics>,
        read: ReadAll<K, V>,
    ) -> Batched<K, V> {
        // Unbounded: every queued read is a socket waiting for its answer, so the sockets
        // bound the queue.
        let (queue, asked) = mpsc::unbounded_channel();
        let asked = Arc::new(Mutex::new(asked));
        for _ in 0..workers {
            let worker = Worker {
                kind,
                max,
                asked: asked.clone(),
                read: read.clone(),
                metrics: metrics.clone(),
            };
            tokio::spawn(worker.work());
        }
        Batched { queue }
    }

    /// Reads `key` with the next batch.
    pub(crate) async fn get(&self, key: K) -> sqlx::Result<V> {
        let (answer, answered) = oneshot::channel();
        let gone = || sqlx::Error::PoolClosed;
        self.queue.send((key, answer)).map_err(|_| gone())?;
        answered.await.map_err(|_| gone())?
    }
}

struct Worker<K, V> {
    kind: SubscribeRead,
    max: usize,
    asked: Waiting<K, V>,
    read: ReadAll<K, V>,
    metrics: Arc<Metrics>,
}

impl<K, V> Worker<K, V> {
    async fn work(self) {
        loop {
            let batch = {
                let mut asked = self.asked.lock().await;
                let Some(first) = asked.recv().await else {
                    return;
                };
                let mut batch = vec![first];
                while batch.len() < self.max {
                    match asked.try_recv() {
                        Ok(next) => batch.push(next),
                        Err(_) => break,
                    }
                }
                batch
            };
            self.metrics.record_subscribe_read(self.kind, batch.len());
            let (keys, answers): (Vec<K>, Vec<Answer<V>>) = batch.into_iter().unzip();
            let count = keys.len();
            match (self.read)(keys).await {
                Ok(values) if values.len() == count => {
                    for (answer, value) in answers.into_iter().zip(values) {
                        // The socket may have gone meanwhile.
                        let _ = answer.send(Ok(value));
                    }
                }
                Ok(values) => {
                    let message = format!("{} answers for {count} reads", values.len());
                    tracing::error!(read = ?self.kind, "{message}");
                    for answer in answers {
                        let _ = answer.send(Err(sqlx::Error::Protocol(message.clone())));
                    }
                }
                Err(err) => {
                    tracing::warn!(read = ?self.kind, error = %err, reads = count, "a batch of subscribe reads failed");
                    for answer in answers {
                        let _ = answer.send(Err(shared(&err)));
                    }
                }
            }
        }
    }
}

/// The error of a failed batch, for each read of it (`sqlx::Error` is not `Clone`): a
/// database that is away stays that, so the caller tells it the same way.
fn shared(err: &sqlx::Error) -> sqlx::Error {
    if health::unavailable(err) {
        sqlx::Error::PoolTimedOut
    } else {
        sqlx::Error::Protocol(format!("a batched read failed: {err}"))
    }
}
