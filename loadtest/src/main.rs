//! `dashwire-loadgen`: a lean load generator for dashwire's socket server.
//!
//! k6 spends megabytes per virtual user; this holds tens of thousands of sockets in one
//! process (one task and a small buffer each), spread over several 127.0.0.x source
//! addresses to get past one address's port range. Modes:
//! - `connect`: open, authenticate and subscribe N sockets, hold them, report memory; with
//!   `--visitors BLOG`, N visitors' sockets instead, each with a session of its own, on the
//!   blog's posts.
//! - `chat`: N sockets connected; pairs chat over HTTP at a steady rate; delivery latency.
//! - `fanout`: N sockets on one blog's activity; a burst of follows; deliveries/s.
//! - `posts`: N followers' sockets on their `dashboard`; the popular blog they follow posts
//!   a series; delivery latency and deliveries/s.
//! - `poll`: the same chat done the spec's fallback way (2 s / 30 s polling).
//! - `chaos`: chat over several nodes while `loadtest/chaos.sh` injects faults; every socket
//!   resumes on the next node, and the run proves no acknowledged message was lost or
//!   duplicated.
//!
//! Every run is bounded in count and time and only targets the addresses it is given
//! (127.0.0.0/8 here). See `loadtest/README.md`.
//!
//! `seed` writes the users, sessions and conversations those modes use straight into the
//! server's database, and describes them in the JSON file the modes and the k6 scripts read.

#[macro_use]
mod write;

mod chaos;
mod chat;
mod cli;
mod dashboard;
mod http;
mod posts_seeding;
mod search;
mod seed;
mod seeding;
mod sockets;
mod stats;
mod visitor;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use clap::Parser;
use cli::{
    Cli, Common, ConnectArgs, FanoutArgs, Mode, PollArgs, PostsArgs, SeedArgs, SeedPostsArgs,
};

use seed::Seed;
use sockets::{Identity, Plan, Shared};
use stats::{Counters, Latencies, Windows, summary, total_cpu_secs, total_rss_kib};

async fn seed_database(args: SeedArgs) -> anyhow::Result<()> {
    let store = dashwire::testing::store::Store::connect(&args.database_url, 4).await?;
    let plan = seeding::LoadSeed {
        users: args.users,
        star_sessions: args.star_sessions,
        star_followers: args.star_followers,
        prefix: args.prefix,
    };
    let started = Instant::now();
    let file = seeding::seed(&store, &plan).await?;
    let took = started.elapsed();
    seeding::write(&file, &args.out)?;
    println!(
        "dashwire-loadgen: seeded {} users, {} conversations, {} star sessions in {:.2?} ({:.0} users/s); wrote {}",
        file.users.len(),
        file.pairs.len(),
        file.star.tokens.len(),
        took,
        file.users.len() as f64 / took.as_secs_f64(),
        args.out.display()
    );
    store.close().await;
    Ok(())
}

async fn seed_posts(args: SeedPostsArgs) -> anyhow::Result<()> {
    let store = dashwire::testing::store::Store::connect(&args.database_url, 4).await?;
    let plan = posts_seeding::PostsPlan {
        prefix: args.prefix,
        posts: args.posts,
        follows: args.follows,
    };
    let started = Instant::now();
    let (posts, follows) = posts_seeding::seed_posts(&store, &plan).await?;
    let took = started.elapsed();
    println!(
        "dashwire-loadgen: seeded {posts} posts and {follows} follows of user 0 in {took:.2?} ({:.0} posts/s)",
        posts as f64 / took.as_secs_f64()
    );
    store.close().await;
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        match cli.mode {
            Mode::Seed(args) => seed_database(args).await,
            Mode::SeedPosts(args) => seed_posts(args).await,
            Mode::Dashboard(args) => {
                dashboard::run(
                    &args.seed,
                    &args.url,
                    args.requests,
                    args.concurrency,
                    args.pages,
                )
                .await
            }
            Mode::Search(a) => {
                let (seed, url, sort) = (&a.seed, &a.url, &a.sort);
                let (kind, requests, concurrency) = (a.kind, a.requests, a.concurrency);
                let plan = search::SearchPlan {
                    seed,
                    url,
                    kind,
                    sort,
                    requests,
                    concurrency,
                };
                search::run(plan).await
            }
            Mode::Connect(args) => connect(args).await,
            Mode::Chat(args) => chat::chat(args).await,
            Mode::Fanout(args) => fanout(args).await,
            Mode::Posts(args) => posts(args).await,
            Mode::Poll(args) => poll(args).await,
            Mode::Chaos(args) => chaos::run(args).await,
        }
    })
}

