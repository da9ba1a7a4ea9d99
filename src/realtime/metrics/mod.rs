//! The realtime core's part of `GET /metrics` (`src/metrics/` serves it, with the HTTP
//! routes' latency): its counters and gauges, the database pool, and the histograms an
//! operator needs to see latency (publish to socket write, the Redis bus between nodes) and
//! how big replays are.
//!
//! Why `prometheus-client` (the Prometheus project's own Rust client) rather than text built
//! by hand: it writes the OpenMetrics format correctly (escaping, `_total`/`_bucket`/`_sum`
//! suffixes, cumulative buckets, the closing `# EOF`), so adding a histogram or a label is a
//! registration rather than more string formatting to get subtly wrong. Its counters and
//! gauges are one relaxed atomic add behind an `Arc`, as the hand-made ones were, so the hot
//! paths (every routed event, every socket write) cost what they did.
//!
//! Every sample name is the one the hand-written text had (the load tools and the tests read
//! them): prometheus-client appends `_total` to counters itself, so `events_published` is
//! registered to expose `dashwire_events_published_total`, and `sockets` to expose
//! `dashwire_sockets_total`. The answer is OpenMetrics text, which differs from the older
//! Prometheus text only in the `# UNIT` and closing `# EOF` comment lines and in naming a
//! counter's family without its `_total`; every sample line is `name{labels} value` as before.
//!
//! The library's own `Histogram` locks a mutex per observation. That is fine for replay sizes
//! (one observation per replay), not where every socket task of a fan-out records one (a
//! socket write) or every worker thread does (an HTTP request): the duration histograms are
//! [`LatencyHistogram`]s, which keep their buckets in atomics, so an observation is two
//! relaxed atomic adds; the library still encodes them. What the histograms add to the hot
//! paths is a clock read per event reaching the node and per socket write, and those two
//! adds per write; no socket holds a metric object of its own.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use prometheus_client::encoding::{
    EncodeLabelSet, EncodeLabelValue, EncodeMetric, LabelValueEncoder, MetricEncoder, NoLabelSet,
};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::{Family, MetricConstructor};
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::{MetricType, TypedMetric};
use prometheus_client::registry::{Registry, Unit};

/// The content type of the exposition text (`GET /metrics`).
pub(crate) const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Publish (or bus receipt) to socket write, seconds. An event held for a missing seq waits
/// up to half a second (`order::REORDER_WAIT`), hence the buckets around 0.5.
const DELIVERY_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0,
];
/// One Redis hop between nodes, seconds: well under a millisecond on a LAN when all is well.
const BUS_LAG_BUCKETS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];
/// Events per replay; a replay reads the log `subscriptions::REPLAY_BATCH` (500) at a time.
const REPLAY_BUCKETS: &[f64] = &[
    1.0, 2.0, 5.0, 10.0, 25.0, 50.0, 100.0, 250.0, 500.0, 1000.0, 2500.0, 5000.0, 10000.0,
];

/// The labels of `dashwire_client_log_requests`: which log call, and what became of it (both
/// from fixed sets).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ClientLogLabels {
    /// `cslog`, `bblog`, `lady` or `conversion`.
    pub endpoint: &'static str,
    /// `accepted`, `malformed`, `too_large` or `rate_limited`.
    pub outcome: &'static str,
}

/// Why a subscription replayed from the log (`dashwire_replay_events`).
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct ReplayLabels {
    pub reason: ReplayReason,
}

/// Why a replay ran.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum ReplayReason {
    /// A subscribe with `since` behind the channel: the client resuming.
    Resume,
    /// A live event skipped a seq: the gap was read from the log.
    Gap,
    /// The bus (re)subscribed and may have missed events.
    Resync,
}

impl EncodeLabelValue for ReplayReason {
    fn encode(&self, encoder: &mut LabelValueEncoder) -> std::fmt::Result {
        encoder.write_str(match self {
            ReplayReason::Resume => "resume",
            ReplayReason::Gap => "gap",
            ReplayReason::Resync => "resync",
        })
    }
}

