//! `dashwire-loadgen chaos`: chat over several nodes while `loadtest/chaos.sh` injects faults
//! (Redis restarted, a node stopped and one killed, PostgreSQL's connections cut and
//! PostgreSQL restarted), then shows from the readers' own bookkeeping that no acknowledged
//! message was lost or delivered twice, and that every channel's seqs stayed whole.
//!
//! Each socket is a seeded user on its inbox, activity, unread and conversation channels (as
//! `chat` subscribes). When it closes, for whatever reason, it opens on the next node and
//! subscribes again with `since` = the last seq it has on each channel, the way the protocol
//! tells clients to. Every message carries its number (`cx:{n}`), so each reader counts what
//! it received per message: once is right, never is lost, twice is duplicated. A send answered
//! 200 is acknowledged; any other answer is recorded and not retried (retrying would hide what
//! failed).

mod report;
mod socket;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use tokio::sync::{Semaphore, watch};
use tokio::time::sleep;

use crate::cli::ChaosArgs;
use crate::seed::{Pair, Seed, User};
use crate::stats::now_micros;
use socket::{Reader, read_socket};

/// How long a send may wait for its answer before it counts as "no answer".
const SEND_LIMIT: Duration = Duration::from_secs(10);
/// Sends in flight at once (a stalled node holds at most this many).
const IN_FLIGHT: usize = 1024;
/// After a refused connection, senders leave that node alone for this long.
const NODE_DOWN_FOR_US: u64 = 1_000_000;
/// How long the sockets may take to subscribe before the chat starts anyway.
const READY_LIMIT: Duration = Duration::from_secs(120);
/// Examples printed of each kind of failure.
pub(super) const EXAMPLES: usize = 10;
/// What a message's send status is before it has an answer; 0 is "no answer".
pub(super) const UNANSWERED: u32 = u32::MAX;

/// One message: how its send went and what each of its conversation's two readers got.
#[derive(Default)]
pub(super) struct Slot {
    status: AtomicU32,
    node: AtomicU32,
    acked_us: AtomicU64,
    /// Times received by the pair's user a (0) and user b (1), and when first.
    received: [AtomicU32; 2],
    first_us: [AtomicU64; 2],
}

/// What the senders and the sockets share.
pub(super) struct Run {
    nodes: Vec<SocketAddr>,
    urls: Vec<String>,
    messages: Vec<Slot>,
    /// The conversations in play: message `n` goes to `pairs[n % pairs.len()]`.
    pairs: Vec<Pair>,
    offset: usize,
    handshakes: Semaphore,
    /// When each socket was first subscribed on every channel (µs; 0: not yet). A reader
    /// counts for a message only if it was subscribed before the chat started.
    first_subscribed: Vec<AtomicU64>,
    /// Sockets subscribed on every channel right now.
    live: AtomicI64,
    node_down_until: Vec<AtomicU64>,
    chat_started_us: AtomicU64,
    /// "no answer" sends by why (connection refused, timed out, cut).
    no_answer: std::sync::Mutex<BTreeMap<&'static str, u64>>,
    sent: AtomicUsize,
}

impl Run {
    /// A run over `nodes`, chatting in `pairs`, with sockets for users `users`, room for
    /// `capacity` messages and `parallel` handshakes at once.
    fn new(
        nodes: Vec<SocketAddr>,
        pairs: Vec<Pair>,
        users: std::ops::Range<usize>,
        capacity: usize,
        parallel: usize,
    ) -> Run {
        Run {
            urls: nodes.iter().map(|a| format!("http://{a}")).collect(),
            node_down_until: nodes.iter().map(|_| AtomicU64::new(0)).collect(),
            nodes,
            messages: (0..capacity).map(|_| Slot::default()).collect(),
            offset: users.start,
            handshakes: Semaphore::new(parallel.max(1)),
            first_subscribed: users.map(|_| AtomicU64::new(0)).collect(),
            live: AtomicI64::new(0),
            chat_started_us: AtomicU64::new(u64::MAX),
            no_answer: Default::default(),
            sent: AtomicUsize::new(0),
            pairs,
        }
    }

    /// The node for message `n`: alternate, skipping a node that just refused a connection.
    fn pick_node(&self, n: usize) -> usize {
        let now = now_micros();
        let k = self.nodes.len();
        (0..k)
            .map(|i| (n + i) % k)
            .find(|&i| self.node_down_until[i].load(Relaxed) <= now)
            .unwrap_or(n % k)
    }

