//! One node's realtime core, [`Realtime`]: its sockets' registry, its bus to the other nodes,
//! the task that routes what arrives to the sockets, and the reads subscribing makes. Every
//! part of the core takes it; it is built from the parts beside it (`bus/`, `channels/`,
//! `routing/`), and the sockets' own state (`subscriptions/`, `transport/`) comes after it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use tokio::sync::mpsc;
use tokio_util::task::TaskTracker;

use crate::realtime::bus::{Bus, Incoming, Interest};
use crate::realtime::channels::ChannelKinds;
use crate::realtime::channels::reads::SubscribeReads;
use crate::realtime::metrics::Metrics;
use crate::realtime::routing::delivery::Delivery;
use crate::realtime::routing::registry::{self, HoldOn, Registry, TopicKind};
use crate::realtime::routing::{coalesce, order};

use crate::auth;
use crate::store::Store;
use crate::store::session_cache::TokenHash;

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
    /// The Redis is a Redis Cluster: channels are sharded (`bus/cluster.rs`).
    pub redis_cluster: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            queue_capacity: 256,
            ping_interval: Duration::from_secs(25),
            read_buffer_size: 512,
            allowed_origins: Vec::new(),
            redis_prefix: "dashwire".into(),
            redis_cluster: false,
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
    metrics: Arc<Metrics>,
    /// The store: sessions, and the event log a node reads after a bus gap.
    store: Store,
    /// What subscribing reads, batched across the node's sockets ([`Realtime::reads`]).
    reads: SubscribeReads,
    bus: Bus,
    settings: Settings,
    /// Set by [`Realtime::shutdown`].
    shutting_down: AtomicBool,
    sockets: TaskTracker,
    next_socket_id: AtomicU64,
}

impl Realtime {
    /// A core with the in-process bus, or the Redis bus when `redis_url` is given. `store`
    /// holds the event log; `kinds` are the channel kinds the features registered.
    pub async fn start(
        redis_url: Option<&str>,
        settings: Settings,
        store: Store,
        kinds: ChannelKinds,
    ) -> anyhow::Result<Realtime> {
        let (router, incoming) = mpsc::unbounded_channel();
        let metrics = Arc::new(Metrics::default());
        let bus = match redis_url {
            None => Bus::local(router),
            Some(url) => {
                let (prefix, cluster) = (&settings.redis_prefix, settings.redis_cluster);
                Bus::redis(url, cluster, prefix, router, metrics.clone()).await?
            }
        };
        // What commits from now on reaches every node through this bus.
        if !store
            .publisher()
            .connect(Arc::new(bus.outlet(metrics.clone())))
        {
            anyhow::bail!("this store already publishes to a realtime core");
        }
        let reads = SubscribeReads::start(&store, &kinds, &metrics);
        let realtime = Realtime {
            inner: Arc::new(Inner {
                reads,
                registry: Registry::default(),
                metrics,
                store,
                bus,
                settings,
                shutting_down: AtomicBool::new(false),
                sockets: TaskTracker::new(),
                next_socket_id: AtomicU64::new(1),
            }),
        };
        tokio::spawn(run_router(Arc::downgrade(&realtime.inner), incoming));
        Ok(realtime)
    }

    /// Routes an event that reached this node to its local subscribers, in seq order. If
    /// it has to wait for a missing seq, a timer ends the wait after
    /// [`registry::REORDER_WAIT`] by reading what is still missing from the log, once for
    /// the node rather than once per socket.
    fn route(&self, delivery: Delivery) {
        let metrics = self.metrics();
        let routed = self.registry().route(Arc::new(delivery), metrics);
        if let Some(hold) = routed.hold {
            let realtime = self.clone();
            tokio::spawn(async move {
                tokio::time::sleep(order::REORDER_WAIT).await;
                realtime.end_hold(hold).await;
            });
        }
        self.flush_later(routed.flush);
    }

    /// Queues what `topics` held to go out together once the coalescing window is over
    /// (`coalesce.rs`).
    fn flush_later(&self, topics: Vec<Arc<str>>) {
        for topic in topics {
            let realtime = self.clone();
            tokio::spawn(async move {
                tokio::time::sleep(coalesce::WINDOW).await;
                realtime.registry().flush(&topic, realtime.metrics());
            });
        }
    }