/// Which of subscribing's batched reads (`channels/batched.rs`) a figure counts.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct SubscribeReadLabels {
    pub read: SubscribeRead,
}

/// The reads a subscribe makes, each batched across the node's sockets.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub(crate) enum SubscribeRead {
    /// Who may read a channel (its feature's answer).
    Authorize,
    /// A channel's latest seq and how far its log was pruned.
    ChannelState,
    /// A batch of a topic's replay.
    Replay,
    /// A batch of a group's replay, by feed position.
    FeedReplay,
}

impl SubscribeRead {
    const ALL: [SubscribeRead; 4] = [
        SubscribeRead::Authorize,
        SubscribeRead::ChannelState,
        SubscribeRead::Replay,
        SubscribeRead::FeedReplay,
    ];
}

impl EncodeLabelValue for SubscribeRead {
    fn encode(&self, encoder: &mut LabelValueEncoder) -> std::fmt::Result {
        encoder.write_str(match self {
            SubscribeRead::Authorize => "authorize",
            SubscribeRead::ChannelState => "channel_state",
            SubscribeRead::Replay => "replay",
            SubscribeRead::FeedReplay => "feed_replay",
        })
    }
}

/// Makes each reason's replay-size histogram.
#[derive(Clone, Copy, Debug)]
pub struct ReplayBuckets;

impl MetricConstructor<Histogram> for ReplayBuckets {
    fn new_metric(&self) -> Histogram {
        Histogram::new(REPLAY_BUCKETS.iter().copied())
    }
}

/// The store's figures, read when `/metrics` is asked for.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct DbFigures {
    pub pool_size: u32,
    pub pool_idle: usize,
    pub connections_replaced: u64,
    pub statements_retried: u64,
}

