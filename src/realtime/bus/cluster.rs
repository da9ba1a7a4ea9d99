//! The bus on a Redis Cluster (`--redis-cluster`), with sharded pub/sub (Redis 7's
//! `SPUBLISH`/`SSUBSCRIBE`): each channel lives on the shard that owns its hash slot, so the
//! topics' traffic spreads over the shards and one Redis core stops being the bus's ceiling.
//! The messages and the publishing loop are those of one Redis (`wire.rs`); what differs is
//! how they are sent and heard.
//!
//! - **Publishing**: a batch is grouped by slot, one pipeline of `SPUBLISH`es per slot, all
//!   sent at once and all awaited before the next batch. A pipeline must stay in one slot (the
//!   cluster refuses one across slots, and the `redis` crate does not split them), and a
//!   channel's messages share its slot, so each channel keeps its order.
//! - **Subscribing**: one cluster connection (one socket to each shard, RESP3) with its pushes
//!   on a channel. `SSUBSCRIBE` takes one slot per call, so each channel is its own call.
//! - **A shard that restarts or fails over** loses its subscriptions. The `redis` crate
//!   reconnects but resubscribes a shard's channels in one `SSUBSCRIBE`, which the server
//!   refuses across slots, silently (redis-rs 1.8; node-redis, redis-py and ioredis fixed the
//!   same bug). So on a `Disconnection` push this task subscribes every channel again, one
//!   call each, in rounds half a second apart until all succeed, then tells the router the bus
//!   may have lost events ([`Incoming::Reconnected`], [`Incoming::Resubscribed`]): the sockets
//!   read the log, as after a single Redis's restart. An `sunsubscribe` push that is not the
//!   answer to one of ours (a demoted master sends those) does the same for that channel alone.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::join_all;
use futures_util::{StreamExt, stream};
use redis::cluster::ClusterClientBuilder;
use redis::cluster_async::ClusterConnection;
use redis::cluster_routing::Slot;
use redis::{ProtocolVersion, PushInfo, PushKind, Value};
use tokio::sync::mpsc;

use super::messages::{Incoming, Interest};
use super::redis::RedisBus;
use super::wire::{self, BusMessage, coalesce, control_channel, feed_channel, redis_channel};
use crate::realtime::metrics::Metrics;

/// How long one pipeline or one `SSUBSCRIBE` may take: a shard that is down does not fail
/// fast (the crate retries), and the other shards' traffic must not wait for it long.
const CALL_LIMIT: Duration = Duration::from_secs(2);
/// Between two rounds of subscribing again after a shard was lost.
const RESUBSCRIBE_EVERY: Duration = Duration::from_millis(500);
/// `SSUBSCRIBE`s in flight at once.
const SUBSCRIBES_AT_ONCE: usize = 64;

impl RedisBus {
    /// Connects to the Redis Cluster whose nodes (any of them) `urls` name, and spawns the
    /// publishing and subscribing tasks; what arrives goes to `router`.
    pub(crate) async fn connect_cluster(
        urls: &[String],
        prefix: &str,
        router: mpsc::UnboundedSender<Incoming>,
        metrics: Arc<Metrics>,
    ) -> anyhow::Result<RedisBus> {
        let builder = || {
            ClusterClientBuilder::new(urls.to_vec())
                .use_protocol(ProtocolVersion::RESP3)
                .retries(2)
                .connection_timeout(Duration::from_secs(1))
                .response_timeout(CALL_LIMIT)
        };
        let origin = wire::new_origin();
        let publisher = builder().build()?.get_async_connection().await?;
        let (pushed, pushes) = mpsc::unbounded_channel::<PushInfo>();
        let subscriber = builder()
            .push_sender(pushed)
            .build()?
            .get_async_connection()
            .await?;
        let (outgoing, committed) = mpsc::unbounded_channel();
        let sending = metrics.clone();
        tokio::spawn(wire::run_publisher(
            async move |messages: &[(String, BusMessage)]| {
                send_by_slot(&publisher, messages, &sending).await
            },
            prefix.to_owned(),
            origin,
            committed,
        ));
        let (commands, interest) = mpsc::unbounded_channel();
        let subscribing = Subscriber {
            conn: subscriber,
            prefix: prefix.to_owned(),
            origin,
            router: router.clone(),
            metrics,
            wanted: HashSet::new(),
            pending: HashSet::new(),
            in_flight: false,
            gap: false,
            resync: HashSet::new(),
            unsubscribing: HashMap::new(),
        };
        tokio::spawn(subscribing.run(pushes, interest));
        Ok(RedisBus::from_tasks(outgoing, commands, router))
    }
}

