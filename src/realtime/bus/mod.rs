//! Fan-out between nodes: transport only. The bus carries published events and session ends
//! to every node and hands what arrives to the node's router task as [`Incoming`]; it knows
//! topics and events, not subscribers or storage.
//!
//! `Local` (the embedded default) hands events straight to this node's router task. `Redis`
//! publishes through Redis pub/sub, and each node subscribes in Redis only to the topics its
//! own sockets want (told through [`Bus::interest`]), except for events in the feed: they all
//! travel on one Redis channel that every node receives, so that each node sees the whole feed
//! in order (its dashboards follow it; see `routing/registry/mod.rs`). Post events are few next to
//! messages and notes, so every node hearing all of them is cheap.
//!
//! Either way one task routes: publishers never route on their own threads, so they never
//! wait for each other on a topic, and a burst reaches the router back to back and is routed
//! together, so each socket then writes several events at once.

mod cluster;
mod messages;
mod redis;
mod wire;

use std::sync::Arc;
use std::time::Instant;

use tokio::sync::mpsc;

use crate::realtime::metrics::Metrics;
use crate::store::{Committed, Publish};
pub(crate) use messages::{Incoming, Interest};
pub(crate) use redis::RedisBus;

/// How events reach the sockets of every node.
pub(crate) enum Bus {
    /// Straight to this node's router task.
    Local(mpsc::UnboundedSender<Incoming>),
    Redis(RedisBus),
}

impl Bus {
    /// The in-process bus: everything published reaches `router`.
    pub(crate) fn local(router: mpsc::UnboundedSender<Incoming>) -> Bus {
        Bus::Local(router)
    }

    /// The Redis bus: connects the publishing side and spawns its task, and the subscribing
    /// side, which hands what arrives to `router`. Channels are prefixed with `prefix`, so
    /// deployments sharing one Redis keep apart. With `cluster`, `url` names nodes of a Redis
    /// Cluster (comma-separated, any of them) and channels are sharded (`cluster.rs`).
    pub(crate) async fn redis(
        url: &str,
        cluster: bool,
        prefix: &str,
        router: mpsc::UnboundedSender<Incoming>,
        metrics: Arc<Metrics>,
    ) -> anyhow::Result<Bus> {
        let bus = if cluster {
            let nodes: Vec<String> = url.split(',').map(|n| n.trim().to_owned()).collect();
            RedisBus::connect_cluster(&nodes, prefix, router, metrics).await?
        } else {
            RedisBus::connect(url, prefix, router, metrics).await?
        };
        Ok(Bus::Redis(bus))
    }

    /// Tells the bus this node now wants a topic, or no longer does. Called under the
    /// registry's topic lock, so the changes keep the registry's order.
    pub(crate) fn interest(&self, interest: Interest) {
        if let Bus::Redis(redis) = self {
            redis.interest(interest);
        }
    }

    /// Waits until what was handed to the bus before this call has left this node: for a
    /// shutdown, so that what committed is not lost in the Redis publisher's queue. (The
    /// in-process bus hands over at once.)
    pub(crate) async fn flush(&self) {
        if let Bus::Redis(redis) = self {
            redis.flush().await;
        }
    }

    /// The sending side of the bus, for the store to hand what commits to
    /// (`store/publish.rs`).
    pub(crate) fn outlet(&self, metrics: Arc<Metrics>) -> Outlet {
        let way = match self {
            Bus::Local(router) => Way::Local(router.clone()),
            Bus::Redis(redis) => Way::Redis {
                outgoing: redis.outgoing(),
                router: redis.router(),
            },
        };
        Outlet { way, metrics }
    }
}

/// Where committed changes leave this node: straight to its router task, or to it and to the
/// task that publishes them to Redis. Sending never waits, so the store can hand changes over
/// on its writer thread and at each commit.
///
/// On Redis too the node's own sockets have a change at once, as on the in-process bus, not
/// after the publisher's pipeline and the round trip through Redis, and they still have it
/// while Redis is down; the node skips its own messages when Redis brings them back
/// (`wire.rs`). (Measured in loadtest/RESULTS.md §23: 8% less of the node's CPU a chat
/// message; a new post's time did not move, its fan-out is the rest of it.) Order per topic
/// is the router's either way: its `Reorder` holds an event that overtook an earlier seq from
/// another node until that one arrives (or reads it from the log).
///
/// A session ending while Redis is down now closes this node's sockets at once; the other
/// nodes hear of it when Redis takes it again, or reconcile when their subscription returns.
pub(crate) struct Outlet {
    way: Way,
    metrics: Arc<Metrics>,
}

enum Way {
    Local(mpsc::UnboundedSender<Incoming>),
    Redis {
        outgoing: mpsc::UnboundedSender<wire::Outgoing>,
        router: mpsc::UnboundedSender<Incoming>,
    },
}

/// Hands `committed` to this node's router: its events, its refreshes, its ended sessions.
/// Fails only when the core is being dropped, and with it every socket.
fn route_here(router: &mpsc::UnboundedSender<Incoming>, committed: Committed) {
    let arrived = Instant::now();
    for published in committed.events {
        let _ = router.send(Incoming::Event { published, arrived });
    }
    for topic in committed.refreshed {
        let _ = router.send(Incoming::Refresh(topic.key()));
    }
    for session in committed.ended_sessions {
        let _ = router.send(Incoming::SessionEnded(session));
    }
}

impl Publish for Outlet {
    fn publish(&self, committed: Committed) {
        self.metrics
            .events_published
            .inc_by(committed.events.len() as u64);
        match &self.way {
            Way::Local(router) => route_here(router, committed),
            Way::Redis { outgoing, router } => {
                route_here(router, committed.clone());
                let _ = outgoing.send(wire::Outgoing::Committed(committed));
            }
        }
    }
}