/// The server's metrics. Each field is a handle (an `Arc`) to what the registry encodes; the
/// counters and gauges are relaxed atomics.
#[derive(Debug)]
pub struct Metrics {
    pub sockets_open: Gauge,
    pub sockets_total: Counter,
    pub subscriptions: Gauge,
    pub events_published: Counter,
    pub events_delivered: Counter,
    pub events_replayed: Counter,
    pub socket_writes: Counter,
    pub events_held: Counter,
    pub slow_consumers: Counter,
    pub bus_in: Counter,
    pub bus_out: Counter,
    pub refused_subscriptions: Counter,
    /// Subscribing's reads, and the batches that answered them (`channels/batched.rs`):
    /// reads per batch is how much the batching saved.
    subscribe_reads: Family<SubscribeReadLabels, Counter>,
    subscribe_read_batches: Family<SubscribeReadLabels, Counter>,
    pub bad_frames: Counter,
    db_pool_connections: Gauge,
    db_pool_idle: Gauge,
    /// What heals after a fault (docs/architecture.md, the fault model): Redis connections of
    /// the bus made again, events read from the log by sockets resynced after a bus gap,
    /// sockets closed because their session ended while the bus was away, and database
    /// connections found dead and replaced (with the statements run again on another).
    pub bus_reconnects: Counter,
    pub bus_caught_up_events: Counter,
    pub sessions_reconciled: Counter,
    db_connections_replaced: Counter,
    db_statements_retried: Counter,
    /// Live heap bytes, in the heap-profiling build only (Cargo.toml's `dhat-heap`).
    #[cfg(feature = "dhat-heap")]
    heap_bytes: Gauge,
    /// `dashwire_publish_to_delivery_seconds`: one observation per socket write that carried
    /// live events, the age of its oldest one (see `socket.rs`).
    pub publish_to_delivery: LatencyHistogram,
    /// `dashwire_replay_events`: events sent per completed replay of one subscription.
    pub replay_events: Family<ReplayLabels, Histogram, ReplayBuckets>,
    /// `dashwire_bus_lag_seconds`: a Redis bus message's send on its node to its receipt here.
    pub bus_lag: LatencyHistogram,
    /// `dashwire_client_log_requests`: the browsers' behaviour logs, by call and outcome.
    pub client_log_requests: Family<ClientLogLabels, Counter>,
    /// `dashwire_client_log_events`: the events accepted logs carried.
    pub client_log_events: Counter,
    registry: Registry,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Every metric at zero, registered in the order `/metrics` lists them (the order the
    /// hand-written text had, then the histograms).
    pub(crate) fn new() -> Metrics {
        let mut metrics = Metrics {
            sockets_open: Gauge::default(),
            sockets_total: Counter::default(),
            subscriptions: Gauge::default(),
            events_published: Counter::default(),
            events_delivered: Counter::default(),
            events_replayed: Counter::default(),
            socket_writes: Counter::default(),
            events_held: Counter::default(),
            slow_consumers: Counter::default(),
            bus_in: Counter::default(),
            bus_out: Counter::default(),
            refused_subscriptions: Counter::default(),
            subscribe_reads: Family::default(),
            subscribe_read_batches: Family::default(),
            bad_frames: Counter::default(),
            db_pool_connections: Gauge::default(),
            db_pool_idle: Gauge::default(),
            bus_reconnects: Counter::default(),
            bus_caught_up_events: Counter::default(),
            sessions_reconciled: Counter::default(),
            db_connections_replaced: Counter::default(),
            db_statements_retried: Counter::default(),
            #[cfg(feature = "dhat-heap")]
            heap_bytes: Gauge::default(),
            publish_to_delivery: LatencyHistogram::new(DELIVERY_BUCKETS),
            replay_events: Family::new_with_constructor(ReplayBuckets),
            bus_lag: LatencyHistogram::new(BUS_LAG_BUCKETS),
            client_log_requests: Family::default(),
            client_log_events: Counter::default(),
            registry: Registry::with_prefix("dashwire"),
        };
        let m = &mut metrics;
        // Help texts without a final full stop: the registry adds one.
        let r = &mut m.registry;
        r.register(
            "sockets_open",
            "WebSockets open now",
            m.sockets_open.clone(),
        );
        r.register("sockets", "WebSockets accepted", m.sockets_total.clone());
        r.register(
            "subscriptions",
            "Channel subscriptions held now",
            m.subscriptions.clone(),
        );
        r.register(
            "events_published",
            "Events published by this node",
            m.events_published.clone(),
        );
        r.register(
            "events_delivered",
            "Events queued to local sockets",
            m.events_delivered.clone(),
        );
        r.register(
            "socket_writes",
            "Flushes of queued events to sockets; events delivered per write is the batching",
            m.socket_writes.clone(),
        );
        r.register(
            "events_held",
            "Events that arrived ahead of a missing seq and waited for it",
            m.events_held.clone(),
        );
        r.register(
            "events_replayed",
            "Events replayed from the log on resume or gap",
            m.events_replayed.clone(),
        );
        r.register(
            "slow_consumers",
            "Sockets cut off for falling behind",
            m.slow_consumers.clone(),
        );
        r.register(
            "bus_messages_in",
            "Messages received from the bus",
            m.bus_in.clone(),
        );
        r.register(
            "bus_messages_out",
            "Messages sent to the bus",
            m.bus_out.clone(),
        );
        r.register(
            "refused_subscriptions",
            "Subscriptions refused (forbidden or unknown)",
            m.refused_subscriptions.clone(),
        );
        r.register(
            "subscribe_reads",
            "Reads made for subscribes (authorisation, channel states, replays), by kind",
            m.subscribe_reads.clone(),
        );
        r.register(
            "subscribe_read_batches",
            "Statements that answered the reads for subscribes, each for every socket that asked meanwhile, by kind",
            m.subscribe_read_batches.clone(),
        );
        r.register(
            "bad_frames",
            "Client frames that could not be decoded",
            m.bad_frames.clone(),
        );
        r.register(
            "db_pool_connections",
            "Database connections open",
            m.db_pool_connections.clone(),
        );
        r.register(
            "db_pool_idle",
            "Database connections idle",
            m.db_pool_idle.clone(),
        );
        r.register(
            "bus_reconnects",
            "Times the Redis bus's subscription was made again after it dropped",
            m.bus_reconnects.clone(),
        );
        r.register(
            "bus_caught_up_events",
            "Events sockets read from the log after the bus may have lost some",
            m.bus_caught_up_events.clone(),
        );
        r.register(
            "sessions_reconciled",
            "Sessions whose sockets were closed after a bus outage, the session having ended meanwhile",
            m.sessions_reconciled.clone(),
        );
        r.register(
            "db_connections_replaced",
            "Database connections found dead and replaced",
            m.db_connections_replaced.clone(),
        );
        r.register(
            "db_statements_retried",
            "Statements and transactions' BEGINs run again after their connection was found dead",
            m.db_statements_retried.clone(),
        );
        #[cfg(feature = "dhat-heap")]
        r.register(
            "heap_bytes",
            "Live heap bytes (heap-profiling build only)",
            m.heap_bytes.clone(),
        );
        r.register_with_unit(
            "publish_to_delivery",
            "Age of the oldest live event in each socket write when the write completed, \
             counted from its publish on this node or its receipt from the Redis bus",
            Unit::Seconds,
            m.publish_to_delivery.clone(),
        );
        r.register(
            "replay_events",
            "Events sent per replay of one subscription from the log, by why it replayed",
            m.replay_events.clone(),
        );
        r.register_with_unit(
            "bus_lag",
            "Redis bus messages from their publishing node's send to their receipt here, by \
             the two nodes' wall clocks",
            Unit::Seconds,
            m.bus_lag.clone(),
        );
        r.register(
            "client_log_requests",
            "Behaviour logs the browsers sent, by call and outcome",
            m.client_log_requests.clone(),
        );
        r.register(
            "client_log_events",
            "Events carried by the behaviour logs accepted",
            m.client_log_events.clone(),
        );
        // Every reason from the start, at zero, so that a rate over them has a beginning.
        for reason in [
            ReplayReason::Resume,
            ReplayReason::Gap,
            ReplayReason::Resync,
        ] {
            drop(
                metrics
                    .replay_events
                    .get_or_create(&ReplayLabels { reason }),
            );
        }
        for read in SubscribeRead::ALL {
            let labels = SubscribeReadLabels { read };
            drop(metrics.subscribe_reads.get_or_create(&labels));
            drop(metrics.subscribe_read_batches.get_or_create(&labels));
        }
        metrics
    }

    /// Records a batch of `reads` reads of one kind for subscribes.
    pub(crate) fn record_subscribe_read(&self, read: SubscribeRead, reads: usize) {
        let labels = SubscribeReadLabels { read };
        self.subscribe_reads
            .get_or_create(&labels)
            .inc_by(reads as u64);
        self.subscribe_read_batches.get_or_create(&labels).inc();
    }

    /// Subscribing's reads of `read`'s kind so far, and the batches that answered them.
    #[cfg(test)]
    pub(crate) fn subscribe_reads(&self, read: SubscribeRead) -> (u64, u64) {
        let labels = SubscribeReadLabels { read };
        (
            self.subscribe_reads.get_or_create(&labels).get(),
            self.subscribe_read_batches.get_or_create(&labels).get(),
        )
    }

    /// Records one replay's size.
    pub(crate) fn record_replay(&self, reason: ReplayReason, events: u64) {
        if reason == ReplayReason::Resync {
            self.bus_caught_up_events.inc_by(events);
        }
        self.replay_events
            .get_or_create(&ReplayLabels { reason })
            .observe(events as f64);
    }

    /// The exposition text (OpenMetrics, see [`CONTENT_TYPE`]), with the database's figures:
    /// the realtime core's alone, as its tests read it.
    #[cfg(test)]
    pub(crate) fn render(&self, db: DbFigures) -> String {
        let mut out = self.render_families(db);
        end_text(&mut out);
        out
    }

    /// The realtime core's families of the exposition text (OpenMetrics, see
    /// [`CONTENT_TYPE`]), with the database's figures, without the text's closing line: the
    /// scrape (`src/metrics/`) adds families of its own before [`end_text`].
    pub(crate) fn render_families(&self, db: DbFigures) -> String {
        self.db_pool_connections.set(i64::from(db.pool_size));
        self.db_pool_idle
            .set(i64::try_from(db.pool_idle).unwrap_or(i64::MAX));
        self.db_connections_replaced
            .inner()
            .store(db.connections_replaced, Relaxed);
        self.db_statements_retried
            .inner()
            .store(db.statements_retried, Relaxed);
        #[cfg(feature = "dhat-heap")]
        self.heap_bytes
            .set(i64::try_from(dhat::HeapStats::get().curr_bytes).unwrap_or(i64::MAX));
        let mut out = String::new();
        // Writing to a String cannot fail, and every metric here encodes.
        let _ = prometheus_client::encoding::text::encode_registry(&mut out, &self.registry);
        out
    }
}

/// Closes an exposition text (OpenMetrics' `# EOF`).
pub(crate) fn end_text(out: &mut String) {
    let _ = prometheus_client::encoding::text::encode_eof(out);
}

/// A histogram of durations whose observations are lock-free: a bucket count and a sum in
/// nanoseconds, each a relaxed atomic add (the count is the buckets' total). Cheap to clone
/// (an `Arc`), like the library's metrics.
#[derive(Debug, Clone)]
pub struct LatencyHistogram(Arc<LatencyBuckets>);

#[derive(Debug)]
struct LatencyBuckets {
    /// Upper bounds in seconds, as exposed.
    bounds: &'static [f64],
    /// The same bounds in nanoseconds, as compared.
    bounds_ns: Box<[u64]>,
    /// One count per bound, then the `+Inf` bucket; not cumulative.
    counts: Box<[AtomicU64]>,
    sum_ns: AtomicU64,
}

impl LatencyHistogram {
    /// An empty histogram with these upper bounds (seconds, ascending).
    pub(crate) fn new(bounds: &'static [f64]) -> LatencyHistogram {
        debug_assert!(bounds.windows(2).all(|w| w[0] < w[1]), "ascending bounds");
        LatencyHistogram(Arc::new(LatencyBuckets {
            bounds,
            bounds_ns: bounds.iter().map(|s| (s * 1e9) as u64).collect(),
            counts: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum_ns: AtomicU64::new(0),
        }))
    }

