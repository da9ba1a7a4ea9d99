//! The HTTP side of a run: chat sends at a steady rate, follow bursts, and the spec's
//! polling fallback — all as seeded users, with their session cookie and form key.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use tokio::sync::Semaphore;

use crate::seed::{Pair, Seed, User};
use crate::sockets::marker;
use crate::stats::{Latencies, Windows, now_micros};

/// Requests in flight at once.
const IN_FLIGHT: usize = 512;

/// Answers with a 5xx status, over the whole run: a load test that makes the server fail
/// is a failed load test, however fast.
pub static SERVER_ERRORS: AtomicU64 = AtomicU64::new(0);

/// A keep-alive HTTP client for one server.
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    pub fn new(base: &str) -> anyhow::Result<Client> {
        crate::server_addr(base)?;
        let http = reqwest::Client::builder()
            .pool_max_idle_per_host(IN_FLIGHT)
            .timeout(Duration::from_secs(30))
            .build()?;
        Ok(Client {
            http,
            base: base.trim_end_matches('/').to_owned(),
        })
    }

    fn cookie(user: &User) -> String {
        format!("dashwire_session={}", user.token)
    }

    async fn post(&self, user: &User, path: &str, form: &[(&str, &str)]) -> bool {
        let mut fields = form.to_vec();
        fields.push(("form_key", &user.form_key));
        match self
            .http
            .post(format!("{}{path}", self.base))
            .header("cookie", Self::cookie(user))
            .form(&fields)
            .send()
            .await
        {
            Ok(resp) => {
                if resp.status().is_server_error() {
                    SERVER_ERRORS.fetch_add(1, Relaxed);
                }
                resp.status().is_success()
            }
            Err(_) => false,
        }
    }

    async fn get_json(&self, user: &User, path: &str) -> Option<serde_json::Value> {
        let resp = self
            .http
            .get(format!("{}{path}", self.base))
            .header("cookie", Self::cookie(user))
            .send()
            .await
            .ok()?;
        if !resp.status().is_success() {
            return None;
        }
        resp.json().await.ok()
    }

    /// Sends a chat message carrying its send time (`lt:{µs}`).
    pub async fn send(&self, from: &User, conversation_id: i64) -> bool {
        let text = format!("lt:{} hello from {}", now_micros(), from.blog);
        let id = conversation_id.to_string();
        self.post(
            from,
            "/svc/conversations/messages",
            &[
                ("conversation_id", &id),
                ("participant", &from.blog),
                ("message", &text),
            ],
        )
        .await
    }
}

/// How a chat drive went.
pub struct ChatReport {
    pub sent: u64,
    pub failed: u64,
    pub elapsed: Duration,
    pub send_latency: Histogram<u64>,
}

/// Sends `rate` messages a second for `duration`, round-robin over `pairs`, alternating
/// direction.
pub async fn drive_chat(
    clients: &[Client],
    seed: &Seed,
    pairs: &[Pair],
    rate: u64,
    duration: Duration,
    by_window: &Arc<Windows>,
) -> ChatReport {
    let gate = Arc::new(Semaphore::new(IN_FLIGHT));
    let sent = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let latencies = Arc::new(Latencies::new());
    let started = Instant::now();
    let tick = Duration::from_millis(10);
    let mut ticker = tokio::time::interval(tick);
    let mut due = 0f64;
    let mut n = 0usize;
    while started.elapsed() < duration {
        ticker.tick().await;
        due += rate as f64 * tick.as_secs_f64();
        while due >= 1.0 {
            due -= 1.0;
            let pair = &pairs[n % pairs.len()];
            let from = if (n / pairs.len()).is_multiple_of(2) {
                pair.a
            } else {
                pair.b
            };
            n += 1;
            // Spread over the nodes given, message by message: with several, the sends of a
            // conversation go to each in turn, as a balancer would send them.
            let (client, user, id) = (
                clients[n % clients.len()].clone(),
                seed.users[from].clone(),
                pair.conversation_id,
            );
            let permit = gate.clone().acquire_owned().await.expect("semaphore");
            let (sent, failed, latencies) = (sent.clone(), failed.clone(), latencies.clone());
            let by_window = by_window.clone();
            // Not joined one by one: a soak sends millions, and each handle kept would keep
            // its task's memory. The gate tells when they are all done.
            tokio::spawn(async move {
                let begun = Instant::now();
                let ok = client.send(&user, id).await;
                let took = begun.elapsed().as_micros() as u64;
                latencies.record(n, took);
                by_window.record(n, now_micros(), took);
                drop(permit);
                if ok {
                    sent.fetch_add(1, Relaxed)
                } else {
                    failed.fetch_add(1, Relaxed)
                };
            });
        }
    }
    // Every send has answered once every permit is back.
    let _all = gate
        .acquire_many(IN_FLIGHT as u32)
        .await
        .expect("semaphore");
    ChatReport {
        sent: sent.load(Relaxed),
        failed: failed.load(Relaxed),
        elapsed: started.elapsed(),
        send_latency: latencies.merged(),
    }
}

