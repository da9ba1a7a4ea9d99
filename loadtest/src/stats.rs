//! What a run measures: counters, latency histograms (HDR), and the server's memory and CPU.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{SystemTime, UNIX_EPOCH};

use hdrhistogram::Histogram;

/// Histograms sharded so that many socket tasks can record without one lock.
pub struct Latencies {
    shards: Vec<Mutex<Histogram<u64>>>,
}

impl Latencies {
    pub fn new() -> Latencies {
        Latencies {
            shards: (0..32)
                .map(|_| {
                    Mutex::new(Histogram::new_with_bounds(1, 600_000_000, 3).expect("histogram"))
                })
                .collect(),
        }
    }

    /// Records a latency in microseconds.
    pub fn record(&self, shard: usize, micros: u64) {
        let mut h = self.shards[shard % self.shards.len()]
            .lock()
            .expect("histogram lock");
        let _ = h.record(micros.max(1));
    }

    /// All shards merged.
    pub fn merged(&self) -> Histogram<u64> {
        let mut all = Histogram::new_with_bounds(1, 600_000_000, 3).expect("histogram");
        for shard in &self.shards {
            all.add(&*shard.lock().expect("histogram lock"))
                .expect("same bounds");
        }
        all
    }
}

/// Latencies by the window they were recorded in (each `width` long from [`Windows::start`]):
/// a long run's figures minute by minute, so that one minute's stall is not averaged away.
#[derive(Default)]
pub struct Windows {
    /// When the first window began (µs since the epoch); 0 until [`Windows::start`].
    start: AtomicU64,
    width_micros: AtomicU64,
    shards: [Mutex<BTreeMap<u64, Histogram<u64>>>; 32],
}

impl Windows {
    /// The first window begins now, each `width` long; nothing is recorded before.
    pub fn start(&self, width: std::time::Duration) {
        self.width_micros
            .store((width.as_micros() as u64).max(1), Relaxed);
        self.start.store(now_micros(), Relaxed);
    }

    /// Records a latency (µs) in the window of `at` (µs since the epoch).
    pub fn record(&self, shard: usize, at: u64, micros: u64) {
        let start = self.start.load(Relaxed);
        if start == 0 || at < start {
            return;
        }
        let window = (at - start) / self.width_micros.load(Relaxed);
        let mut shard = self.shards[shard % self.shards.len()]
            .lock()
            .expect("window lock");
        let h = shard
            .entry(window)
            .or_insert_with(|| Histogram::new_with_bounds(1, 600_000_000, 3).expect("histogram"));
        let _ = h.record(micros.max(1));
    }

    /// Each window's histogram, the shards merged, in order.
    pub fn merged(&self) -> BTreeMap<u64, Histogram<u64>> {
        let mut all: BTreeMap<u64, Histogram<u64>> = BTreeMap::new();
        for shard in &self.shards {
            for (window, h) in shard.lock().expect("window lock").iter() {
                all.entry(*window)
                    .or_insert_with(|| {
                        Histogram::new_with_bounds(1, 600_000_000, 3).expect("histogram")
                    })
                    .add(h)
                    .expect("same bounds");
            }
        }
        all
    }

    /// When the first window began (µs since the epoch; 0 if never started).
    pub fn started_at(&self) -> u64 {
        self.start.load(Relaxed)
    }

    /// The width of a window, in seconds.
    pub fn width_secs(&self) -> f64 {
        self.width_micros.load(Relaxed) as f64 / 1e6
    }
}

/// p50/p95/p99/max of a histogram of microseconds, in milliseconds.
pub fn summary(h: &Histogram<u64>) -> String {
    if h.is_empty() {
        return "no samples".into();
    }
    let ms = |q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    format!(
        "n={} p50={:.2}ms p95={:.2}ms p99={:.2}ms max={:.2}ms",
        h.len(),
        ms(0.50),
        ms(0.95),
        ms(0.99),
        h.max() as f64 / 1000.0
    )
}

/// Counters shared by every socket task.
#[derive(Default)]
pub struct Counters {
    pub connected: AtomicU64,
    pub failed: AtomicU64,
    pub closed: AtomicU64,
    pub deliveries: AtomicU64,
    pub last_delivery_micros: AtomicU64,
    /// Events missing between two a socket got on one channel (or before its first, after
    /// the seq its subscription confirmed).
    pub gaps: AtomicU64,
    /// Events a socket got twice (a seq at or below one it already had on the channel).
    pub duplicates: AtomicU64,
}

impl Counters {
    pub fn delivered(&self) {
        self.deliveries.fetch_add(1, Relaxed);
        self.last_delivery_micros.store(now_micros(), Relaxed);
    }
}

/// Microseconds since the epoch (the clock messages carry their send time in).
pub fn now_micros() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_micros() as u64)
        .unwrap_or(0)
}

/// A process's resident memory in KiB, from /proc.
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// A process's CPU time (user + system) in seconds, from /proc.
pub fn cpu_secs(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Sum of RSS over several processes.
pub fn total_rss_kib(pids: &[u32]) -> u64 {
    pids.iter().filter_map(|&p| rss_kib(p)).sum()
}

/// Sum of CPU seconds over several processes.
pub fn total_cpu_secs(pids: &[u32]) -> f64 {
    pids.iter().filter_map(|&p| cpu_secs(p)).sum()
}
