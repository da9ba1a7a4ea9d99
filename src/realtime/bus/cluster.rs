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
//!   same bug). So on a `Disconnection` push, or an `sunsubscribe` push for a channel still
//!   wanted (a demoted master sends those), this task subscribes every channel again, one call
//!   each, every half second until all succeed, then tells the router the bus may have lost
//!   events ([`Incoming::Reconnected`], [`Incoming::Resubscribed`]): the sockets read the log,
//!   as after a single Redis's restart.

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

use super::redis::RedisBus;
use super::wire::{self, BusMessage, coalesce, control_channel, feed_channel, redis_channel};
use super::{Incoming, Interest};
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
    pub async fn connect_cluster(
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
            committed,
        ));
        let (commands, interest) = mpsc::unbounded_channel();
        let subscribing = Subscriber {
            conn: subscriber,
            prefix: prefix.to_owned(),
            router,
            metrics,
            wanted: HashSet::new(),
        };
        tokio::spawn(subscribing.run(pushes, interest));
        Ok(RedisBus::from_tasks(outgoing, commands))
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
/// control and feed channels.
struct Subscriber {
    conn: ClusterConnection,
    prefix: String,
    router: mpsc::UnboundedSender<Incoming>,
    metrics: Arc<Metrics>,
    /// The topics this node's sockets want.
    wanted: HashSet<Arc<str>>,
}

impl Subscriber {
    async fn run(
        mut self,
        mut pushes: mpsc::UnboundedReceiver<PushInfo>,
        mut interest: mpsc::UnboundedReceiver<Interest>,
    ) {
        // Until every wanted channel is subscribed (at the start, and after a shard is lost).
        let mut lost = !self.subscribe_all().await;
        loop {
            tokio::select! {
                change = interest.recv() => match change {
                    Some(change) => self.change_interest(change, &mut interest, &mut lost).await,
                    None => return,
                },
                push = pushes.recv() => match push {
                    Some(push) => lost |= self.pushed(push),
                    None => return,
                },
                () = tokio::time::sleep(RESUBSCRIBE_EVERY), if lost => {
                    if self.subscribe_all().await {
                        lost = false;
                        self.metrics.bus_reconnects.inc();
                        // What the lost shard carried meanwhile is in the log.
                        let _ = self.router.send(Incoming::Reconnected);
                        let topics: Vec<Arc<str>> = self.wanted.iter().cloned().collect();
                        if !topics.is_empty() {
                            let _ = self.router.send(Incoming::Resubscribed(topics));
                        }
                    }
                }
            }
        }
    }

    /// Follows a change in which topics the node wants (and every change queued behind it).
    async fn change_interest(
        &mut self,
        first: Interest,
        queued: &mut mpsc::UnboundedReceiver<Interest>,
        lost: &mut bool,
    ) {
        let (subscribe, unsubscribe) = coalesce(first, queued);
        for topic in &unsubscribe {
            self.wanted.remove(topic);
        }
        self.wanted.extend(subscribe.iter().cloned());
        let gone: Vec<String> = unsubscribe
            .iter()
            .map(|t| redis_channel(&self.prefix, t))
            .collect();
        self.each(gone, Call::Unsubscribe).await;
        let channels: Vec<String> = subscribe
            .iter()
            .map(|t| redis_channel(&self.prefix, t))
            .collect();
        if !self.each(channels, Call::Subscribe).await {
            // Tried again with the rest, every half second, until the shard takes them.
            *lost = true;
        }
        if !subscribe.is_empty() {
            // Anything published between the sockets' replay and now is in the log.
            let _ = self.router.send(Incoming::Resubscribed(subscribe));
        }
    }

    /// Takes a push: a message goes to the router. Answers whether the push says a
    /// subscription was lost.
    fn pushed(&self, push: PushInfo) -> bool {
        match push.kind {
            PushKind::SMessage => {
                if let Some(Value::BulkString(payload)) = push.data.get(1)
                    && let Some(incoming) = wire::incoming(payload, &self.metrics)
                {
                    let _ = self.router.send(incoming);
                }
                false
            }
            PushKind::Disconnection => {
                tracing::warn!("a Redis Cluster shard's connection dropped; subscribing again");
                true
            }
            // Our own unsubscribes are answered so too, for channels no longer wanted.
            PushKind::SUnsubscribe => push.data.first().is_some_and(|channel| {
                let channel = match channel {
                    Value::BulkString(bytes) => String::from_utf8_lossy(bytes).into_owned(),
                    _ => return false,
                };
                self.always().contains(&channel)
                    || self
                        .wanted
                        .iter()
                        .any(|t| redis_channel(&self.prefix, t) == channel)
            }),
            _ => false,
        }
    }

    /// The channels every node hears.
    fn always(&self) -> [String; 2] {
        [control_channel(&self.prefix), feed_channel(&self.prefix)]
    }

    /// Subscribes every channel this node wants; true when all took.
    async fn subscribe_all(&mut self) -> bool {
        let mut channels: Vec<String> = self.always().into();
        channels.extend(self.wanted.iter().map(|t| redis_channel(&self.prefix, t)));
        self.each(channels, Call::Subscribe).await
    }

    /// `SSUBSCRIBE`s or `SUNSUBSCRIBE`s each channel, one call each (one slot a call), a few
    /// dozen at once; true when every call succeeded. Subscribing to a channel already
    /// subscribed is harmless.
    async fn each(&self, channels: Vec<String>, call: Call) -> bool {
        let results: Vec<bool> = stream::iter(channels)
            .map(|channel| {
                let mut conn = self.conn.clone();
                async move {
                    let called = match call {
                        Call::Subscribe => {
                            tokio::time::timeout(CALL_LIMIT, conn.ssubscribe(&channel)).await
                        }
                        Call::Unsubscribe => {
                            tokio::time::timeout(CALL_LIMIT, conn.sunsubscribe(&channel)).await
                        }
                    };
                    matches!(called, Ok(Ok(())))
                }
            })
            .buffer_unordered(SUBSCRIBES_AT_ONCE)
            .collect()
            .await;
        results.into_iter().all(|ok| ok)
    }
}

#[derive(Clone, Copy)]
enum Call {
    Subscribe,
    Unsubscribe,
}