/// Users `followers` follow the star blog, all at once (`interval` 0) or one per interval;
/// each send time is recorded for latency. Returns how many failed.
pub async fn follow_burst(
    client: &Client,
    seed: &Seed,
    followers: &[usize],
    sent_at: &[AtomicU64],
    interval: Duration,
) -> u64 {
    let mut tasks = Vec::new();
    for &i in followers {
        let (client, user, star) = (
            client.clone(),
            seed.users[i].clone(),
            seed.star.blog.clone(),
        );
        sent_at[i].store(now_micros(), Relaxed);
        tasks.push(tokio::spawn(async move {
            client
                .post(&user, "/svc/follow", &[("tumblelog", &star)])
                .await
        }));
        if !interval.is_zero() {
            tokio::time::sleep(interval).await;
        }
    }
    let mut failed = 0;
    for task in tasks {
        if !task.await.unwrap_or(false) {
            failed += 1;
        }
    }
    failed
}

/// The star blog's owner (user 0) publishes `count` text posts, one after the other, each
/// `interval` after the last went through; `sent_at[k]` is when post `k` was sent. Answers
/// how many failed.
pub async fn post_series(
    client: &Client,
    seed: &Seed,
    count: usize,
    sent_at: &[AtomicU64],
    answered_at: &[AtomicU64],
    interval: Duration,
) -> u64 {
    let owner = &seed.users[0];
    let mut failed = 0;
    for (k, (sent, answered)) in sent_at.iter().zip(answered_at).enumerate().take(count) {
        let title = format!("Load post {k}");
        sent.store(now_micros(), Relaxed);
        let fields = [
            ("channel_id", seed.star.blog.as_str()),
            ("post[type]", "text"),
            ("post[state]", "0"),
            ("post[one]", title.as_str()),
        ];
        if !client.post(owner, "/svc/post/update", &fields).await {
            failed += 1;
        }
        answered.store(now_micros(), Relaxed);
        if !interval.is_zero() {
            tokio::time::sleep(interval).await;
        }
    }
    failed
}

/// Undoes a burst's follows.
pub async fn unfollow_all(client: &Client, seed: &Seed, followers: &[usize]) {
    for &i in followers {
        client
            .post(
                &seed.users[i],
                "/svc/unfollow",
                &[("tumblelog", &seed.star.blog)],
            )
            .await;
    }
}

/// How a polling drive went.
pub struct PollReport {
    pub requests: u64,
    pub failed: u64,
    pub sent: u64,
    pub elapsed: Duration,
    pub latency: Histogram<u64>,
}