    async fn end_hold(&self, hold: registry::Hold) {
        let metrics = self.metrics();
        let Some((after, up_to)) = self.registry().missing(&hold) else {
            return;
        };
        let store = &self.inner.store;
        let missing = match &hold.on {
            HoldOn::Topic { topic, channel } => store
                .events_between(topic, after, up_to, MAX_NODE_FILL)
                .await
                .map(|events| {
                    events
                        .into_iter()
                        .map(|(seq, event)| {
                            Delivery::replayed(topic.clone(), channel.clone(), seq, event)
                        })
                        .collect::<Vec<_>>()
                }),
            // A feed topic is shared: its key is its channel.
            HoldOn::Feed => store
                .feed_events_between(after, up_to, MAX_NODE_FILL)
                .await
                .map(|events| {
                    events
                        .into_iter()
                        .map(|(key, seq, feed_seq, event)| {
                            Delivery::replayed(key.as_str().into(), key, seq, event)
                                .in_feed(feed_seq)
                        })
                        .collect()
                }),
        };
        match missing {
            Ok(events) => {
                metrics.events_replayed.inc_by(events.len() as u64);
                let events = events.into_iter().map(Arc::new).collect();
                let flush = self.registry().release(&hold, events, metrics);
                self.flush_later(flush);
            }
            // The sockets read the gap themselves.
            Err(err) => {
                tracing::warn!(error = %err, on = ?hold.on, "reading a missed event failed");
                let flush = self.registry().release(&hold, Vec::new(), metrics);
                self.flush_later(flush);
            }
        }
    }

    /// After the bus's subscription dropped and came back, makes good what the bus may have
    /// lost meanwhile; see `store/publish.rs` for why this reconciles rather than logging
    /// these signals. Events are in the log: the feed's order starts again and its sockets
    /// (and the groups', which listen on it) read what they missed. A refresh is not: every
    /// group's sockets ask their feature again. A session's end is not either: the cached
    /// sessions are forgotten (so an ended one's cookie is refused at its next request), and
    /// the sessions of this node's sockets are looked up, closing those that ended (4001).
    fn heal_after_bus_gap(&self) {
        self.metrics().bus_reconnects.inc();
        self.registry().resync_feed();
        let store = &self.inner.store;
        store.sessions().clear();
        let realtime = self.clone();
        tokio::spawn(async move {
            realtime.close_ended_sessions().await;
            realtime.refresh_groups_paced().await;
        });
    }

    /// Has the sockets of `topics` read the log for what the bus may have lost, a few hundred
    /// topics at a time: after a Redis restart every topic of the node resyncs, and each
    /// socket's read at once would take every connection of the pool from the node's sends.
    async fn resync_paced(&self, topics: Vec<Arc<str>>) {
        const AT_ONCE: usize = 500;
        const PAUSE: Duration = Duration::from_millis(50);
        for (n, chunk) in topics.chunks(AT_ONCE).enumerate() {
            if n > 0 {
                tokio::time::sleep(PAUSE).await;
            }
            for topic in chunk {
                self.registry().resync(topic);
            }
        }
    }

    /// Tells every group's sockets to ask their feature again, a few hundred topics at a time:
    /// each asks the database (a dashboard reads its user's blogs), and ten thousand at once
    /// would meet a database that may be coming back itself.
    async fn refresh_groups_paced(&self) {
        const AT_ONCE: usize = 200;
        const PAUSE: Duration = Duration::from_millis(50);
        let topics = self.registry().group_topics();
        for chunk in topics.chunks(AT_ONCE) {
            for topic in chunk {
                self.registry().refresh(topic);
            }
            tokio::time::sleep(PAUSE).await;
        }
    }

