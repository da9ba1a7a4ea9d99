//! Fan-out between nodes. `Local` hands events to this node's router task (the embedded
//! default); `Redis` publishes through Redis pub/sub, and each node subscribes in Redis only
//! to the topics it has local subscribers for.
//!
//! Either way one task routes: publishers never route on their own threads, so they never
//! wait for each other on a topic, and a burst reaches the router back to back and is routed
//! together, so each socket then writes several events at once.

use std::sync::Arc;
use std::time::Duration;

use dashwire_protocol::{CLOSE_SESSION_ENDED, Event};
use futures_util::StreamExt;
use redis::aio::ConnectionManager;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::Realtime;
use super::delivery::Delivery;
use super::metrics::Metrics;
use super::store::Published;

/// How events reach the sockets of every node.
pub enum Bus {
    /// To the task of [`run_local_router`].
    Local(mpsc::UnboundedSender<Published>),
    Redis(RedisBus),
}

/// The Redis side: a connection to publish on, and the task that holds the subscriptions.
pub struct RedisBus {
    publisher: ConnectionManager,
    commands: mpsc::UnboundedSender<Interest>,
    /// Prefixes every Redis channel, so deployments sharing one Redis keep apart.
    prefix: String,
}

/// A change in which topics this node wants from Redis.
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
        topic: String,
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

impl RedisBus {
    /// Connects the publishing side; `run` must be spawned for the subscribing side.
    pub async fn connect(
        url: &str,
        prefix: &str,
    ) -> anyhow::Result<(RedisBus, redis::Client, mpsc::UnboundedReceiver<Interest>)> {
        let client = redis::Client::open(url)?;
        let publisher = ConnectionManager::new(client.clone()).await?;
        let (commands, receiver) = mpsc::unbounded_channel();
        Ok((
            RedisBus {
                publisher,
                commands,
                prefix: prefix.to_owned(),
            },
            client,
            receiver,
        ))
    }

    /// Tells the subscribing task what this node now wants. Called under the registry's
    /// topic lock so the commands keep the registry's order.
    pub fn interest(&self, interest: Interest) {
        let _ = self.commands.send(interest);
    }

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

impl Bus {
    /// Sends a committed event to every node's subscribers.
    pub async fn publish(&self, realtime: &Realtime, published: Published) {
        match self {
            Bus::Local(router) => {
                // Fails only when the core is being dropped, and with it every socket.
                let _ = router.send(published);
            }
            Bus::Redis(redis) => {
                let channel = redis_channel(&redis.prefix, &published.topic);
                let message = BusMessage::Event {
                    topic: published.topic,
                    seq: published.seq,
                    event: published.event,
                };
                redis.send(&channel, &message, realtime.metrics()).await;
            }
        }
    }

    /// Closes a session's sockets on every node.
    pub async fn end_session(&self, realtime: &Realtime, session: &str) {
        match self {
            Bus::Local(_) => realtime
                .registry()
                .close_session(session, CLOSE_SESSION_ENDED),
            Bus::Redis(redis) => {
                let message = BusMessage::SessionEnded {
                    session: session.to_owned(),
                };
                redis
                    .send(
                        &control_channel(&redis.prefix),
                        &message,
                        realtime.metrics(),
                    )
                    .await;
            }
        }
    }
}

/// Routes the in-process bus's events until the core is dropped. Holds the core weakly: the
/// core holds the sending side, and a strong reference here would keep both alive forever.
pub(super) async fn run_local_router(
    realtime: std::sync::Weak<super::Inner>,
    mut events: mpsc::UnboundedReceiver<Published>,
) {
    while let Some(published) = events.recv().await {
        let Some(inner) = realtime.upgrade() else {
            return;
        };
        Realtime { inner }.route(Delivery::new(published));
    }
}

/// The subscribing side of the Redis bus: follows interest changes and routes what arrives,
/// reconnecting (and resubscribing every local topic) when the connection drops.
pub async fn run_redis_subscriber(
    realtime: Realtime,
    client: redis::Client,
    prefix: String,
    mut interest: mpsc::UnboundedReceiver<Interest>,
) {
    let mut backoff = Duration::from_millis(100);
    loop {
        match serve_subscriptions(&realtime, &client, &prefix, &mut interest).await {
            Ok(()) => return,
            Err(err) => {
                tracing::warn!(error = %err, "Redis subscription lost; reconnecting");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(5));
            }
        }
    }
}

async fn serve_subscriptions(
    realtime: &Realtime,
    client: &redis::Client,
    prefix: &str,
    interest: &mut mpsc::UnboundedReceiver<Interest>,
) -> redis::RedisResult<()> {
    let (mut sink, mut stream) = client.get_async_pubsub().await?.split();
    sink.subscribe(control_channel(prefix)).await?;
    // After a (re)connect, events may have been missed: subscribe, then have sockets read
    // the log for anything after what they last saw.
    for topic in realtime.registry().topics() {
        sink.subscribe(redis_channel(prefix, &topic)).await?;
        realtime.registry().resync(&topic);
    }
    loop {
        tokio::select! {
            change = interest.recv() => match change {
                Some(first) => {
                    let (subscribe, unsubscribe) = coalesce(first, interest);
                    if !unsubscribe.is_empty() {
                        let channels: Vec<String> = unsubscribe.iter().map(|t| redis_channel(prefix, t)).collect();
                        sink.unsubscribe(channels).await?;
                    }
                    if !subscribe.is_empty() {
                        let channels: Vec<String> = subscribe.iter().map(|t| redis_channel(prefix, t)).collect();
                        sink.subscribe(channels).await?;
                        // Anything published between the sockets' replay and now is in the log.
                        for topic in &subscribe {
                            realtime.registry().resync(topic);
                        }
                    }
                }
                None => return Ok(()),
            },
            message = stream.next() => match message {
                Some(message) => receive(realtime, message.get_payload_bytes()),
                None => return Err(redis::RedisError::from((redis::ErrorKind::Io, "pub/sub stream ended"))),
            },
        }
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
    let mut index: std::collections::HashMap<Arc<str>, usize> = std::collections::HashMap::new();
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

fn receive(realtime: &Realtime, payload: &[u8]) {
    Metrics::inc(&realtime.metrics().bus_in);
    match rmp_serde::from_slice::<BusMessage>(payload) {
        Ok(BusMessage::Event { topic, seq, event }) => {
            realtime.route(Delivery::new(Published { topic, seq, event }));
        }
        Ok(BusMessage::SessionEnded { session }) => realtime
            .registry()
            .close_session(&session, CLOSE_SESSION_ENDED),
        Err(err) => tracing::warn!(error = %err, "undecodable bus message"),
    }
}

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