    /// Whether socket `index` was subscribed before the first message was sent.
    fn reads_from_start(&self, index: usize) -> bool {
        let at = self.first_subscribed[index].load(Relaxed);
        at != 0 && at <= self.chat_started_us.load(Relaxed)
    }

    /// Seconds since the chat started, for the evidence.
    fn at(&self, micros: u64) -> String {
        let t0 = self.chat_started_us.load(Relaxed);
        format!("{:+.3}s", (micros as f64 - t0 as f64) / 1e6)
    }
}

pub async fn run(args: ChaosArgs) -> anyhow::Result<()> {
    anyhow::ensure!(!args.url.is_empty() && !args.sources.is_empty());
    anyhow::ensure!(
        args.rate * args.duration <= 10_000_000,
        "keep rate × duration under 10,000,000 messages"
    );
    anyhow::ensure!(
        args.sources.iter().all(|s| s.is_loopback()),
        "--sources: load only ever comes from 127.0.0.0/8"
    );
    let nodes = args
        .url
        .iter()
        .map(|u| crate::server_addr(u))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let seed = Seed::read(&args.seed)?;
    let range = args.offset..args.offset + args.count;
    anyhow::ensure!(
        range.end <= seed.users.len(),
        "the seed has only {} users",
        seed.users.len()
    );
    let pairs: Vec<Pair> = seed
        .pairs
        .iter()
        .filter(|p| range.contains(&p.a) && range.contains(&p.b))
        .cloned()
        .collect();
    anyhow::ensure!(
        !pairs.is_empty(),
        "no conversation has both users connected"
    );
    let capacity = (args.rate * args.duration) as usize + args.rate as usize;
    let run = Arc::new(Run::new(
        nodes,
        pairs,
        range.clone(),
        capacity,
        args.parallel,
    ));
    let mut chat_of = vec![None; seed.users.len()];
    for (k, pair) in run.pairs.iter().enumerate() {
        chat_of[pair.a] = Some((k, 0));
        chat_of[pair.b] = Some((k, 1));
    }

    let (stop, stopped) = watch::channel(false);
    let started = Instant::now();
    let readers: Vec<_> = range
        .clone()
        .enumerate()
        .map(|(index, user)| {
            let u = &seed.users[user];
            let mut channels = vec![
                format!("inbox:{}", u.blog),
                format!("activity:{}", u.blog),
                "unread".to_owned(),
            ];
            if let Some((k, _)) = chat_of[user] {
                channels.push(format!("conversation:{}", run.pairs[k].conversation_id));
            }
            let reader = Reader {
                index,
                token: u.token.clone(),
                source: args.sources[index % args.sources.len()],
                first_node: index % run.nodes.len(),
                channels,
                chat: chat_of[user],
            };
            tokio::spawn(read_socket(reader, run.clone(), stopped.clone()))
        })
        .collect();
    while run.live.load(Relaxed) < args.count as i64 && started.elapsed() < READY_LIMIT {
        sleep(Duration::from_millis(50)).await;
    }
    println!(
        "sockets: {}/{} subscribed in {:.2}s over {} nodes; {} conversations chat",
        run.live.load(Relaxed),
        args.count,
        started.elapsed().as_secs_f64(),
        run.nodes.len(),
        run.pairs.len()
    );
    run.chat_started_us.store(now_micros(), Relaxed);
    println!(
        "chat started: {} msg/s for {}s (faults are timed from this line)",
        args.rate, args.duration
    );
    let chatting = Instant::now();
    drive(&run, &seed, args.rate, Duration::from_secs(args.duration)).await;
    println!(
        "chat ended: {} messages sent in {:.1}s; draining up to {}s",
        run.sent.load(Relaxed),
        chatting.elapsed().as_secs_f64(),
        args.drain
    );
    let drain_until = Instant::now() + Duration::from_secs(args.drain);
    while Instant::now() < drain_until && missing(&run) > 0 {
        sleep(Duration::from_millis(250)).await;
    }
    // A moment more for a late duplicate, once all is in.
    sleep(Duration::from_secs(1).min(drain_until.saturating_duration_since(Instant::now()))).await;
    let _ = stop.send(true);
    let mut ends = Vec::with_capacity(readers.len());
    for reader in readers {
        ends.push(reader.await?);
    }
    report::report(&run, &seed, &ends)
}

