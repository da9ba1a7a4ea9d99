//! Opening many subscribed sockets from several source addresses, each as a seeded user's
//! session or as a visitor with a session of its own, and reading them: every event counts as
//! a delivery; chat messages and follows carry their send time, so their latency is recorded.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpSocket;
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::header::COOKIE;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, client_async_with_config};

use crate::stats::{Counters, Latencies, now_micros};

/// A socket to open: where, as whom, and what to subscribe to.
#[derive(Clone, Debug)]
pub struct Plan {
    pub server: SocketAddr,
    pub source: IpAddr,
    pub identity: Identity,
    pub channels: Vec<String>,
}

/// Whose session a socket opens with.
#[derive(Clone, Debug)]
pub enum Identity {
    /// A seeded session's token, sent as `/ws?token=`.
    Token(String),
    /// A visitor: a session of its own from `/svc/user/info`, sent as the cookie, the way a
    /// browser's page opens its socket (`visitor.rs`).
    Visitor,
}

/// What the reading tasks share.
pub struct Shared {
    pub counters: Counters,
    pub latencies: Latencies,
    pub connect_times: Latencies,
    /// Send times (µs) of follows, by the follower's user index, for fan-out latency.
    pub follow_sent: Vec<std::sync::atomic::AtomicU64>,
    /// The blog-name prefix of seeded users (`load` for `load-17`).
    pub prefix: String,
    /// Send times (µs) of the star blog's posts, in order (`posts` mode).
    pub post_sent: Vec<std::sync::atomic::AtomicU64>,
    /// When each post's publish call answered (µs; 0 until it has).
    pub post_answered: Vec<std::sync::atomic::AtomicU64>,
    /// Delivery latency from the publish call's answer (a delivery that came first counts 0).
    pub answer_latencies: Latencies,
    /// How many post events each socket has had: on one channel they arrive in order, so a
    /// socket's k-th is the k-th post sent.
    pub posts_seen: Vec<std::sync::atomic::AtomicU64>,
    /// Chat deliveries' latencies window by window (`chat --report-every`).
    pub windows: crate::stats::Windows,
}

type Socket = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

fn config() -> WebSocketConfig {
    // tungstenite's default read buffer is 128 KiB per socket; events are small.
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
}

async fn open(plan: &Plan) -> anyhow::Result<(Socket, Sequences)> {
    let request = match &plan.identity {
        Identity::Token(token) => format!("ws://{}/ws?token={token}", plan.server),
        Identity::Visitor => format!("ws://{}/ws", plan.server),
    };
    let mut request = request.into_client_request()?;
    if let Identity::Visitor = plan.identity {
        let cookie = crate::visitor::session_cookie(plan.server, plan.source).await?;
        request.headers_mut().insert(COOKIE, cookie.parse()?);
    }
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(plan.source, 0))?;
    let stream = socket.connect(plan.server).await?;
    stream.set_nodelay(true)?;
    let (mut ws, _) =
        client_async_with_config(request, MaybeTlsStream::Plain(stream), Some(config())).await?;
    for channel in &plan.channels {
        let frame = format!(r#"{{"type":"subscribe","channel":"{channel}"}}"#);
        ws.send(Message::Text(frame.into())).await?;
    }
    let mut pending = plan.channels.len();
    let mut seqs = Sequences::default();
    while pending > 0 {
        match tokio::time::timeout(Duration::from_secs(30), ws.next()).await {
            Ok(Some(Ok(Message::Text(text))))
                if text.starts_with(r#"{"type":"subscribed""#)
                    || text.contains(r#""type":"subscribed""#) =>
            {
                if let Some((channel, seq)) = channel_and_seq(&text) {
                    seqs.confirmed(channel, seq);
                }
                pending -= 1
            }
            Ok(Some(Ok(Message::Text(text)))) if text.contains(r#""type":"error""#) => {
                anyhow::bail!("refused: {text}")
            }
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(e))) => return Err(e.into()),
            Ok(None) => anyhow::bail!("closed while subscribing"),
            Err(_) => anyhow::bail!("timed out subscribing"),
        }
    }
    Ok((ws, seqs))
}

