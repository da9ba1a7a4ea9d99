//! The bus on one Redis server: one task publishes what this node committed, in commit order,
//! a pipeline of `PUBLISH`es at a time (`wire::run_publisher`); one task holds the node's
//! subscriptions (the topics its sockets want, and the feed and control channels every node
//! hears) and hands what arrives to the router. What the messages are: `wire.rs`.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use redis::aio::ConnectionManager;
use tokio::sync::{mpsc, oneshot};

use super::messages::{Incoming, Interest};
use super::wire::{
    self, BusMessage, Outgoing, coalesce, control_channel, feed_channel, redis_channel,
};
use crate::realtime::metrics::Metrics;

/// The Redis side: a connection to publish on, and the task that holds the subscriptions.
pub(crate) struct RedisBus {
    /// To the publishing task (`wire::run_publisher`).
    outgoing: mpsc::UnboundedSender<Outgoing>,
    commands: mpsc::UnboundedSender<Interest>,
    /// This node's router, which has what the node commits at once (`super::Outlet`).
    router: mpsc::UnboundedSender<Incoming>,
}

impl RedisBus {
    /// Connects the publishing side and spawns its task, and the subscribing side, which
    /// hands what arrives to `router`.
    pub(crate) async fn connect(
        url: &str,
        prefix: &str,
        router: mpsc::UnboundedSender<Incoming>,
        metrics: Arc<Metrics>,
    ) -> anyhow::Result<RedisBus> {
        let origin = wire::new_origin();
        let client = redis::Client::open(url)?;
        let publisher = ConnectionManager::new(client.clone()).await?;
        let (outgoing, committed) = mpsc::unbounded_channel();
        let sending = metrics.clone();
        tokio::spawn(wire::run_publisher(
            async move |messages: &[(String, BusMessage)]| {
                send_all(&publisher, messages, &sending).await
            },
            prefix.to_owned(),
            origin,
            committed,
        ));
        let (commands, interest) = mpsc::unbounded_channel();
        tokio::spawn(run_redis_subscriber(
            client,
            prefix.to_owned(),
            origin,
            interest,
            router.clone(),
            metrics,
        ));
        Ok(RedisBus {
            outgoing,
            commands,
            router,
        })
    }

    /// The handle to a publishing and a subscribing task started elsewhere (a cluster's:
    /// `cluster.rs`).
    pub(super) fn from_tasks(
        outgoing: mpsc::UnboundedSender<Outgoing>,
        commands: mpsc::UnboundedSender<Interest>,
        router: mpsc::UnboundedSender<Incoming>,
    ) -> RedisBus {
        RedisBus {
            outgoing,
            commands,
            router,
        }
    }

    /// Tells the subscribing task of a change in which topics this node wants.
    pub(super) fn interest(&self, interest: Interest) {
        let _ = self.commands.send(interest);
    }

    /// Where the publishing task takes what committed.
    pub(super) fn outgoing(&self) -> mpsc::UnboundedSender<Outgoing> {
        self.outgoing.clone()
    }

    /// This node's router.
    pub(super) fn router(&self) -> mpsc::UnboundedSender<Incoming> {
        self.router.clone()
    }

    /// Waits until everything handed to the publishing task before this call has been sent
    /// to Redis (or failed to be).
    pub(super) async fn flush(&self) {
        let (done, sent) = oneshot::channel();
        if self.outgoing.send(Outgoing::Flush(done)).is_ok() {
            let _ = sent.await;
        }
    }
}

/// Publishes each `(channel, message)` in one pipeline, in order; false if Redis did not
/// take them.
async fn send_all(
    redis: &ConnectionManager,
    messages: &[(String, BusMessage)],
    metrics: &Metrics,
) -> bool {
    if messages.is_empty() {
        return true;
    }
    let mut pipe = redis::pipe();
    let mut count = 0;
    for (channel, message) in messages {
        match rmp_serde::to_vec_named(message) {
            Ok(payload) => {
                pipe.cmd("PUBLISH").arg(channel).arg(payload).ignore();
                count += 1;
            }
            Err(err) => tracing::error!(error = %err, "cannot encode a bus message"),
        }
    }
    if count == 0 {
        return true;
    }
    let mut conn = redis.clone();
    let sent: redis::RedisResult<()> = pipe.query_async(&mut conn).await;
    match sent {
        Ok(()) => {
            metrics.bus_out.inc_by(count);
            true
        }
        // The events are in the log: subscribers catch up on their next event or resync.
        Err(err) => {
            tracing::warn!(error = %err, "publishing to Redis failed");
            false
        }
    }
}

/// The subscribing side of the Redis bus: follows interest changes and hands what arrives to
/// the router, reconnecting (and resubscribing every wanted topic) when the connection drops.
async fn run_redis_subscriber(
    client: redis::Client,
    prefix: String,
    origin: u64,
    mut interest: mpsc::UnboundedReceiver<Interest>,
    router: mpsc::UnboundedSender<Incoming>,
    metrics: Arc<Metrics>,
) {
    let mut wanted: HashSet<Arc<str>> = HashSet::new();
    let mut backoff = Duration::from_millis(100);
    let mut reconnecting = false;
    loop {
        let serving = Subscriber {
            client: &client,
            prefix: &prefix,
            origin,
            router: &router,
            metrics: &metrics,
        };
        match serving
            .serve(&mut interest, &mut wanted, reconnecting)
            .await
        {
            Ok(()) => return,
            Err(err) => {
                reconnecting = true;
                tracing::warn!(error = %err, "Redis subscription lost; reconnecting");
                tokio::time::sleep(backoff).await;
                // At most a second apart, so that a Redis back is heard from within a second
                // or so and what it may have lost is made good (the fault model's 5 s).
                backoff = (backoff * 2).min(Duration::from_secs(1));
            }
        }
    }
}

struct Subscriber<'a> {
    client: &'a redis::Client,
    prefix: &'a str,
    /// This node's bus: what it sent comes back, and is skipped.
    origin: u64,
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
        reconnecting: bool,
    ) -> redis::RedisResult<()> {
        let (mut sink, mut stream) = self.client.get_async_pubsub().await?.split();
        sink.subscribe(control_channel(self.prefix)).await?;
        sink.subscribe(feed_channel(self.prefix)).await?;
        if reconnecting {
            let _ = self.router.send(Incoming::Reconnected);
        }
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
        if let Some(incoming) = wire::incoming(payload, self.metrics, self.origin) {
            let _ = self.router.send(incoming);
        }
    }
}