    /// Records one duration.
    pub(crate) fn observe(&self, elapsed: Duration) {
        let ns = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        // The first bucket whose bound is at or above the value (`le`); past them all, +Inf.
        let bucket = self.0.bounds_ns.partition_point(|&bound| bound < ns);
        self.0.counts[bucket].fetch_add(1, Relaxed);
        self.0.sum_ns.fetch_add(ns, Relaxed);
    }

    /// How many durations were recorded.
    #[cfg(test)]
    pub(crate) fn count(&self) -> u64 {
        self.0.counts.iter().map(|c| c.load(Relaxed)).sum()
    }
}

impl TypedMetric for LatencyHistogram {
    const TYPE: MetricType = MetricType::Histogram;
}

impl EncodeMetric for LatencyHistogram {
    fn encode(&self, mut encoder: MetricEncoder) -> Result<(), std::fmt::Error> {
        let inner = &self.0;
        let buckets: Vec<(f64, u64)> = inner
            .bounds
            .iter()
            .copied()
            .chain(std::iter::once(f64::INFINITY))
            .zip(inner.counts.iter().map(|c| c.load(Relaxed)))
            .collect();
        let count = buckets.iter().map(|(_, n)| n).sum();
        let sum = inner.sum_ns.load(Relaxed) as f64 / 1e9;
        encoder.encode_histogram::<NoLabelSet>(sum, count, &buckets, None)
    }

    fn metric_type(&self) -> MetricType {
        Self::TYPE
    }
}

#[cfg(test)]
mod tests;
