//! `dashwire-loadgen search`: searches as people would, over the posts `seed-posts` wrote,
//! with a few searchers at once, recording each page's latency: in a blog
//! (`/svc/search/blog_search/{blog}/{term}`, over the seeded blogs, each of which has posts),
//! across blogs (`/svc/search/posts?q=`) or by tag (`/svc/search/tagged/{tag}`). The terms
//! are fixed words of the seeded vocabulary at three frequencies, common, medium and rare
//! (see [`TERMS`]), taken in turn; the summary gives each frequency's latency too.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use crate::posts_seeding::{tag, word};
use crate::seed::Seed;
use crate::stats::{Latencies, summary};

/// Which search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// In one blog.
    Blog,
    /// Across blogs, by words.
    Site,
    /// Across blogs, by tag.
    Tagged,
}

/// How often a term is in the posts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frequency {
    Common,
    Medium,
    Rare,
}

const FREQUENCIES: [Frequency; 3] = [Frequency::Common, Frequency::Medium, Frequency::Rare];

/// The words searched, by their rank in the vocabulary (0 the most frequent; a post has
/// 12–51 words, so with 1,000,000 posts rank 3 is in roughly 40% of them, rank 20 in ~10%,
/// rank 150 in ~2%, rank 300 in ~1%, rank 2,500 in ~0.1%, rank 4,500 in ~0.05%). Two words
/// search for posts with both.
const TERMS: &[(Frequency, &[usize])] = &[
    (Frequency::Common, &[3]),
    (Frequency::Common, &[8]),
    (Frequency::Common, &[20]),
    (Frequency::Medium, &[150]),
    (Frequency::Medium, &[300]),
    (Frequency::Medium, &[8, 150]),
    (Frequency::Rare, &[2500]),
    (Frequency::Rare, &[4500]),
    (Frequency::Rare, &[3, 2500]),
];

/// The tags searched, by rank (of 300; a post has 0–3): rank 0 is on ~25% of posts, rank 9
/// on ~2.5%, rank 99 on ~0.25%, rank 299 on ~0.08%.
const TAG_TERMS: &[(Frequency, usize)] = &[
    (Frequency::Common, 0),
    (Frequency::Common, 2),
    (Frequency::Medium, 9),
    (Frequency::Medium, 30),
    (Frequency::Rare, 99),
    (Frequency::Rare, 299),
];

/// What to run.
pub struct SearchPlan<'a> {
    pub seed: &'a Path,
    pub url: &'a str,
    pub kind: Kind,
    /// The sort as the API spells it (CREATED_DESC, POPULARITY_DESC; top, recent); the
    /// server's default when empty.
    pub sort: &'a str,
    pub requests: usize,
    pub concurrency: usize,
}

/// The terms of a kind: what is searched, and how often it occurs.
fn terms(kind: Kind) -> Vec<(Frequency, String)> {
    match kind {
        Kind::Tagged => TAG_TERMS
            .iter()
            .map(|(frequency, rank)| (*frequency, tag(*rank)))
            .collect(),
        Kind::Blog | Kind::Site => TERMS
            .iter()
            .map(|(frequency, ranks)| {
                let words: Vec<String> = ranks.iter().map(|r| word(*r)).collect();
                (*frequency, words.join(" "))
            })
            .collect(),
    }
}

/// The address of request `n`.
fn address(plan: &SearchPlan, base: &str, blogs: &[String], term: &str, n: usize) -> String {
    let sort = if plan.sort.is_empty() {
        String::new()
    } else {
        format!("sort={}", plan.sort)
    };
    let escaped = term.replace(' ', "%20");
    match plan.kind {
        // Blogs in an order unrelated to the terms' (7919 is prime to any count of blogs
        // seeded here).
        Kind::Blog => format!(
            "{base}/svc/search/blog_search/{}/{escaped}?{sort}",
            blogs[n.wrapping_mul(7919) % blogs.len()]
        ),
        Kind::Site => format!("{base}/svc/search/posts?q={escaped}&{sort}"),
        Kind::Tagged => format!("{base}/svc/search/tagged/{escaped}?{sort}"),
    }
}

