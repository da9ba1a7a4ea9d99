//! One socket of a chaos run for the whole run: connect, subscribe (resuming with `since`),
//! read and count, and on any close open on the next node and do it all again.

use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::net::TcpSocket;
use tokio::sync::watch;
use tokio::time::{sleep, sleep_until, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, client_async_with_config};

use super::{EXAMPLES, Run};
use crate::sockets::marker;
use crate::stats::now_micros;

/// A reconnect's first back-off, and its ceiling as it doubles (after any close but a
/// restart's 1012 or a 1001, which reconnect at once, as the protocol asks).
const BACKOFF_MIN: Duration = Duration::from_millis(100);
const BACKOFF_MAX: Duration = Duration::from_secs(2);
/// A TCP connect or WebSocket handshake that takes longer is given up, for the next node.
const CONNECT_LIMIT: Duration = Duration::from_secs(5);
/// A connection on which no subscription has been acknowledged for this long, while some
/// still wait, is dropped and opened again elsewhere: the node is stuck, not slow (one that
/// acknowledges now and then is left to finish).
const SUBSCRIBE_LIMIT: Duration = Duration::from_secs(30);
/// Connections remembered per socket, for the evidence of a loss.
const HISTORY: usize = 32;
/// The close "code" of a connection this side dropped because its subscriptions never came.
pub(super) const SUBSCRIBE_TIMEOUT: u16 = 0;
/// What tungstenite reports when the TCP connection ended without a close frame.
const ABNORMAL: u16 = 1006;

type Socket = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// One socket: whose, from where, on what.
pub(super) struct Reader {
    pub(super) index: usize,
    pub(super) token: String,
    pub(super) source: IpAddr,
    pub(super) first_node: usize,
    pub(super) channels: Vec<String>,
    /// Its conversation in play, and its side of the pair (0: user a, 1: user b).
    pub(super) chat: Option<(usize, usize)>,
}

/// One connection of a socket, for the evidence.
#[derive(Clone, Copy)]
pub(super) struct Link {
    pub(super) node: usize,
    pub(super) opened_us: u64,
    pub(super) subscribed_us: u64,
    pub(super) closed_us: u64,
    pub(super) code: u16,
}

/// A break in a channel's seqs.
pub(super) struct Disorder {
    pub(super) at_us: u64,
    pub(super) node: usize,
    pub(super) channel: String,
    pub(super) had: i64,
    pub(super) got: i64,
    pub(super) what: &'static str,
}

/// What a socket saw over the whole run.
#[derive(Default)]
pub(super) struct ReaderEnd {
    pub(super) closes: BTreeMap<u16, u64>,
    pub(super) connect_failures: BTreeMap<&'static str, u64>,
    pub(super) subscribe_errors: BTreeMap<String, u64>,
    pub(super) history: Vec<Link>,
    /// Times it went from a close to subscribed again (µs; the first few hundred), and the
    /// longest, with when it started.
    pub(super) gaps: Vec<u64>,
    pub(super) longest_gap: (u64, u64),
    pub(super) disorder: Vec<Disorder>,
    pub(super) disorder_by_kind: BTreeMap<String, u64>,
    /// Message events not of its conversation, or not numbered.
    pub(super) stray: u64,
}

impl ReaderEnd {
    fn disorder(&mut self, d: Disorder) {
        let kind = d.channel.split(':').next().unwrap_or_default().to_owned();
        *self.disorder_by_kind.entry(kind).or_default() += 1;
        if self.disorder.len() < EXAMPLES {
            self.disorder.push(d);
        }
    }
}

/// The head of a server frame (the event data is read only for a message's number).
#[derive(Deserialize)]
struct Frame<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    #[serde(default)]
    channel: Option<&'a str>,
    #[serde(default)]
    seq: Option<i64>,
    #[serde(default)]
    event: Option<&'a str>,
    #[serde(default)]
    code: Option<&'a str>,
}

/// What ended one connection.
enum Outcome {
    Stopped,
    Closed(u16),
}

