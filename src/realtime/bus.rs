//! Fan-out between nodes: transport only. The bus carries published events and session ends
//! to every node and hands what arrives to the node's router task as [`Incoming`]; it knows
//! topics and events, not subscribers or storage.
//!
//! `Local` (the embedded default) hands events straight to this node's router task. `Redis`
//! publishes through Redis pub/sub, and each node subscribes in Redis only to the topics its
//! own sockets want (told through [`Bus::interest`]).
//!
//! Either way one task routes: publishers never route on their own threads, so they never
//! wait for each other on a topic, and a burst reaches the router back to back and is routed
//! together, so each socket then writes several events at once.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use dashwire_protocol::Event;
use futures_util::StreamExt;
use redis::aio::ConnectionManager;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::Topic;
use super::log::Published;
use super::metrics::Metrics;

/// What the bus hands this node's router task. Nearly every message is an event, so the
/// channel's slots are sized for one and boxing it would only add an allocation per event.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Incoming {
    /// A committed event, from this node or another.
    Event(Published),
    /// A session ended (logout): close its sockets.
    SessionEnded(String),
    /// The bus (re)subscribed to these topics and may have missed their events meanwhile:
    /// their sockets should read the log.
    Resubscribed(Vec<Arc<str>>),
}

/// How events reach the sockets of every node.
pub enum Bus {
    /// Straight to this node's router task.
    Local(mpsc::UnboundedSender<Incoming>),
    Redis(RedisBus),
}

/// The Redis side: a connection to publish on, and the task that holds the subscriptions.
pub struct RedisBus {
    publisher: ConnectionManager,
    commands: mpsc::UnboundedSender<Interest>,
    /// Prefixes every Redis channel, so deployments sharing one Redis keep apart.
    prefix: String,
}

/// A change in which topics this node wants from the bus.
#[derive(Debug)]
pub enum Interest {
    Subscribe(Arc<str>),
    Unsubscribe(Arc<str>),
}

/// What travels between nodes. Built and consumed at once, never stored, so the size
/// difference between the variants costs nothing.
#[derive(Debug, Serialize, Deserialize)]
#[allow(clippy::large_enum_variant)]
enum BusMessage {
    Event {
        topic: Topic,
        seq: i64,
        event: Event,
    },
    SessionEnded {
        session: String,
    },
}

fn control_channel(prefix: &str) -> String {
    format!("{prefix}:control")
}

fn redis_channel(prefix: &str, topic: &str) -> String {
    format!("{prefix}:topic:{topic}")
}

impl Bus {
    /// The in-process bus: everything published reaches `router`.
    pub fn local(router: mpsc::UnboundedSender<Incoming>) -> Bus {
        Bus::Local(router)
    }

    /// The Redis bus: connects the publishing side and spawns the subscribing side, which
    /// hands what arrives to `router`.
    pub async fn redis(
        url: &str,
        prefix: &str,
        router: mpsc::UnboundedSender<Incoming>,
        metrics: Arc<Metrics>,
    ) -> anyhow::Result<Bus> {
        let client = redis::Client::open(url)?;
        let publisher = ConnectionManager::new(client.clone()).await?;
        let (commands, interest) = mpsc::unbounded_channel();
        tokio::spawn(run_redis_subscriber(
            client,
            prefix.to_owned(),
            interest,
            router,
            metrics,
        ));
        Ok(Bus::Redis(RedisBus {
            publisher,
            commands,
            prefix: prefix.to_owned(),
        }))
    }

    /// Tells the bus this node now wants a topic, or no longer does. Called under the
    /// registry's topic lock, so the changes keep the registry's order.
    pub fn interest(&self, interest: Interest) {
        if let Bus::Redis(redis) = self {
            let _ = redis.commands.send(interest);
        }
    }