/// Both users of every pair poll their conversation every `conversation_every` and their
/// inbox every `inbox_every` (each starting at a random phase), while chat is sent at `rate`;
/// a message's latency is from its send to the poll that first returns it.
pub async fn drive_polling(
    client: &Client,
    seed: &Seed,
    pairs: &[Pair],
    rate: u64,
    duration: Duration,
    conversation_every: Duration,
    inbox_every: Duration,
) -> PollReport {
    let requests = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let latencies = Arc::new(Latencies::new());
    let gate = Arc::new(Semaphore::new(IN_FLIGHT));
    let stop = Instant::now() + duration;
    let mut pollers = Vec::new();
    for (k, pair) in pairs.iter().enumerate() {
        for (side, user) in [(0, pair.a), (1, pair.b)] {
            let (client, user, id) = (
                client.clone(),
                seed.users[user].clone(),
                pair.conversation_id,
            );
            let (requests, failed, latencies, gate) = (
                requests.clone(),
                failed.clone(),
                latencies.clone(),
                gate.clone(),
            );
            // Spread the pollers' phases evenly over the interval, as real clients are.
            let phase = conversation_every
                .mul_f64(((2 * k + side) as f64 / (2 * pairs.len()) as f64).fract());
            pollers.push(tokio::spawn(async move {
                let messages = format!(
                    "/svc/conversations/messages?conversation_id={id}&participant={}",
                    user.blog
                );
                let inbox = format!("/svc/conversations?participant={}", user.blog);
                let mut last_seen = 0i64;
                let mut next_inbox = Instant::now()
                    + inbox_every.mul_f64(phase.as_secs_f64() / conversation_every.as_secs_f64());
                tokio::time::sleep(phase).await;
                let mut ticker = tokio::time::interval(conversation_every);
                while Instant::now() < stop {
                    ticker.tick().await;
                    let permit = gate.acquire().await.expect("semaphore");
                    let answer = client.get_json(&user, &messages).await;
                    requests.fetch_add(1, Relaxed);
                    let now = now_micros();
                    match answer {
                        Some(body) => {
                            // The first answer is the baseline: only later messages count.
                            let baseline = last_seen == 0;
                            for m in body["response"]["messages"]["data"]
                                .as_array()
                                .into_iter()
                                .flatten()
                            {
                                let mid = m["id"].as_i64().unwrap_or(0);
                                if mid > last_seen {
                                    if !baseline
                                        && m["participant"].as_str() != Some(user.blog.as_str())
                                        && let Some(sent) =
                                            m["message"].as_str().and_then(|t| marker(t, "lt:"))
                                    {
                                        latencies.record(k, now.saturating_sub(sent));
                                    }
                                    last_seen = mid;
                                }
                            }
                            if last_seen == 0 {
                                last_seen = 1;
                            }
                        }
                        None => {
                            failed.fetch_add(1, Relaxed);
                        }
                    }
                    if Instant::now() >= next_inbox {
                        if client.get_json(&user, &inbox).await.is_none() {
                            failed.fetch_add(1, Relaxed);
                        }
                        requests.fetch_add(1, Relaxed);
                        next_inbox += inbox_every;
                    }
                    drop(permit);
                }
            }));
        }
    }
    let started = Instant::now();
    let windows = Arc::new(Windows::default());
    let chat = drive_chat(
        std::slice::from_ref(client),
        seed,
        pairs,
        rate,
        duration,
        &windows,
    )
    .await;
    for poller in pollers {
        let _ = poller.await;
    }
    PollReport {
        requests: requests.load(Relaxed),
        failed: failed.load(Relaxed),
        sent: chat.sent,
        elapsed: started.elapsed(),
        latency: latencies.merged(),
    }
}

/// The servers' live heap bytes in all, read from `dashwire_heap_bytes` in each one's
/// /metrics; `None` unless every one serves it (only heap-profiling builds do).
pub async fn heap_bytes(urls: &[String]) -> Option<i64> {
    let mut total = 0;
    for url in urls {
        let text = reqwest::get(format!("{}/metrics", url.trim_end_matches('/')))
            .await
            .ok()?
            .text()
            .await
            .ok()?;
        total += text.lines().find_map(|line| {
            let value = line.strip_prefix("dashwire_heap_bytes ")?;
            value.trim().parse::<f64>().ok()
        })? as i64;
    }
    Some(total)
}