/// Publishes `messages`, one pipeline of `SPUBLISH`es per hash slot, all at once; true when
/// every shard took its part.
async fn send_by_slot(
    conn: &ClusterConnection,
    messages: &[(String, BusMessage)],
    metrics: &Metrics,
) -> bool {
    let mut by_slot: HashMap<Slot, (redis::Pipeline, u64)> = HashMap::new();
    for (channel, message) in messages {
        match rmp_serde::to_vec_named(message) {
            Ok(payload) => {
                let (pipe, count) = by_slot
                    .entry(Slot::for_key(channel))
                    .or_insert_with(|| (redis::pipe(), 0));
                pipe.cmd("SPUBLISH").arg(channel).arg(payload).ignore();
                *count += 1;
            }
            Err(err) => tracing::error!(error = %err, "cannot encode a bus message"),
        }
    }
    let sends = by_slot.into_values().map(|(pipe, count)| {
        let mut conn = conn.clone();
        async move {
            let sent = tokio::time::timeout(CALL_LIMIT, pipe.query_async::<()>(&mut conn)).await;
            (sent, count)
        }
    });
    let mut all = true;
    for (sent, count) in join_all(sends).await {
        match sent {
            Ok(Ok(())) => {
                metrics.bus_out.inc_by(count);
            }
            // The events are in the log: subscribers catch up on their next event or resync.
            Ok(Err(err)) => {
                tracing::warn!(error = %err, "publishing to a Redis Cluster shard failed");
                all = false;
            }
            Err(_) => {
                tracing::warn!("a Redis Cluster shard took too long to publish to");
                all = false;
            }
        }
    }
    all
}

/// The subscribing task: the node's wanted topics, each on its own sharded channel, and the
/// control and feed channels. Subscribing runs in rounds on tasks of their own, so that a
/// shard that is down (each call to it waits [`CALL_LIMIT`]) never holds up the messages the
/// other shards deliver, nor the node's interest changes.
struct Subscriber {
    conn: ClusterConnection,
    prefix: String,
    /// This node's bus: what it sent comes back, and is skipped.
    origin: u64,
    router: mpsc::UnboundedSender<Incoming>,
    metrics: Arc<Metrics>,
    /// The topics this node's sockets want.
    wanted: HashSet<Arc<str>>,
    /// Channels to subscribe (new, or lost with their shard), until a round succeeds for them.
    pending: HashSet<String>,
    /// A round of `SSUBSCRIBE`s is running.
    in_flight: bool,
    /// A shard's connection dropped (or a channel every node hears was lost): once `pending`
    /// is done, the router hears that the bus may have lost anything.
    gap: bool,
    /// Topics to read the log for once their channel is subscribed (new, or lost alone).
    resync: HashSet<Arc<str>>,
    /// Our own `SUNSUBSCRIBE`s not yet answered, by channel: their pushes are not losses.
    unsubscribing: HashMap<String, usize>,
}

impl Subscriber {
    async fn run(
        mut self,
        mut pushes: mpsc::UnboundedReceiver<PushInfo>,
        mut interest: mpsc::UnboundedReceiver<Interest>,
    ) {
        let (rounds, mut done) = mpsc::unbounded_channel::<(Vec<String>, Vec<String>)>();
        self.pending.extend(self.always());
        self.start_round(&rounds);
        loop {
            tokio::select! {
                change = interest.recv() => match change {
                    Some(change) => self.change_interest(change, &mut interest),
                    None => return,
                },
                push = pushes.recv() => match push {
                    Some(push) => self.pushed(push),
                    None => return,
                },
                Some((tried, failed)) = done.recv() => self.round_done(tried, failed),
                () = tokio::time::sleep(RESUBSCRIBE_EVERY), if !self.in_flight && !self.pending.is_empty() => {}
            }
            if !self.in_flight && !self.pending.is_empty() {
                self.start_round(&rounds);
            }
        }
    }

    /// Subscribes what is pending on a task of its own, which reports what it tried and what
    /// failed.
    fn start_round(&mut self, rounds: &mpsc::UnboundedSender<(Vec<String>, Vec<String>)>) {
        if self.in_flight || self.pending.is_empty() {
            return;
        }
        self.in_flight = true;
        let tried: Vec<String> = self.pending.iter().cloned().collect();
        let (conn, rounds) = (self.conn.clone(), rounds.clone());
        tokio::spawn(async move {
            let failed = each(&conn, tried.clone(), Call::Subscribe).await;
            let _ = rounds.send((tried, failed));
        });
    }