fn server_addr(url: &str) -> anyhow::Result<SocketAddr> {
    let host = url.trim_start_matches("http://").trim_end_matches('/');
    let addr: SocketAddr = host
        .parse()
        .map_err(|_| anyhow::anyhow!("--url {url}: give http://IP:PORT"))?;
    anyhow::ensure!(
        addr.ip().is_loopback(),
        "--url {url}: load only ever targets 127.0.0.0/8"
    );
    Ok(addr)
}

/// What the sockets of a run share, for a seed of `users` users.
pub(crate) fn shared(users: usize, prefix: &str) -> Arc<Shared> {
    Arc::new(Shared {
        counters: Counters::default(),
        latencies: Latencies::new(),
        connect_times: Latencies::new(),
        follow_sent: (0..users).map(|_| AtomicU64::new(0)).collect(),
        prefix: prefix.to_owned(),
        post_sent: Vec::new(),
        post_answered: Vec::new(),
        answer_latencies: Latencies::new(),
        posts_seen: Vec::new(),
        windows: Windows::default(),
    })
}

/// Opens the sockets of users `offset..offset+count`; reports how it went.
pub(crate) async fn connect_users(
    common: &Common,
    seed: &Seed,
    shared: &Arc<Shared>,
    with_conversations: bool,
) -> anyhow::Result<()> {
    let servers = servers(common)?;
    let end = (common.offset + common.count).min(seed.users.len());
    anyhow::ensure!(
        end - common.offset == common.count,
        "the seed has only {} users",
        seed.users.len()
    );
    let pair_of = seed.pair_of();
    let plans: Vec<Plan> = (common.offset..end)
        .map(|i| {
            let user = &seed.users[i];
            let mut channels = vec![
                format!("inbox:{}", user.blog),
                format!("activity:{}", user.blog),
                "unread".to_owned(),
            ];
            if with_conversations && let Some(id) = pair_of[i] {
                channels.push(format!("conversation:{id}"));
            }
            Plan {
                server: servers[i % servers.len()],
                source: common.sources[i % common.sources.len()],
                identity: Identity::Token(user.token.clone()),
                channels,
            }
        })
        .collect();
    open_and_report(common, plans, shared).await;
    Ok(())
}

async fn open_and_report(common: &Common, plans: Vec<Plan>, shared: &Arc<Shared>) {
    let heap_before = http::heap_bytes(&common.url).await;
    let rss_before = total_rss_kib(&common.server_pid);
    let started = Instant::now();
    let n = plans.len();
    sockets::open_all(plans, common.parallel, shared.clone()).await;
    let took = started.elapsed();
    // Let the server settle its allocations before reading its memory.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_after = total_rss_kib(&common.server_pid);
    let connected = shared.counters.connected.load(Relaxed);
    println!(
        "sockets: {connected}/{n} connected and subscribed, {} failed, in {:.2}s ({:.0}/s)",
        shared.counters.failed.load(Relaxed),
        took.as_secs_f64(),
        connected as f64 / took.as_secs_f64()
    );
    println!(
        "connect+subscribe time: {}",
        summary(&shared.connect_times.merged())
    );
    if !common.server_pid.is_empty() && connected > 0 {
        println!(
            "server RSS: {:.1} MiB before, {:.1} MiB after: {:.2} KiB per socket",
            rss_before as f64 / 1024.0,
            rss_after as f64 / 1024.0,
            (rss_after.saturating_sub(rss_before)) as f64 / connected as f64
        );
    }
    // Exact where the servers are heap-profiling builds (`--features dhat-heap`): the
    // allocator's live bytes, without RSS's page caches and allocator slack.
    if let (Some(before), Some(after)) = (heap_before, http::heap_bytes(&common.url).await)
        && connected > 0
    {
        println!(
            "server heap: {:.1} MiB before, {:.1} MiB after: {:.0} bytes per socket",
            before as f64 / 1048576.0,
            after as f64 / 1048576.0,
            (after - before) as f64 / connected as f64
        );
    }
}

pub(crate) async fn hold(common: &Common, shared: &Arc<Shared>) {
    tokio::time::sleep(Duration::from_secs(common.hold)).await;
    println!(
        "after holding {}s: {} sockets closed by the server, server RSS {:.1} MiB",
        common.hold,
        shared.counters.closed.load(Relaxed),
        total_rss_kib(&common.server_pid) as f64 / 1024.0
    );
}

/// The servers of `--url`, each checked to be on 127.0.0.0/8.
fn servers(common: &Common) -> anyhow::Result<Vec<SocketAddr>> {
    common.url.iter().map(|u| server_addr(u)).collect()
}

