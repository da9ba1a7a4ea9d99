//! `dashwire-loadgen dashboard`: user 0 reads their dashboard as a person scrolling would
//! (the first page, then the page after its last post, and so on), with a few readers at
//! once, and the latency of each page is recorded (issue #10's benchmark: p99 ≤ 20 ms with
//! 1,000,000 posts across 10,000 blogs and 500 followed).

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use crate::seed::Seed;
use crate::stats::{Latencies, summary};

/// Reads the dashboard `requests` times with `concurrency` readers going `pages` deep.
pub async fn run(
    seed: &Path,
    url: &str,
    requests: usize,
    concurrency: usize,
    pages: usize,
) -> anyhow::Result<()> {
    crate::server_addr(url)?;
    let seed = Seed::read(seed)?;
    let reader = seed
        .users
        .first()
        .ok_or_else(|| anyhow::anyhow!("the seed has no users"))?;
    let cookie = format!("dashwire_session={}", reader.token);
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()?;
    let base = url.trim_end_matches('/').to_owned();
    let latencies = Arc::new(Latencies::new());
    let started_reads = Arc::new(AtomicUsize::new(0));
    let failures = Arc::new(AtomicUsize::new(0));
    let posts_seen = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut readers = Vec::new();
    for shard in 0..concurrency.max(1) {
        let (http, cookie, base) = (http.clone(), cookie.clone(), base.clone());
        let (latencies, started_reads, failures, posts_seen) = (
            latencies.clone(),
            started_reads.clone(),
            failures.clone(),
            posts_seen.clone(),
        );
        readers.push(tokio::spawn(async move {
            let mut after = 0i64;
            let mut depth = 0;
            while started_reads.fetch_add(1, Relaxed) < requests {
                let sent = Instant::now();
                let answer = http
                    .get(format!("{base}/svc/post/dashboard/after/{after}"))
                    .header("cookie", &cookie)
                    .send()
                    .await;
                let page: Option<serde_json::Value> = match answer {
                    Ok(resp) if resp.status().is_success() => resp.json().await.ok(),
                    _ => None,
                };
                latencies.record(shard, sent.elapsed().as_micros() as u64);
                let last = page
                    .as_ref()
                    .and_then(|p| p["response"]["posts"].as_array())
                    .map(|posts| {
                        posts_seen.fetch_add(posts.len(), Relaxed);
                        posts.last().and_then(|p| p["id"].as_i64())
                    });
                match last {
                    None => {
                        failures.fetch_add(1, Relaxed);
                        after = 0;
                        depth = 0;
                    }
                    Some(last) => {
                        depth += 1;
                        after = if depth >= pages { 0 } else { last.unwrap_or(0) };
                        if depth >= pages {
                            depth = 0;
                        }
                    }
                }
            }
        }));
    }
    for reader in readers {
        reader.await?;
    }
    let took = started.elapsed();
    let merged = latencies.merged();
    println!(
        "dashboard: {requests} reads, {} failed, {} posts in {took:.2?} ({:.0} reads/s); latency {}",
        failures.load(Relaxed),
        posts_seen.load(Relaxed),
        requests as f64 / took.as_secs_f64(),
        summary(&merged)
    );
    anyhow::ensure!(failures.load(Relaxed) == 0, "some reads failed");
    Ok(())
}