/// Opens every planned socket, at most `parallel` handshakes at once, and leaves a task
/// reading each. Returns when all have connected or failed.
pub async fn open_all(plans: Vec<Plan>, parallel: usize, shared: Arc<Shared>) {
    let gate = Arc::new(Semaphore::new(parallel));
    let mut handshakes = Vec::with_capacity(plans.len());
    for (index, plan) in plans.into_iter().enumerate() {
        let permit = gate.clone().acquire_owned().await.expect("semaphore");
        let shared = shared.clone();
        handshakes.push(tokio::spawn(async move {
            let started = Instant::now();
            let result = open(&plan).await;
            drop(permit);
            match result {
                Ok((ws, seqs)) => {
                    shared
                        .connect_times
                        .record(index, started.elapsed().as_micros() as u64);
                    shared
                        .counters
                        .connected
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    tokio::spawn(read(ws, seqs, index, shared));
                }
                Err(err) => {
                    let n = shared
                        .counters
                        .failed
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if n < 5 {
                        eprintln!("connect failed: {err:#}");
                    }
                }
            }
        }));
    }
    for handshake in handshakes {
        let _ = handshake.await;
    }
}

async fn read(mut ws: Socket, mut seqs: Sequences, index: usize, shared: Arc<Shared>) {
    while let Some(message) = ws.next().await {
        match message {
            Ok(Message::Text(text)) => {
                if let Some((channel, seq)) = channel_and_seq(&text) {
                    seqs.check(channel, seq, &shared.counters);
                }
                on_text(text.as_str(), index, &shared)
            }
            Ok(Message::Close(frame)) => {
                let n = shared
                    .counters
                    .closed
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if n < 5 {
                    eprintln!("socket closed by the server: {frame:?}");
                }
                return;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    shared
        .counters
        .closed
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

/// Chat messages carry `lt:{send µs}`; follower notifications name the follower; the k-th
/// post event a socket gets is the k-th post sent.
fn on_text(text: &str, index: usize, shared: &Shared) {
    if !text.contains(r#""type":"event""#) {
        return;
    }
    shared.counters.delivered();
    let now = now_micros();
    if text.contains(r#""event":"post""#) {
        use std::sync::atomic::Ordering::Relaxed;
        if let Some(seen) = shared.posts_seen.get(index) {
            let k = seen.fetch_add(1, Relaxed) as usize;
            if let Some(sent) = shared.post_sent.get(k).map(|t| t.load(Relaxed))
                && sent > 0
            {
                shared.latencies.record(index, now.saturating_sub(sent));
                let answered = shared.post_answered[k].load(Relaxed);
                let since_answer = if answered == 0 {
                    0
                } else {
                    now.saturating_sub(answered)
                };
                shared.answer_latencies.record(index, since_answer);
            }
        }
    } else if let Some(sent) = marker(text, "lt:") {
        shared.latencies.record(index, now.saturating_sub(sent));
        shared.windows.record(index, now, now.saturating_sub(sent));
    } else if text.contains(r#""event":"notification""#) {
        let needle = format!(r#""from_tumblelog":{{"name":"{}-"#, shared.prefix);
        if let Some(i) = marker(text, &needle)
            && let Some(sent) = shared.follow_sent.get(i as usize)
        {
            let sent = sent.load(std::sync::atomic::Ordering::Relaxed);
            if sent > 0 {
                shared.latencies.record(index, now.saturating_sub(sent));
            }
        }
    }
}

/// What one socket has had of each channel: the last seq, to tell a gap or a repeat. A
/// socket has a handful of channels, so a list beats a map.
#[derive(Default)]
pub struct Sequences(Vec<(String, i64)>);

impl Sequences {
    /// The subscription's confirmation: the channel's seq when it started.
    fn confirmed(&mut self, channel: &str, seq: i64) {
        match self.0.iter_mut().find(|(c, _)| c == channel) {
            Some((_, last)) => *last = seq,
            None => self.0.push((channel.to_owned(), seq)),
        }
    }

    /// Counts a live event's gap or repeat on its channel. On `dashboard` seqs are feed
    /// positions, with holes for the blogs a user does not read: only repeats count there
    /// (whether every post arrived, the posts scenario counts itself). On a channel of whole
    /// states a replay skips superseded seqs ([`carries_whole_states`]): only repeats count
    /// there too (the messages are counted one by one on their conversations).
    pub fn check(&mut self, channel: &str, seq: i64, counters: &crate::stats::Counters) {
        use std::sync::atomic::Ordering::Relaxed;
        let Some((_, last)) = self.0.iter_mut().find(|(c, _)| c == channel) else {
            self.0.push((channel.to_owned(), seq));
            return;
        };
        if seq <= *last {
            counters.duplicates.fetch_add(1, Relaxed);
        } else {
            if seq > *last + 1 && channel != "dashboard" && !carries_whole_states(channel) {
                counters.gaps.fetch_add((seq - *last - 1) as u64, Relaxed);
            }
            *last = seq;
        }
    }
}

/// Whether every event of `channel` carries a whole state (the server's `Event::state_key`:
/// an inbox's entry for a conversation, the unread counts): the log keeps only the newest of
/// each, so a replay there skips the seqs of superseded ones, and a skip forward is no loss.
pub fn carries_whole_states(channel: &str) -> bool {
    channel == "unread" || channel.starts_with("inbox:")
}

/// The channel and seq of an event or subscription frame (both start with them, so this
/// reads only the head of the frame).
pub fn channel_and_seq(text: &str) -> Option<(&str, i64)> {
    const CHANNEL: &str = r#""channel":""#;
    let start = text.find(CHANNEL)? + CHANNEL.len();
    let end = start + text[start..].find('"')?;
    let seq = marker(&text[end..], r#""seq":"#)?;
    Some((&text[start..end], seq as i64))
}

/// The number right after `prefix` in `text`.
pub fn marker(text: &str, prefix: &str) -> Option<u64> {
    let start = text.find(prefix)? + prefix.len();
    let digits: &str = &text[start..];
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    digits[..end].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::marker;

    #[test]
    fn counts_gaps_and_repeats_per_channel() {
        use super::{Sequences, channel_and_seq};
        use std::sync::atomic::Ordering::Relaxed;
        let counters = crate::stats::Counters::default();
        let mut seqs = Sequences::default();
        let frame = |channel: &str, seq: i64| {
            format!(r#"{{"type":"event","channel":"{channel}","seq":{seq},"event":"x"}}"#)
        };
        let subscribed = r#"{"type":"subscribed","channel":"a","seq":4}"#;
        let (channel, seq) = channel_and_seq(subscribed).unwrap();
        seqs.confirmed(channel, seq);
        for (channel, seq) in [
            ("a", 5),
            ("b", 1),
            ("a", 7),
            ("a", 7),
            ("b", 2),
            ("a", 6),
            ("inbox:x", 1),
            ("inbox:x", 4),
        ] {
            let text = frame(channel, seq);
            let (c, s) = channel_and_seq(&text).unwrap();
            seqs.check(c, s, &counters);
        }
        assert_eq!(
            counters.gaps.load(Relaxed),
            1,
            "6 was missing when 7 came; inbox:x's 2 and 3 were superseded"
        );
        assert_eq!(
            counters.duplicates.load(Relaxed),
            2,
            "7 again, and 6 after 7"
        );
    }

    #[test]
    fn reads_markers() {
        assert_eq!(marker(r#"{"message":"lt:1234 hi"}"#, "lt:"), Some(1234));
        assert_eq!(
            marker(
                r#"{"from_tumblelog":{"name":"load-17","x":1}}"#,
                r#""from_tumblelog":{"name":"load-"#
            ),
            Some(17)
        );
        assert_eq!(marker("nothing", "lt:"), None);
    }
}