    /// Closes the sockets of sessions no longer stored (ended on another node while the bus
    /// could not say so).
    async fn close_ended_sessions(&self) {
        let open: Vec<TokenHash> = self.registry().signed_in_sessions();
        let hashes: Vec<String> = open.iter().copied().map(TokenHash::to_hex).collect();
        // The database may be coming back too: a few tries, a second apart.
        let mut tries = 0;
        let stored = loop {
            match auth::store::stored_sessions(&self.inner.store, &hashes).await {
                Ok(stored) => break stored,
                Err(err) if tries < 10 => {
                    tries += 1;
                    tracing::warn!(error = %err, "cannot check the open sockets' sessions after a bus gap; trying again");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                // The cache is empty: each session's next request is still checked.
                Err(err) => {
                    tracing::error!(error = %err, "gave up checking the open sockets' sessions after a bus gap");
                    return;
                }
            }
        };
        for (session, hash) in open.iter().zip(&hashes) {
            if !stored.contains(hash) {
                self.metrics().sessions_reconciled.inc();
                self.registry()
                    .close_session(session, dashwire_protocol::CLOSE_SESSION_ENDED);
            }
        }
    }

    /// Tells every socket to close with 1012 (service restart) so clients reconnect at once,
    /// to another node, and resume: each through its
    /// own close signal (a socket that starts after this sees [`Realtime::shutting_down`]).
    pub(crate) fn shutdown(&self) {
        self.inner.shutting_down.store(true, Ordering::SeqCst);
        self.inner
            .registry
            .close_all(dashwire_protocol::CLOSE_SERVICE_RESTART);
    }

    /// Whether [`Realtime::shutdown`] has been called.
    pub(crate) fn shutting_down(&self) -> bool {
        self.inner.shutting_down.load(Ordering::SeqCst)
    }

    /// Waits (at most `limit`) until what was published before this call has left this node
    /// over the bus ([`Bus::flush`]): the last step of a shutdown.
    pub(crate) async fn flush_bus(&self, limit: Duration) {
        if tokio::time::timeout(limit, self.inner.bus.flush())
            .await
            .is_err()
        {
            tracing::warn!("the bus did not take the last events in time");
        }
    }

    /// Waits (at most `limit`) for every socket task to finish after [`Realtime::shutdown`].
    pub(crate) async fn wait_closed(&self, limit: Duration) {
        self.inner.sockets.close();
        let _ = tokio::time::timeout(limit, self.inner.sockets.wait()).await;
    }

    /// What subscribing reads (a channel's authorisation and seq, a replay's batches), read
    /// for all of this node's sockets at once, so that a node taking over thousands of
    /// sockets (another node went) answers them in few statements on few connections and
    /// keeps the rest for sends and requests (`channels/reads.rs`).
    pub(super) fn reads(&self) -> &SubscribeReads {
        &self.inner.reads
    }

    /// The counters, gauges and histograms `/metrics` serves.
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    pub(crate) fn registry(&self) -> &Registry {
        &self.inner.registry
    }

    /// The store the sockets' sessions are read from (`transport/http.rs`).
    pub(super) fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The node's socket tasks, which a shutdown waits for (`transport/http.rs`).
    pub(super) fn sockets(&self) -> &TaskTracker {
        &self.inner.sockets
    }

    pub(crate) fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    pub(super) fn next_socket_id(&self) -> u64 {
        self.inner.next_socket_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Subscribes a socket to a topic, telling the bus when this node starts wanting one with
    /// its own bus channel (the feed and group signals come to every node anyway). Answers
    /// the registry's copy of the key.
    pub(super) fn subscribe(
        &self,
        topic: &Arc<str>,
        kind: TopicKind,
        socket: registry::SocketHandle,
    ) -> Arc<str> {
        let key = self.inner.registry.subscribe(topic, kind, socket, || {
            if kind == TopicKind::Own {
                self.inner.bus.interest(Interest::Subscribe(topic.clone()));
            }
        });
        self.inner.metrics.subscriptions.inc();
        key
    }

    /// Unsubscribes a socket, telling the bus when this node no longer wants the topic.
    pub(super) fn unsubscribe(&self, topic: &Arc<str>, socket_id: u64) {
        self.inner.registry.unsubscribe(topic, socket_id, |kind| {
            if kind == TopicKind::Own {
                self.inner
                    .bus
                    .interest(Interest::Unsubscribe(topic.clone()));
            }
        });
        self.inner.metrics.subscriptions.dec();
    }
}

/// Routes what the bus hands this node until the core is dropped. Holds the core weakly: the
/// core holds the bus, which holds the sending side, and a strong reference here would keep
/// both alive forever.
async fn run_router(
    realtime: std::sync::Weak<Inner>,
    mut incoming: mpsc::UnboundedReceiver<Incoming>,
) {
    while let Some(next) = incoming.recv().await {
        let Some(inner) = realtime.upgrade() else {
            return;
        };
        let realtime = Realtime { inner };
        match next {
            Incoming::Event { published, arrived } => {
                realtime.route(Delivery::arrived(published, arrived))
            }
            Incoming::SessionEnded(session) => {
                auth::store::forget_session(&realtime.inner.store, &session);
                realtime.registry().close_session(
                    &TokenHash::of(&session),
                    dashwire_protocol::CLOSE_SESSION_ENDED,
                );
            }
            Incoming::Resubscribed(topics) => {
                let realtime = realtime.clone();
                tokio::spawn(async move { realtime.resync_paced(topics).await });
            }
            Incoming::Reconnected => realtime.heal_after_bus_gap(),
            Incoming::Refresh(topic) => realtime.registry().refresh(&topic),
        }
    }
}