/// Expected deliveries not received yet (to end the drain early).
fn missing(run: &Run) -> usize {
    let sent = run.sent.load(Relaxed);
    let mut missing = 0;
    for (n, slot) in run.messages[..sent].iter().enumerate() {
        if slot.status.load(Relaxed) == UNANSWERED {
            missing += 1;
        } else if slot.status.load(Relaxed) == 200 {
            let pair = &run.pairs[n % run.pairs.len()];
            for (side, user) in [pair.a, pair.b].into_iter().enumerate() {
                let index = user - run.offset;
                if run.reads_from_start(index) && slot.received[side].load(Relaxed) == 0 {
                    missing += 1;
                }
            }
        }
    }
    missing
}

/// Sends `rate` messages a second for `duration`, round robin over the conversations,
/// alternating which side writes; waits for every answer.
async fn drive(run: &Arc<Run>, seed: &Seed, rate: u64, duration: Duration) {
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(IN_FLIGHT)
        .timeout(SEND_LIMIT)
        .build()
        .expect("http client");
    let gate = Arc::new(Semaphore::new(IN_FLIGHT));
    let started = Instant::now();
    let tick = Duration::from_millis(10);
    let mut ticker = tokio::time::interval(tick);
    // After a stall (every send slot waiting on a stuck node) go on at the rate, rather than
    // make up for it in a burst the faults did not cause.
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut next_progress = Duration::from_secs(10);
    let (mut due, mut n) = (0f64, 0usize);
    while started.elapsed() < duration && n < run.messages.len() {
        ticker.tick().await;
        due += rate as f64 * tick.as_secs_f64();
        while due >= 1.0 && n < run.messages.len() {
            due -= 1.0;
            let pair = &run.pairs[n % run.pairs.len()];
            let from = if (n / run.pairs.len()).is_multiple_of(2) {
                pair.a
            } else {
                pair.b
            };
            let permit = gate.clone().acquire_owned().await.expect("semaphore");
            let (run2, http, user) = (run.clone(), http.clone(), seed.users[from].clone());
            let conversation = pair.conversation_id;
            tokio::spawn(async move {
                send(&run2, &http, n, &user, conversation).await;
                drop(permit);
            });
            n += 1;
            run.sent.store(n, Relaxed);
        }
        if started.elapsed() >= next_progress {
            next_progress += Duration::from_secs(10);
            progress(run, started.elapsed());
        }
    }
    let _ = gate.acquire_many(IN_FLIGHT as u32).await;
}

fn progress(run: &Run, elapsed: Duration) {
    let sent = run.sent.load(Relaxed);
    let (mut acked, mut failed) = (0, 0);
    for slot in &run.messages[..sent] {
        match slot.status.load(Relaxed) {
            200 => acked += 1,
            UNANSWERED => {}
            _ => failed += 1,
        }
    }
    println!(
        "progress +{:.0}s: {sent} sent, {acked} acknowledged, {failed} failed; {} sockets subscribed",
        elapsed.as_secs_f64(),
        run.live.load(Relaxed)
    );
}

/// Sends message `n` once, to the node it picks; records the answer.
async fn send(run: &Run, http: &reqwest::Client, n: usize, from: &User, conversation: i64) {
    let slot = &run.messages[n];
    let node = run.pick_node(n);
    slot.node.store(node as u32, Relaxed);
    slot.status.store(UNANSWERED, Relaxed);
    let (text, id) = (
        format!("cx:{n} from {}", from.blog),
        conversation.to_string(),
    );
    let answer = http
        .post(format!("{}/svc/conversations/messages", run.urls[node]))
        .header("cookie", format!("dashwire_session={}", from.token))
        .form(&[
            ("conversation_id", id.as_str()),
            ("participant", &from.blog),
            ("message", &text),
            ("form_key", &from.form_key),
        ])
        .send()
        .await;
    let status = match answer {
        Ok(answer) => {
            let status = answer.status().as_u16();
            if status == 200 {
                slot.acked_us.store(now_micros(), Relaxed);
            }
            // Read the body, so the connection goes back to the pool.
            let _ = answer.bytes().await;
            status as u32
        }
        Err(err) => {
            let why = if err.is_connect() {
                // The node is down: the next messages go to another.
                run.node_down_until[node].store(now_micros() + NODE_DOWN_FOR_US, Relaxed);
                "refused"
            } else if err.is_timeout() {
                "timeout"
            } else {
                "cut"
            };
            *run.no_answer.lock().expect("lock").entry(why).or_default() += 1;
            0
        }
    };
    slot.status.store(status, Relaxed);
}