async fn connect(args: ConnectArgs) -> anyhow::Result<()> {
    let common = &args.common;
    match &args.visitors {
        Some(blog) => {
            let shared = shared(0, &common.prefix);
            connect_visitors(common, blog, &shared).await?;
            hold(common, &shared).await;
        }
        None => {
            let seed = Seed::read(&common.seed)?;
            let shared = shared(seed.users.len(), &common.prefix);
            connect_users(common, &seed, &shared, false).await?;
            hold(common, &shared).await;
        }
    }
    Ok(())
}

/// Opens `--count` visitors' sockets, each with a visitor session of its own, on
/// `posts:{blog}`; reports how it went.
async fn connect_visitors(common: &Common, blog: &str, shared: &Arc<Shared>) -> anyhow::Result<()> {
    let servers = servers(common)?;
    let channel = format!("posts:{blog}");
    let plans = (0..common.count)
        .map(|i| Plan {
            server: servers[i % servers.len()],
            source: common.sources[i % common.sources.len()],
            identity: Identity::Visitor,
            channels: vec![channel.clone()],
        })
        .collect();
    open_and_report(common, plans, shared).await;
    Ok(())
}

/// The pairs whose two users are both among the connected ones.
pub(crate) fn connected_pairs(seed: &Seed, common: &Common, limit: usize) -> Vec<seed::Pair> {
    let range = common.offset..common.offset + common.count;
    seed.pairs
        .iter()
        .filter(|p| range.contains(&p.a) && range.contains(&p.b))
        .take(limit)
        .cloned()
        .collect()
}

/// The star blog's followers (seeded with `seed --star-followers`; `--offset` counts among
/// them) each hold a socket on their `dashboard`; the star blog publishes a series of posts;
/// every socket should get every post. One event per post reaches them all: the server writes
/// no row per follower.
async fn posts(args: PostsArgs) -> anyhow::Result<()> {
    let common = &args.common;
    let seed = Seed::read(&common.seed)?;
    anyhow::ensure!(
        common.offset + common.count <= seed.star.followers,
        "the seed has {} followers of the star blog (seed --star-followers N); \
         subscribers are followers offset..offset+count",
        seed.star.followers
    );
    let first = seed.star.first_follower + common.offset;
    let mut shared = shared(seed.users.len(), &common.prefix);
    {
        let inner = Arc::get_mut(&mut shared).expect("not shared yet");
        inner.post_sent = (0..args.posts).map(|_| AtomicU64::new(0)).collect();
        inner.post_answered = (0..args.posts).map(|_| AtomicU64::new(0)).collect();
        inner.posts_seen = (0..common.count).map(|_| AtomicU64::new(0)).collect();
    }
    let servers = servers(common)?;
    let plans: Vec<Plan> = seed.users[first..first + common.count]
        .iter()
        .enumerate()
        .map(|(i, user)| Plan {
            server: servers[i % servers.len()],
            source: common.sources[i % common.sources.len()],
            identity: Identity::Token(user.token.clone()),
            channels: vec!["dashboard".to_owned()],
        })
        .collect();
    open_and_report(common, plans, &shared).await;
    let subscribers = shared.counters.connected.load(Relaxed);
    let client = http::Client::new(&common.url[0])?;
    let expected = subscribers * args.posts as u64;
    let delivered_before = shared.counters.deliveries.load(Relaxed);
    let cpu_before = total_cpu_secs(&common.server_pid);
    let started = stats::now_micros();
    let failed = http::post_series(
        &client,
        &seed,
        args.posts,
        &shared.post_sent,
        &shared.post_answered,
        Duration::from_millis(args.interval_ms),
    )
    .await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while shared.counters.deliveries.load(Relaxed) - delivered_before < expected
        && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let delivered = shared.counters.deliveries.load(Relaxed) - delivered_before;
    let last = shared.counters.last_delivery_micros.load(Relaxed);
    let span = last.saturating_sub(started) as f64 / 1e6;
    println!(
        "posts: {} posts × {subscribers} followers: {delivered}/{expected} deliveries in {span:.3}s = {:.0} deliveries/s ({failed} posts failed)",
        args.posts,
        delivered as f64 / span.max(1e-9)
    );
    println!(
        "delivery latency (post sent → follower's socket): {}",
        summary(&shared.latencies.merged())
    );
    println!(
        "delivery latency (publish answered → follower's socket; before the answer counts 0): {}",
        summary(&shared.answer_latencies.merged())
    );
    if !common.server_pid.is_empty() {
        println!(
            "server CPU: {:.2}s over the series",
            total_cpu_secs(&common.server_pid) - cpu_before
        );
    }
    integrity(&shared)
}