    /// Sends a committed event to every node's subscribers.
    pub async fn publish(&self, published: Published, metrics: &Metrics) {
        match self {
            // Fails only when the core is being dropped, and with it every socket.
            Bus::Local(router) => {
                let _ = router.send(Incoming::Event(published));
            }
            Bus::Redis(redis) => {
                let channel = redis_channel(&redis.prefix, &published.topic.key());
                let message = BusMessage::Event {
                    topic: published.topic,
                    seq: published.seq,
                    event: published.event,
                };
                redis.send(&channel, &message, metrics).await;
            }
        }
    }

    /// Ends a session's sockets on every node.
    pub async fn end_session(&self, session: &str, metrics: &Metrics) {
        match self {
            Bus::Local(router) => {
                let _ = router.send(Incoming::SessionEnded(session.to_owned()));
            }
            Bus::Redis(redis) => {
                let message = BusMessage::SessionEnded {
                    session: session.to_owned(),
                };
                redis
                    .send(&control_channel(&redis.prefix), &message, metrics)
                    .await;
            }
        }
    }
}

impl RedisBus {
    async fn send(&self, channel: &str, message: &BusMessage, metrics: &Metrics) {
        let payload = match rmp_serde::to_vec_named(message) {
            Ok(payload) => payload,
            Err(err) => {
                tracing::error!(error = %err, "cannot encode a bus message");
                return;
            }
        };
        let mut conn = self.publisher.clone();
        let sent: redis::RedisResult<i64> = redis::cmd("PUBLISH")
            .arg(channel)
            .arg(payload)
            .query_async(&mut conn)
            .await;
        match sent {
            Ok(_) => Metrics::inc(&metrics.bus_out),
            // The event is in the log: subscribers catch up on their next event or resync.
            Err(err) => tracing::warn!(error = %err, channel, "publishing to Redis failed"),
        }
    }
}

/// The subscribing side of the Redis bus: follows interest changes and hands what arrives to
/// the router, reconnecting (and resubscribing every wanted topic) when the connection drops.
async fn run_redis_subscriber(
    client: redis::Client,
    prefix: String,
    mut interest: mpsc::UnboundedReceiver<Interest>,
    router: mpsc::UnboundedSender<Incoming>,
    metrics: Arc<Metrics>,
) {
    let mut wanted: HashSet<Arc<str>> = HashSet::new();
    let mut backoff = Duration::from_millis(100);
    loop {
        let serving = Subscriber {
            client: &client,
            prefix: &prefix,
            router: &router,
            metrics: &metrics,
        };
        match serving.serve(&mut interest, &mut wanted).await {
            Ok(()) => return,
            Err(err) => {
                tracing::warn!(error = %err, "Redis subscription lost; reconnecting");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(5));
            }
        }
    }
}

struct Subscriber<'a> {
    client: &'a redis::Client,
    prefix: &'a str,
    router: &'a mpsc::UnboundedSender<Incoming>,
    metrics: &'a Metrics,
}

