//! Counters for `/metrics`, in the Prometheus text format.

use std::fmt::Write;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};

/// The realtime core's counters; all relaxed atomics (they are only ever read for display).
#[derive(Default, Debug)]
pub struct Metrics {
    pub sockets_open: AtomicI64,
    pub sockets_total: AtomicU64,
    pub subscriptions: AtomicI64,
    pub events_published: AtomicU64,
    pub events_delivered: AtomicU64,
    pub events_replayed: AtomicU64,
    pub socket_writes: AtomicU64,
    pub events_held: AtomicU64,
    pub slow_consumers: AtomicU64,
    pub bus_in: AtomicU64,
    pub bus_out: AtomicU64,
    pub refused_subscriptions: AtomicU64,
    pub bad_frames: AtomicU64,
}

impl Metrics {
    /// Adds one to a counter.
    pub fn inc(counter: &AtomicU64) {
        counter.fetch_add(1, Relaxed);
    }

    /// The exposition text, with the database pool's figures.
    pub fn render(&self, pool_size: u32, pool_idle: usize) -> String {
        let mut out = String::new();
        let mut line = |name: &str, kind: &str, help: &str, value: String| {
            let _ = writeln!(out, "# HELP dashwire_{name} {help}");
            let _ = writeln!(out, "# TYPE dashwire_{name} {kind}");
            let _ = writeln!(out, "dashwire_{name} {value}");
        };
        line(
            "sockets_open",
            "gauge",
            "WebSockets open now.",
            self.sockets_open.load(Relaxed).to_string(),
        );
        line(
            "sockets_total",
            "counter",
            "WebSockets accepted.",
            self.sockets_total.load(Relaxed).to_string(),
        );
        line(
            "subscriptions",
            "gauge",
            "Channel subscriptions held now.",
            self.subscriptions.load(Relaxed).to_string(),
        );
        line(
            "events_published_total",
            "counter",
            "Events published by this node.",
            self.events_published.load(Relaxed).to_string(),
        );
        line(
            "events_delivered_total",
            "counter",
            "Events queued to local sockets.",
            self.events_delivered.load(Relaxed).to_string(),
        );
        line(
            "socket_writes_total",
            "counter",
            "Flushes of queued events to sockets; events delivered per write is the batching.",
            self.socket_writes.load(Relaxed).to_string(),
        );
        line(
            "events_held_total",
            "counter",
            "Events that arrived ahead of a missing seq and waited for it.",
            self.events_held.load(Relaxed).to_string(),
        );
        line(
            "events_replayed_total",
            "counter",
            "Events replayed from the log on resume or gap.",
            self.events_replayed.load(Relaxed).to_string(),
        );
        line(
            "slow_consumers_total",
            "counter",
            "Sockets cut off for falling behind.",
            self.slow_consumers.load(Relaxed).to_string(),
        );
        line(
            "bus_messages_in_total",
            "counter",
            "Messages received from the bus.",
            self.bus_in.load(Relaxed).to_string(),
        );
        line(
            "bus_messages_out_total",
            "counter",
            "Messages sent to the bus.",
            self.bus_out.load(Relaxed).to_string(),
        );
        line(
            "refused_subscriptions_total",
            "counter",
            "Subscriptions refused (forbidden or unknown).",
            self.refused_subscriptions.load(Relaxed).to_string(),
        );
        line(
            "bad_frames_total",
            "counter",
            "Client frames that could not be decoded.",
            self.bad_frames.load(Relaxed).to_string(),
        );
        line(
            "db_pool_connections",
            "gauge",
            "Database connections open.",
            pool_size.to_string(),
        );
        line(
            "db_pool_idle",
            "gauge",
            "Database connections idle.",
            pool_idle.to_string(),
        );
        out
    }
}