async fn fanout(args: FanoutArgs) -> anyhow::Result<()> {
    let common = &args.common;
    let seed = Seed::read(&common.seed)?;
    anyhow::ensure!(
        seed.star.tokens.len() >= common.offset + common.count,
        "the seed has {} star sessions; seed --star-sessions",
        seed.star.tokens.len()
    );
    anyhow::ensure!(
        args.follower_offset >= 1 && args.follower_offset + args.events <= seed.users.len(),
        "not enough followers in the seed"
    );
    let shared = shared(seed.users.len(), &common.prefix);
    let servers = servers(common)?;
    let plans: Vec<Plan> = seed.star.tokens[common.offset..common.offset + common.count]
        .iter()
        .enumerate()
        .map(|(i, token)| Plan {
            server: servers[i % servers.len()],
            source: common.sources[i % common.sources.len()],
            identity: Identity::Token(token.clone()),
            channels: vec![format!("activity:{}", seed.star.blog)],
        })
        .collect();
    open_and_report(common, plans, &shared).await;
    let subscribers = shared.counters.connected.load(Relaxed);
    let client = http::Client::new(&common.url[0])?;
    let followers: Vec<usize> =
        (args.follower_offset..args.follower_offset + args.events).collect();
    let expected = subscribers * followers.len() as u64;
    let cpu_before = total_cpu_secs(&common.server_pid);
    let started = stats::now_micros();
    let failed = http::follow_burst(
        &client,
        &seed,
        &followers,
        &shared.follow_sent,
        Duration::from_millis(args.interval_ms),
    )
    .await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while shared.counters.deliveries.load(Relaxed) < expected && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let delivered = shared.counters.deliveries.load(Relaxed);
    let last = shared.counters.last_delivery_micros.load(Relaxed);
    let span = last.saturating_sub(started) as f64 / 1e6;
    println!(
        "fanout: {} events × {subscribers} subscribers: {delivered}/{expected} deliveries in {span:.3}s = {:.0} deliveries/s ({failed} follows failed)",
        followers.len(),
        delivered as f64 / span.max(1e-9)
    );
    println!(
        "delivery latency (follow sent → socket receive): {}",
        summary(&shared.latencies.merged())
    );
    if !common.server_pid.is_empty() {
        println!(
            "server CPU: {:.2}s over the burst",
            total_cpu_secs(&common.server_pid) - cpu_before
        );
    }
    // Undo the follows so the same seed can run again.
    http::unfollow_all(&client, &seed, &followers).await;
    integrity(&shared)
}

/// Prints what the sockets' sequence check and the HTTP answers found, and fails the run
/// if any event was missed or repeated, or the server answered a 5xx.
pub(crate) fn integrity(shared: &Shared) -> anyhow::Result<()> {
    let gaps = shared.counters.gaps.load(Relaxed);
    let duplicates = shared.counters.duplicates.load(Relaxed);
    let errors = http::SERVER_ERRORS.load(Relaxed);
    println!("sequence check: {gaps} gaps, {duplicates} duplicates; HTTP 5xx answers: {errors}");
    anyhow::ensure!(
        gaps == 0 && duplicates == 0 && errors == 0,
        "events missed or repeated, or the server failed"
    );
    Ok(())
}

async fn poll(args: PollArgs) -> anyhow::Result<()> {
    let common = &args.common;
    let seed = Seed::read(&common.seed)?;
    let pairs = connected_pairs(&seed, common, usize::MAX);
    anyhow::ensure!(
        !pairs.is_empty(),
        "no pairs among users {}..{}",
        common.offset,
        common.offset + common.count
    );
    let client = http::Client::new(&common.url[0])?;
    let cpu_before = total_cpu_secs(&common.server_pid);
    let report = http::drive_polling(
        &client,
        &seed,
        &pairs,
        args.rate,
        Duration::from_secs(args.duration),
        Duration::from_millis(args.conversation_poll_ms),
        Duration::from_millis(args.inbox_poll_ms),
    )
    .await;
    let cpu = total_cpu_secs(&common.server_pid) - cpu_before;
    println!(
        "polling: {} pollers ({} conversations), {} requests answered in {:.1}s = {:.0} requests/s, {} failed",
        pairs.len() * 2,
        pairs.len(),
        report.requests,
        report.elapsed.as_secs_f64(),
        report.requests as f64 / report.elapsed.as_secs_f64(),
        report.failed
    );
    println!(
        "messages sent: {}; delivery latency by polling: {}",
        report.sent,
        summary(&report.latency)
    );
    if !common.server_pid.is_empty() {
        println!(
            "server CPU: {cpu:.2}s over the run ({:.0}% of one core)",
            100.0 * cpu / report.elapsed.as_secs_f64()
        );
    }
    Ok(())
}