/// Searches `requests` times with `concurrency` searchers, signed in as user 0.
pub async fn run(plan: SearchPlan<'_>) -> anyhow::Result<()> {
    crate::server_addr(plan.url)?;
    let seed = Seed::read(plan.seed)?;
    let searcher = seed
        .users
        .first()
        .ok_or_else(|| anyhow::anyhow!("the seed has no users"))?;
    let cookie = format!("dashwire_session={}", searcher.token);
    let blogs: Arc<Vec<String>> = Arc::new(seed.users.iter().map(|u| u.blog.clone()).collect());
    let terms = Arc::new(terms(plan.kind));
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()?;
    let base = plan.url.trim_end_matches('/').to_owned();
    // One histogram per frequency; all three merged for the whole.
    let latencies: Arc<Vec<Latencies>> = Arc::new(FREQUENCIES.map(|_| Latencies::new()).into());
    let started_reads = Arc::new(AtomicUsize::new(0));
    let failures = Arc::new(AtomicUsize::new(0));
    let results_seen = Arc::new(AtomicUsize::new(0));
    let addresses: Arc<Vec<String>> = Arc::new(
        (0..plan.requests)
            .map(|n| address(&plan, &base, &blogs, &terms[n % terms.len()].1, n))
            .collect(),
    );
    let started = Instant::now();
    let mut searchers = Vec::new();
    for shard in 0..plan.concurrency.max(1) {
        let (http, cookie, terms, addresses) = (
            http.clone(),
            cookie.clone(),
            terms.clone(),
            addresses.clone(),
        );
        let (latencies, started_reads, failures, results_seen) = (
            latencies.clone(),
            started_reads.clone(),
            failures.clone(),
            results_seen.clone(),
        );
        searchers.push(tokio::spawn(async move {
            loop {
                let n = started_reads.fetch_add(1, Relaxed);
                let Some(address) = addresses.get(n) else {
                    break;
                };
                let sent = Instant::now();
                let answer = http.get(address).header("cookie", &cookie).send().await;
                let page: Option<serde_json::Value> = match answer {
                    Ok(resp) if resp.status().is_success() => resp.json().await.ok(),
                    _ => None,
                };
                let frequency = terms[n % terms.len()].0;
                let at = FREQUENCIES
                    .iter()
                    .position(|f| *f == frequency)
                    .unwrap_or(0);
                latencies[at].record(shard, sent.elapsed().as_micros() as u64);
                match page
                    .as_ref()
                    .and_then(|p| p["response"]["posts"].as_array())
                {
                    Some(posts) => {
                        results_seen.fetch_add(posts.len(), Relaxed);
                    }
                    None => {
                        failures.fetch_add(1, Relaxed);
                    }
                }
            }
        }));
    }
    for searcher in searchers {
        searcher.await?;
    }
    let took = started.elapsed();
    let mut merged = latencies[0].merged();
    for histogram in &latencies[1..] {
        merged.add(histogram.merged())?;
    }
    let mut by_frequency = Vec::new();
    for (frequency, histogram) in FREQUENCIES.iter().zip(latencies.iter()) {
        let h = histogram.merged();
        if !h.is_empty() {
            let ms = |q: f64| h.value_at_quantile(q) as f64 / 1000.0;
            by_frequency.push(format!(
                "{frequency:?} p50={:.2}ms p99={:.2}ms",
                ms(0.5),
                ms(0.99)
            ));
        }
    }
    let sort = if plan.sort.is_empty() {
        "default"
    } else {
        plan.sort
    };
    println!(
        "search {:?} {sort}: {} reads, {} failed, {} results in {took:.2?} ({:.0} reads/s); latency {}; {}",
        plan.kind,
        plan.requests,
        failures.load(Relaxed),
        results_seen.load(Relaxed),
        plan.requests as f64 / took.as_secs_f64(),
        summary(&merged),
        by_frequency.join(", ")
    );
    anyhow::ensure!(failures.load(Relaxed) == 0, "some searches failed");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_terms_of_every_frequency() {
        for kind in [Kind::Blog, Kind::Site, Kind::Tagged] {
            let terms = terms(kind);
            for frequency in FREQUENCIES {
                assert!(terms.iter().any(|(f, _)| *f == frequency), "{kind:?}");
            }
        }
    }
}
