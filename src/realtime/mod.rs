//! The realtime core: sockets, subscriptions, and fan-out over a bus.
//!
//! Features write their changes and the events that report them in one transaction
//! (`record_events!`), then hand the [`Published`] events to [`Realtime::publish`]. The core
//! knows nothing of features beyond who may read which channel (`access.rs`).

mod access;
pub mod bus;
pub mod delivery;
mod http;
pub mod metrics;
pub mod registry;
mod socket;
pub mod store;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

pub use http::router;
pub use store::Published;

use bus::{Bus, Interest, RedisBus};
use metrics::Metrics;
use registry::Registry;

use crate::store::Store;

/// Missed events one hold reads from the log at most; sockets read any beyond.
const MAX_NODE_FILL: i64 = 500;

/// Tunables of the socket server.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Events a socket may have queued before it is cut off as a slow consumer.
    pub queue_capacity: usize,
    /// How often the server pings; a socket silent for two intervals is closed.
    pub ping_interval: Duration,
    /// Each socket's read buffer. tungstenite zero-fills all of it, so it is resident memory
    /// per socket (its default is 128 KiB); client frames are small, and a larger one just
    /// takes several reads.
    pub read_buffer_size: usize,
    /// Origins allowed besides the server's own (for a web app served elsewhere).
    pub allowed_origins: Vec<String>,
    /// Prefix of this deployment's Redis channels.
    pub redis_prefix: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            queue_capacity: 256,
            ping_interval: Duration::from_secs(25),
            read_buffer_size: 512,
            allowed_origins: Vec::new(),
            redis_prefix: "dashwire".into(),
        }
    }
}

/// The handle to the realtime core; cheap to clone.
#[derive(Clone)]
pub struct Realtime {
    inner: Arc<Inner>,
}

struct Inner {
    registry: Registry,
    metrics: Metrics,
    store: Store,
    bus: Bus,
    settings: Settings,
    shutdown: CancellationToken,
    sockets: TaskTracker,
    next_socket_id: AtomicU64,
}

impl Realtime {
    /// A core with the in-process bus, or the Redis bus when `redis_url` is given. `store`
    /// holds the event log the core reads when the bus misses an event.
    pub async fn start(
        redis_url: Option<&str>,
        settings: Settings,
        store: Store,
    ) -> anyhow::Result<Realtime> {
        let (local_events, local_router) = tokio::sync::mpsc::unbounded_channel();
        let (bus, redis) = match redis_url {
            None => (Bus::Local(local_events), None),
            Some(url) => {
                let (bus, client, interest) =
                    RedisBus::connect(url, &settings.redis_prefix).await?;
                (Bus::Redis(bus), Some((client, interest)))
            }
        };
        let realtime = Realtime {
            inner: Arc::new(Inner {
                registry: Registry::default(),
                metrics: Metrics::default(),
                store,
                bus,
                settings,
                shutdown: CancellationToken::new(),
                sockets: TaskTracker::new(),
                next_socket_id: AtomicU64::new(1),
            }),
        };
        match redis {
            None => {
                tokio::spawn(bus::run_local_router(
                    Arc::downgrade(&realtime.inner),
                    local_router,
                ));
            }
            Some((client, interest)) => {
                let prefix = realtime.inner.settings.redis_prefix.clone();
                tokio::spawn(bus::run_redis_subscriber(
                    realtime.clone(),
                    client,
                    prefix,
                    interest,
                ));
            }
        }
        Ok(realtime)
    }

    /// Publishes committed events to every node's subscribers.
    pub async fn publish(&self, events: Vec<Published>) {
        for event in events {
            Metrics::inc(&self.inner.metrics.events_published);
            self.inner.bus.publish(self, event).await;
        }
    }

    /// Routes an event that reached this node to its local subscribers, in seq order. If
    /// it has to wait for a missing seq, a timer ends the wait after
    /// [`registry::REORDER_WAIT`] by reading what is still missing from the log, once for
    /// the node rather than once per socket.
    pub(crate) fn route(&self, delivery: delivery::Delivery) {
        let metrics = self.metrics();
        if let Some(hold) = self.registry().route(Arc::new(delivery), metrics) {
            let realtime = self.clone();
            tokio::spawn(async move {
                tokio::time::sleep(registry::REORDER_WAIT).await;
                realtime.end_hold(hold).await;
            });
        }
    }

    async fn end_hold(&self, hold: registry::Hold) {
        let metrics = self.metrics();
        let Some((after, up_to)) = self.registry().missing(&hold) else {
            return;
        };
        let missing = self
            .inner
            .store
            .events_between(&hold.topic, after, up_to, MAX_NODE_FILL)
            .await;
        match missing {
            Ok(events) => {
                metrics
                    .events_replayed
                    .fetch_add(events.len() as u64, Ordering::Relaxed);
                let events = events
                    .into_iter()
                    .map(|(seq, event)| {
                        let topic = hold.topic.to_string();
                        Arc::new(delivery::Delivery::new(Published { topic, seq, event }))
                    })
                    .collect();
                self.registry().release(&hold, events, metrics);
            }
            // The sockets read the gap themselves.
            Err(err) => {
                tracing::warn!(error = %err, topic = %hold.topic, "reading a missed event failed");
                self.registry().release(&hold, Vec::new(), metrics);
            }
        }
    }

    /// Closes the sockets of a session (logout, revocation) on every node.
    pub async fn end_session(&self, session_token_hash: &str) {
        self.inner.bus.end_session(self, session_token_hash).await;
    }

    /// Tells every socket to close with 1001 so clients reconnect elsewhere.
    pub fn shutdown(&self) {
        self.inner.shutdown.cancel();
    }

    /// Waits (at most `limit`) for every socket task to finish after [`Realtime::shutdown`].
    pub async fn wait_closed(&self, limit: Duration) {
        self.inner.sockets.close();
        let _ = tokio::time::timeout(limit, self.inner.sockets.wait()).await;
    }

    /// The counters.
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    pub(crate) fn registry(&self) -> &Registry {
        &self.inner.registry
    }

    pub(crate) fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    fn next_socket_id(&self) -> u64 {
        self.inner.next_socket_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Subscribes a socket to a topic, telling the bus when this node starts wanting it.
    fn subscribe(&self, topic: &Arc<str>, socket: registry::SocketHandle) {
        self.inner.registry.subscribe(topic, socket, || {
            if let Bus::Redis(redis) = &self.inner.bus {
                redis.interest(Interest::Subscribe(topic.clone()));
            }
        });
        self.inner
            .metrics
            .subscriptions
            .fetch_add(1, Ordering::Relaxed);
    }

    /// Unsubscribes a socket, telling the bus when this node no longer wants the topic.
    fn unsubscribe(&self, topic: &Arc<str>, socket_id: u64) {
        self.inner.registry.unsubscribe(topic, socket_id, || {
            if let Bus::Redis(redis) = &self.inner.bus {
                redis.interest(Interest::Unsubscribe(topic.clone()));
            }
        });
        self.inner
            .metrics
            .subscriptions
            .fetch_sub(1, Ordering::Relaxed);
    }
}
