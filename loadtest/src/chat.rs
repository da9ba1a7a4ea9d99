//! `chat`: N sockets connected; pairs chat over HTTP at a steady rate; delivery latency, the
//! server's CPU over the run, and with `--report-every` each window's sends and deliveries.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

use crate::cli::ChatArgs;
use crate::seed::Seed;
use crate::stats::{Windows, summary, total_cpu_secs, total_rss_kib};
use crate::{connect_users, connected_pairs, hold, http, integrity, shared};

pub async fn chat(args: ChatArgs) -> anyhow::Result<()> {
    let common = &args.common;
    let seed = Seed::read(&common.seed)?;
    let shared = shared(seed.users.len(), &common.prefix);
    connect_users(common, &seed, &shared, true).await?;
    let pairs = connected_pairs(&seed, common, args.pairs);
    anyhow::ensure!(!pairs.is_empty(), "no pair has both users connected");
    // Sends go to every node given, in turn.
    let clients = common
        .url
        .iter()
        .map(|url| http::Client::new(url))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let cpu_before = total_cpu_secs(&common.server_pid);
    let deliveries_before = shared.counters.deliveries.load(Relaxed);
    let sends_by_window = Arc::new(Windows::default());
    if args.report_every > 0 {
        let width = Duration::from_secs(args.report_every);
        shared.windows.start(width);
        sends_by_window.start(width);
    }
    let report = http::drive_chat(
        &clients,
        &seed,
        &pairs,
        args.rate,
        Duration::from_secs(args.duration),
        &sends_by_window,
    )
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let cpu = total_cpu_secs(&common.server_pid) - cpu_before;
    println!(
        "chat: {} messages sent in {:.2}s ({:.0}/s asked {}/s), {} failed; send (HTTP) {}",
        report.sent,
        report.elapsed.as_secs_f64(),
        report.sent as f64 / report.elapsed.as_secs_f64(),
        args.rate,
        report.failed,
        summary(&report.send_latency)
    );
    println!(
        "deliveries to sockets: {} (each message reaches both participants' sockets)",
        shared.counters.deliveries.load(Relaxed) - deliveries_before
    );
    println!(
        "delivery latency (HTTP send start → socket receive): {}",
        summary(&shared.latencies.merged())
    );
    if !common.server_pid.is_empty() {
        println!(
            "server CPU: {cpu:.2}s over the run; RSS {:.1} MiB",
            total_rss_kib(&common.server_pid) as f64 / 1024.0
        );
    }
    if args.report_every > 0 {
        report_windows(&sends_by_window, &shared.windows);
    }
    hold(common, &shared).await;
    integrity(&shared)
}

/// Each window's sends (HTTP) and deliveries, p99 and max, then the worst window's max.
fn report_windows(sends_at: &Windows, deliveries: &Windows) {
    let started = sends_at.started_at() as f64 / 1e6;
    let (sends, deliveries) = (sends_at.merged(), deliveries.merged());
    let width = sends_at.width_secs();
    let ms = |h: Option<&hdrhistogram::Histogram<u64>>, q: Option<f64>| {
        h.filter(|h| !h.is_empty()).map_or("-".to_owned(), |h| {
            let v = q.map_or(h.max(), |q| h.value_at_quantile(q));
            format!("{:.1}", v as f64 / 1000.0)
        })
    };
    println!(
        "by window of {width:.0}s from {started:.3} (seconds since the epoch): window, sends, send p99 / max ms, deliveries, delivery p99 / max ms"
    );
    let last = sends
        .keys()
        .chain(deliveries.keys())
        .max()
        .copied()
        .unwrap_or(0);
    let (mut worst_send, mut worst_delivery) = (0u64, 0u64);
    for window in 0..=last {
        let (s, d) = (sends.get(&window), deliveries.get(&window));
        worst_send = worst_send.max(s.map_or(0, |h| h.max()));
        worst_delivery = worst_delivery.max(d.map_or(0, |h| h.max()));
        println!(
            "window {window}: {} sends, {} / {} ms; {} deliveries, {} / {} ms",
            s.map_or(0, |h| h.len()),
            ms(s, Some(0.99)),
            ms(s, None),
            d.map_or(0, |h| h.len()),
            ms(d, Some(0.99)),
            ms(d, None),
        );
    }
    println!(
        "worst window max: send {:.1} ms, delivery {:.1} ms",
        worst_send as f64 / 1000.0,
        worst_delivery as f64 / 1000.0
    );
}