/// One socket for the whole run: connect, subscribe (resuming), read, and on any close move
/// to the next node and do it again, until told to stop.
pub(super) async fn read_socket(
    r: Reader,
    run: Arc<Run>,
    mut stop: watch::Receiver<bool>,
) -> ReaderEnd {
    let mut end = ReaderEnd::default();
    let mut seqs: Vec<Option<i64>> = vec![None; r.channels.len()];
    let (mut node, mut backoff, mut failed_in_row) = (r.first_node, BACKOFF_MIN, 0);
    // When the socket lost its subscriptions (µs), until it has them all again.
    let mut down_since: Option<u64> = None;
    loop {
        let opened_us = now_micros();
        let connected = tokio::select! {
            ws = connect(&run, node, r.source, &r.token) => ws,
            _ = stop.changed() => break,
        };
        let ws = match connected {
            Ok(ws) => ws,
            Err(why) => {
                *end.connect_failures.entry(why).or_default() += 1;
                // A node that refuses is skipped; once every node has, back off.
                node = (node + 1) % run.nodes.len();
                failed_in_row += 1;
                if failed_in_row >= run.nodes.len() {
                    failed_in_row = 0;
                    if pause(&mut stop, &mut backoff).await {
                        break;
                    }
                }
                continue;
            }
        };
        failed_in_row = 0;
        let mut link = Link {
            node,
            opened_us,
            subscribed_us: 0,
            closed_us: 0,
            code: 0,
        };
        let outcome = {
            let mut s = Session {
                r: &r,
                run: &run,
                seqs: &mut seqs,
                end: &mut end,
                link: &mut link,
                down_since: &mut down_since,
            };
            s.serve(ws, &mut stop).await
        };
        if link.subscribed_us != 0 {
            run.live.fetch_sub(1, Relaxed);
            backoff = BACKOFF_MIN;
        }
        let Outcome::Closed(code) = outcome else {
            // Still open at the end: part of the evidence too.
            if end.history.len() < HISTORY {
                end.history.push(link);
            }
            break;
        };
        link.closed_us = now_micros();
        link.code = code;
        if end.history.len() < HISTORY {
            end.history.push(link);
        }
        *end.closes.entry(code).or_default() += 1;
        if down_since.is_none() && run.first_subscribed[r.index].load(Relaxed) != 0 {
            down_since = Some(link.closed_us);
        }
        node = (node + 1) % run.nodes.len();
        if code != 1012 && code != 1001 && pause(&mut stop, &mut backoff).await {
            break;
        }
    }
    end
}

/// Waits out the back-off (doubling it, with some jitter so thousands of sockets do not come
/// back in one instant); answers whether the run is over.
async fn pause(stop: &mut watch::Receiver<bool>, backoff: &mut Duration) -> bool {
    let wait = *backoff + backoff.mul_f64(rand::random::<f64>() / 4.0);
    *backoff = (*backoff * 2).min(BACKOFF_MAX);
    tokio::select! {
        _ = sleep(wait) => false,
        _ = stop.changed() => true,
    }
}

async fn connect(
    run: &Run,
    node: usize,
    source: IpAddr,
    token: &str,
) -> Result<Socket, &'static str> {
    let _permit = run.handshakes.acquire().await.map_err(|_| "closed")?;
    let addr = run.nodes[node];
    let request = format!("ws://{addr}/ws?token={token}")
        .into_client_request()
        .map_err(|_| "request")?;
    let socket = TcpSocket::new_v4().map_err(|_| "socket")?;
    socket
        .bind(SocketAddr::new(source, 0))
        .map_err(|_| "bind")?;
    let stream = match timeout(CONNECT_LIMIT, socket.connect(addr)).await {
        Err(_) => return Err("timeout"),
        Ok(Err(e)) if e.kind() == std::io::ErrorKind::ConnectionRefused => return Err("refused"),
        Ok(Err(_)) => return Err("connect"),
        Ok(Ok(stream)) => stream,
    };
    let _ = stream.set_nodelay(true);
    // tungstenite's default read buffer is 128 KiB a socket; events are small.
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let handshake = client_async_with_config(request, MaybeTlsStream::Plain(stream), Some(config));
    match timeout(CONNECT_LIMIT, handshake).await {
        Err(_) => Err("timeout"),
        Ok(Err(_)) => Err("handshake"),
        Ok(Ok((ws, _))) => Ok(ws),
    }
}

/// One connection of a socket: its subscriptions and what it reads.
struct Session<'a> {
    r: &'a Reader,
    run: &'a Run,
    seqs: &'a mut Vec<Option<i64>>,
    end: &'a mut ReaderEnd,
    link: &'a mut Link,
    down_since: &'a mut Option<u64>,
}