    /// A round ended: what took is no longer pending; once nothing is, the router hears what
    /// may have been lost meanwhile. What failed is tried again a moment later.
    fn round_done(&mut self, tried: Vec<String>, failed: Vec<String>) {
        self.in_flight = false;
        let failed: HashSet<String> = failed.into_iter().collect();
        for channel in tried.iter().filter(|c| !failed.contains(*c)) {
            self.pending.remove(channel);
        }
        if !self.pending.is_empty() {
            return;
        }
        if std::mem::take(&mut self.gap) {
            // What the lost shard carried meanwhile is in the log.
            let _ = self.router.send(Incoming::Reconnected);
            self.resync.extend(self.wanted.iter().cloned());
        }
        let topics: Vec<Arc<str>> = self.resync.drain().collect();
        if !topics.is_empty() {
            // Anything published before the subscription took is in the log.
            let _ = self.router.send(Incoming::Resubscribed(topics));
        }
    }

    /// Follows a change in which topics the node wants (and every change queued behind it).
    fn change_interest(&mut self, first: Interest, queued: &mut mpsc::UnboundedReceiver<Interest>) {
        let (subscribe, unsubscribe) = coalesce(first, queued);
        let mut gone = Vec::new();
        for topic in &unsubscribe {
            self.wanted.remove(topic);
            self.resync.remove(topic);
            let channel = redis_channel(&self.prefix, topic);
            self.pending.remove(&channel);
            *self.unsubscribing.entry(channel.clone()).or_default() += 1;
            gone.push(channel);
        }
        if !gone.is_empty() {
            let conn = self.conn.clone();
            tokio::spawn(async move { each(&conn, gone, Call::Unsubscribe).await });
        }
        for topic in subscribe {
            self.pending.insert(redis_channel(&self.prefix, &topic));
            self.resync.insert(topic.clone());
            self.wanted.insert(topic);
        }
    }

    /// Takes a push: a message goes to the router; a lost connection or subscription is
    /// subscribed again.
    fn pushed(&mut self, push: PushInfo) {
        match push.kind {
            PushKind::SMessage => {
                if let Some(Value::BulkString(payload)) = push.data.get(1)
                    && let Some(incoming) = wire::incoming(payload, &self.metrics, self.origin)
                {
                    let _ = self.router.send(incoming);
                }
            }
            PushKind::Disconnection => {
                tracing::warn!("a Redis Cluster shard's connection dropped; subscribing again");
                // Which shard is not said: every channel again (a channel already subscribed
                // takes it harmlessly).
                self.gap = true;
                self.pending.extend(self.always());
                let wanted: Vec<String> = self
                    .wanted
                    .iter()
                    .map(|t| redis_channel(&self.prefix, t))
                    .collect();
                self.pending.extend(wanted);
            }
            PushKind::SUnsubscribe => {
                let Some(Value::BulkString(bytes)) = push.data.first() else {
                    return;
                };
                let channel = String::from_utf8_lossy(bytes).into_owned();
                if let Some(ours) = self.unsubscribing.get_mut(&channel) {
                    *ours -= 1;
                    if *ours == 0 {
                        self.unsubscribing.remove(&channel);
                    }
                } else if self.always().contains(&channel) {
                    // A demoted master lets go of its subscriptions: the feed or the signals
                    // may have been lost, as after a reconnect.
                    self.gap = true;
                    self.pending.insert(channel);
                } else if let Some(topic) = self
                    .wanted
                    .iter()
                    .find(|t| redis_channel(&self.prefix, t) == channel)
                    .cloned()
                {
                    self.resync.insert(topic);
                    self.pending.insert(channel);
                }
            }
            _ => {}
        }
    }

    /// The channels every node hears.
    fn always(&self) -> [String; 2] {
        [control_channel(&self.prefix), feed_channel(&self.prefix)]
    }
}

/// `SSUBSCRIBE`s or `SUNSUBSCRIBE`s each channel, one call each (one slot a call), a few
/// dozen at once; answers the channels whose call failed. Subscribing to a channel already
/// subscribed is harmless.
async fn each(conn: &ClusterConnection, channels: Vec<String>, call: Call) -> Vec<String> {
    stream::iter(channels)
        .map(|channel| {
            let mut conn = conn.clone();
            async move {
                let called = match call {
                    Call::Subscribe => {
                        tokio::time::timeout(CALL_LIMIT, conn.ssubscribe(&channel)).await
                    }
                    Call::Unsubscribe => {
                        tokio::time::timeout(CALL_LIMIT, conn.sunsubscribe(&channel)).await
                    }
                };
                (channel, matches!(called, Ok(Ok(()))))
            }
        })
        .buffer_unordered(SUBSCRIBES_AT_ONCE)
        .filter_map(|(channel, ok)| async move { (!ok).then_some(channel) })
        .collect()
        .await
}

#[derive(Clone, Copy)]
enum Call {
    Subscribe,
    Unsubscribe,
}