impl Subscriber<'_> {
    /// Serves one connection until it drops (an error) or the node stops wanting anything
    /// (the interest sender is gone: `Ok`).
    async fn serve(
        &self,
        interest: &mut mpsc::UnboundedReceiver<Interest>,
        wanted: &mut HashSet<Arc<str>>,
    ) -> redis::RedisResult<()> {
        let (mut sink, mut stream) = self.client.get_async_pubsub().await?.split();
        sink.subscribe(control_channel(self.prefix)).await?;
        // After a (re)connect, events may have been missed: subscribe, then have sockets read
        // the log for anything after what they last saw.
        if !wanted.is_empty() {
            let channels: Vec<String> = wanted
                .iter()
                .map(|t| redis_channel(self.prefix, t))
                .collect();
            sink.subscribe(channels).await?;
            let _ = self
                .router
                .send(Incoming::Resubscribed(wanted.iter().cloned().collect()));
        }
        loop {
            tokio::select! {
                change = interest.recv() => match change {
                    Some(first) => {
                        let (subscribe, unsubscribe) = coalesce(first, interest);
                        for topic in &unsubscribe {
                            wanted.remove(topic);
                        }
                        wanted.extend(subscribe.iter().cloned());
                        if !unsubscribe.is_empty() {
                            let channels: Vec<String> = unsubscribe.iter().map(|t| redis_channel(self.prefix, t)).collect();
                            sink.unsubscribe(channels).await?;
                        }
                        if !subscribe.is_empty() {
                            let channels: Vec<String> = subscribe.iter().map(|t| redis_channel(self.prefix, t)).collect();
                            sink.subscribe(channels).await?;
                            // Anything published between the sockets' replay and now is in the log.
                            let _ = self.router.send(Incoming::Resubscribed(subscribe));
                        }
                    }
                    None => return Ok(()),
                },
                message = stream.next() => match message {
                    Some(message) => self.receive(message.get_payload_bytes()),
                    None => return Err(redis::RedisError::from((redis::ErrorKind::Io, "pub/sub stream ended"))),
                },
            }
        }
    }

    fn receive(&self, payload: &[u8]) {
        Metrics::inc(&self.metrics.bus_in);
        let incoming = match rmp_serde::from_slice::<BusMessage>(payload) {
            Ok(BusMessage::Event { topic, seq, event }) => {
                Incoming::Event(Published { topic, seq, event })
            }
            Ok(BusMessage::SessionEnded { session }) => Incoming::SessionEnded(session),
            Err(err) => {
                tracing::warn!(error = %err, "undecodable bus message");
                return;
            }
        };
        let _ = self.router.send(incoming);
    }
}

/// Takes every interest change already queued after `first` and reduces them to the topics
/// to subscribe and to unsubscribe, each topic ending in its last asked state: a burst of
/// connecting sockets then costs one SUBSCRIBE round trip, not one per topic.
fn coalesce(
    first: Interest,
    queued: &mut mpsc::UnboundedReceiver<Interest>,
) -> (Vec<Arc<str>>, Vec<Arc<str>>) {
    let mut last: Vec<(Arc<str>, bool)> = Vec::new();
    let mut index: HashMap<Arc<str>, usize> = HashMap::new();
    let mut note = |change: Interest| {
        let (topic, wanted) = match change {
            Interest::Subscribe(topic) => (topic, true),
            Interest::Unsubscribe(topic) => (topic, false),
        };
        match index.get(&topic) {
            Some(&i) => last[i].1 = wanted,
            None => {
                index.insert(topic.clone(), last.len());
                last.push((topic, wanted));
            }
        }
    };
    note(first);
    for _ in 0..MAX_COALESCED {
        match queued.try_recv() {
            Ok(change) => note(change),
            Err(_) => break,
        }
    }
    let subscribe = last
        .iter()
        .filter(|(_, w)| *w)
        .map(|(t, _)| t.clone())
        .collect();
    let unsubscribe = last
        .iter()
        .filter(|(_, w)| !*w)
        .map(|(t, _)| t.clone())
        .collect();
    (subscribe, unsubscribe)
}

/// Interest changes folded into one round trip at most.
const MAX_COALESCED: usize = 4096;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interest_changes_coalesce_to_each_topics_last_state() {
        let (tx, mut rx) = mpsc::unbounded_channel();
        let t = |s: &str| Arc::<str>::from(s);
        for change in [
            Interest::Unsubscribe(t("b")),
            Interest::Subscribe(t("c")),
            Interest::Subscribe(t("b")),
            Interest::Subscribe(t("d")),
            Interest::Unsubscribe(t("d")),
        ] {
            tx.send(change).unwrap();
        }
        let (subscribe, unsubscribe) = coalesce(Interest::Subscribe(t("a")), &mut rx);
        assert_eq!(subscribe, [t("a"), t("b"), t("c")]);
        assert_eq!(unsubscribe, [t("d")]);
        assert!(rx.try_recv().is_err(), "everything queued was taken");
    }
}