impl Session<'_> {
    async fn serve(&mut self, mut ws: Socket, stop: &mut watch::Receiver<bool>) -> Outcome {
        let all: Vec<usize> = (0..self.r.channels.len()).collect();
        if self.subscribe(&mut ws, &all).await.is_err() {
            return Outcome::Closed(ABNORMAL);
        }
        let mut pending = vec![true; all.len()];
        let mut deadline = tokio::time::Instant::now() + SUBSCRIBE_LIMIT;
        // Channels the server failed to subscribe (`internal`): asked again after a back-off.
        let (mut again, mut again_at, mut again_backoff) = (Vec::new(), None, BACKOFF_MIN);
        loop {
            let waiting = pending.contains(&true);
            let frame = tokio::select! {
                biased;
                _ = stop.changed() => return Outcome::Stopped,
                _ = sleep_until(again_at.unwrap_or(deadline)), if again_at.is_some() => {
                    again_at = None;
                    let channels = std::mem::take(&mut again);
                    if self.subscribe(&mut ws, &channels).await.is_err() {
                        return Outcome::Closed(ABNORMAL);
                    }
                    continue;
                }
                _ = sleep_until(deadline), if waiting => return Outcome::Closed(SUBSCRIBE_TIMEOUT),
                frame = ws.next() => frame,
            };
            let text = match frame {
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(Message::Close(close))) => {
                    return Outcome::Closed(close.map_or(1005, |c| u16::from(c.code)));
                }
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return Outcome::Closed(ABNORMAL),
            };
            let Ok(frame) = serde_json::from_str::<Frame>(text.as_str()) else {
                *self
                    .end
                    .subscribe_errors
                    .entry("undecodable".into())
                    .or_default() += 1;
                continue;
            };
            let index = frame
                .channel
                .and_then(|c| self.r.channels.iter().position(|x| x == c));
            match (frame.kind, index) {
                ("event", Some(i)) => self.on_event(i, &frame, text.as_str()),
                ("subscribed", Some(i)) => {
                    deadline = tokio::time::Instant::now() + SUBSCRIBE_LIMIT;
                    self.on_subscribed(i, frame.seq.unwrap_or(-1));
                    if std::mem::replace(&mut pending[i], false) && !pending.contains(&true) {
                        self.on_all_subscribed();
                    }
                }
                ("error", i) => {
                    let code = frame.code.unwrap_or("?");
                    *self.end.subscribe_errors.entry(code.into()).or_default() += 1;
                    match (code, i) {
                        // "try again", says the protocol: with `since` as always.
                        ("internal", Some(i)) => {
                            again.push(i);
                            let wait = again_backoff;
                            again_backoff = (again_backoff * 2).min(BACKOFF_MAX);
                            again_at.get_or_insert(tokio::time::Instant::now() + wait);
                        }
                        // A `subscribed` follows a resume_too_old; the others end the channel.
                        ("resume_too_old", _) | (_, None) => {}
                        (_, Some(i)) => {
                            if std::mem::replace(&mut pending[i], false) && !pending.contains(&true)
                            {
                                self.on_all_subscribed();
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Asks for `channels`, each from the last seq this socket has of it.
    async fn subscribe(&mut self, ws: &mut Socket, channels: &[usize]) -> Result<(), ()> {
        for &i in channels {
            let channel = &self.r.channels[i];
            let frame = match self.seqs[i] {
                Some(since) => {
                    format!(r#"{{"type":"subscribe","channel":"{channel}","since":{since}}}"#)
                }
                None => format!(r#"{{"type":"subscribe","channel":"{channel}"}}"#),
            };
            ws.feed(Message::Text(frame.into())).await.map_err(drop)?;
        }
        ws.flush().await.map_err(drop)
    }

    fn on_all_subscribed(&mut self) {
        let now = now_micros();
        self.link.subscribed_us = now;
        self.run.live.fetch_add(1, Relaxed);
        let _ = self.run.first_subscribed[self.r.index].compare_exchange(0, now, Relaxed, Relaxed);
        if let Some(since) = self.down_since.take() {
            let gap = now.saturating_sub(since);
            if self.end.gaps.len() < 256 {
                self.end.gaps.push(gap);
            }
            if gap > self.end.longest_gap.0 {
                self.end.longest_gap = (gap, since);
            }
        }
    }

    /// The channel's ack: its seq is where this socket stands (replay included), so on a
    /// resume it must be the last seq the socket has.
    fn on_subscribed(&mut self, i: usize, seq: i64) {
        match self.seqs[i] {
            None => self.seqs[i] = Some(seq),
            // The replay of a channel of whole states may end past its last event: the newest
            // state there was written after the replay's end and comes live next.
            Some(had) if seq > had && crate::sockets::carries_whole_states(&self.r.channels[i]) => {
                self.seqs[i] = Some(seq);
            }
            Some(had) if had != seq => {
                self.disorder(i, had, seq, "subscribed at");
                self.seqs[i] = Some(had.max(seq));
            }
            Some(_) => {}
        }
    }

    fn on_event(&mut self, i: usize, frame: &Frame, text: &str) {
        let seq = frame.seq.unwrap_or(-1);
        match self.seqs[i] {
            // Before the channel's first ack: nothing to check it against.
            None => self.seqs[i] = Some(seq),
            Some(had) => {
                // Going back, or a repeat, is disorder on any channel.
                let skipped_superseded =
                    seq > had + 1 && crate::sockets::carries_whole_states(&self.r.channels[i]);
                if seq != had + 1 && !skipped_superseded {
                    self.disorder(i, had, seq, "event");
                }
                self.seqs[i] = Some(had.max(seq));
            }
        }
        if frame.event != Some("message") {
            return;
        }
        let numbered = marker(text, "cx:").map(|n| n as usize);
        let run = self.run;
        match (numbered, self.r.chat) {
            (Some(n), Some((pair, side)))
                if n < run.messages.len() && n % run.pairs.len() == pair =>
            {
                let slot = &run.messages[n];
                if slot.received[side].fetch_add(1, Relaxed) == 0 {
                    slot.first_us[side].store(now_micros(), Relaxed);
                }
            }
            _ => self.end.stray += 1,
        }
    }

    fn disorder(&mut self, i: usize, had: i64, got: i64, what: &'static str) {
        self.end.disorder(Disorder {
            at_us: now_micros(),
            node: self.link.node,
            channel: self.r.channels[i].clone(),
            had,
            got,
            what,
        });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering::Relaxed;

    use super::{Frame, Link, Reader, ReaderEnd, Session};
    use crate::chaos::Run;
    use crate::seed::Pair;

    /// A socket's bookkeeping across a resume: replayed events continue the seqs, an ack at
    /// the socket's own last seq is right, a skipped or repeated seq is out of order, and a
    /// message received again counts twice (the server's duplicate, never hidden).
    #[test]
    fn keeps_seqs_and_counts_messages_across_a_resume() {
        let pairs = vec![Pair {
            a: 0,
            b: 1,
            conversation_id: 9,
        }];
        let run = Run::new(vec!["127.0.0.1:1".parse().unwrap()], pairs, 0..2, 4, 1);
        let reader = Reader {
            index: 1,
            token: String::new(),
            source: "127.0.0.1".parse().unwrap(),
            first_node: 0,
            channels: vec!["conversation:9".into()],
            chat: Some((0, 1)),
        };
        let (mut seqs, mut end, mut down) = (vec![None], ReaderEnd::default(), None);
        let mut link = Link {
            node: 0,
            opened_us: 0,
            subscribed_us: 0,
            closed_us: 0,
            code: 0,
        };
        let mut s = Session {
            r: &reader,
            run: &run,
            seqs: &mut seqs,
            end: &mut end,
            link: &mut link,
            down_since: &mut down,
        };
        let event = |s: &mut Session, seq: i64, n: usize| {
            let text = format!(
                r#"{{"type":"event","channel":"conversation:9","seq":{seq},"event":"message","data":{{"message":"cx:{n} from load-0"}}}}"#
            );
            let frame: Frame = serde_json::from_str(&text).unwrap();
            s.on_event(0, &frame, &text);
        };
        s.on_subscribed(0, 4);
        event(&mut s, 5, 0);
        event(&mut s, 6, 1);
        // The socket closed; it resumes with since=6: the ack comes at 6, then what follows.
        assert_eq!(s.seqs[0], Some(6));
        s.on_subscribed(0, 6);
        event(&mut s, 7, 2);
        assert!(s.end.disorder.is_empty());
        event(&mut s, 7, 2);
        event(&mut s, 9, 3);
        s.on_subscribed(0, 11);
        assert_eq!(s.end.disorder_by_kind.get("conversation"), Some(&3));
        assert_eq!(s.seqs[0], Some(11));
        let got = |n: usize| run.messages[n].received[1].load(Relaxed);
        assert_eq!((got(0), got(1), got(2), got(3)), (1, 1, 2, 1));
        assert_eq!(
            run.messages[0].received[0].load(Relaxed),
            0,
            "user b's socket"
        );
    }
}
