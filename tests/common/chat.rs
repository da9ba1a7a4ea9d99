//! A chat under faults, as the fault tests drive it: a sender that records which of its
//! messages were answered 200 (acknowledged) and which were not, and readers that follow a
//! conversation on one node and, when their socket is closed, resume on another from the last
//! seq they have, as the web app does. What they collect is checked against the promise of
//! the fault model (docs/architecture.md): every acknowledged message reaches every reader
//! once and in order, and no message answered with an error was stored.

use std::time::{Duration, Instant};

use dashwire_protocol::{ClientFrame, Event, ServerFrame};
use futures_util::StreamExt;
use tokio_tungstenite::tungstenite::Message;

use super::Client;
use super::ws::Socket;

/// What a sender's messages came to.
#[derive(Debug, Default, Clone)]
pub struct Sent {
    /// The texts answered 200, in the order they were answered.
    pub acknowledged: Vec<String>,
    /// The texts answered otherwise, with the status (0: no answer at all).
    pub refused: Vec<(String, u16)>,
}

impl Sent {
    /// The statuses of the refused sends, each once.
    pub fn refusal_statuses(&self) -> Vec<u16> {
        let mut statuses: Vec<u16> = self.refused.iter().map(|(_, s)| *s).collect();
        statuses.sort_unstable();
        statuses.dedup();
        statuses
    }
}

/// Sends `text` from `from` to `to` through `client`, and notes what it came to.
pub async fn send_noted(client: &Client, from: &str, to: &str, text: String, sent: &mut Sent) {
    let answer = client
        .http
        .post(format!("{}/svc/conversations/messages", client.base))
        .form(&[
            ("participant", from),
            ("participants[]", to),
            ("message", text.as_str()),
            ("type", "TEXT"),
            ("form_key", client.form_key.as_str()),
        ])
        .timeout(Duration::from_secs(15))
        .send()
        .await;
    match answer {
        Ok(resp) if resp.status() == 200 => sent.acknowledged.push(text),
        Ok(resp) => sent.refused.push((text, resp.status().as_u16())),
        Err(_) => sent.refused.push((text, 0)),
    }
}

/// One reader of one channel, resuming on the next node when its socket closes.
pub struct Reader {
    nodes: Vec<String>,
    node: usize,
    cookie: String,
    channel: String,
    socket: Option<Socket>,
    /// The last seq read on the channel.
    pub seq: i64,
    /// The texts of the messages read, in order.
    pub texts: Vec<String>,
    /// Seqs that came out of order or twice (must stay empty).
    pub out_of_order: Vec<(i64, i64)>,
    /// The close codes its sockets were closed with, in order.
    pub closes: Vec<u16>,
    /// When each close came.
    pub closed_at: Vec<Instant>,
    /// When it was subscribed again after each close.
    pub resumed_at: Vec<Instant>,
}

impl Reader {
    /// Subscribes to `channel` on `nodes[node]` with `client`'s session cookie, from now on.
    pub async fn start(nodes: &[String], node: usize, client: &Client, channel: &str) -> Reader {
        let mut reader = Reader {
            nodes: nodes.to_vec(),
            node,
            cookie: client.cookie(),
            channel: channel.to_owned(),
            socket: None,
            seq: 0,
            texts: Vec::new(),
            out_of_order: Vec::new(),
            closes: Vec::new(),
            closed_at: Vec::new(),
            resumed_at: Vec::new(),
        };
        reader.connect(None).await;
        reader
    }

    /// The node it reads on now.
    pub fn node(&self) -> &str {
        &self.nodes[self.node]
    }

    async fn connect(&mut self, since: Option<i64>) {
        assert!(self.try_connect(since).await, "socket on {}", self.node());
    }

    /// Connects to the current node and subscribes; false if the node did not take it.
    async fn try_connect(&mut self, since: Option<i64>) -> bool {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        use tokio_tungstenite::tungstenite::http::HeaderValue;
        let url = format!("{}/ws", self.node().replacen("http", "ws", 1));
        let mut request = url.into_client_request().unwrap();
        request
            .headers_mut()
            .insert("cookie", HeaderValue::from_str(&self.cookie).unwrap());
        let connected = tokio::time::timeout(
            Duration::from_secs(5),
            tokio_tungstenite::connect_async(request),
        )
        .await;
        let Ok(Ok((ws, _))) = connected else {
            return false;
        };
        let mut socket = Socket {
            ws,
            codec: Default::default(),
        };
        let (replayed, seq) = socket.subscribe(&self.channel, since).await;
        if since.is_none() {
            self.seq = seq;
        }
        for frame in replayed {
            self.take(frame.seq, &frame.event);
        }
        self.socket = Some(socket);
        true
    }

    fn take(&mut self, seq: i64, event: &Event) {
        if seq != self.seq + 1 {
            self.out_of_order.push((self.seq, seq));
        }
        self.seq = self.seq.max(seq);
        if let Event::Message(message) = event {
            self.texts.push(message.message.clone());
        }
    }

    /// Reads until `done` says it has what it waits for, or `limit` passes: resumes on the
    /// next node each time its socket is closed. Answers whether `done` was reached.
    pub async fn read_until(&mut self, limit: Duration, done: impl Fn(&Reader) -> bool) -> bool {
        let deadline = Instant::now() + limit;
        while !done(self) {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                return false;
            };
            let socket = self.socket.as_mut().expect("connected");
            let next = match tokio::time::timeout(left, socket.ws.next()).await {
                Err(_) => return false,
                Ok(next) => next,
            };
            match next {
                Some(Ok(Message::Text(text))) => {
                    let frame = socket.codec.decode_text(text.as_str()).unwrap();
                    self.frame(frame);
                }
                Some(Ok(Message::Binary(bytes))) => {
                    let frame = socket.codec.decode_binary(&bytes).unwrap();
                    self.frame(frame);
                }
                Some(Ok(Message::Close(frame))) => {
                    let code = frame.map_or(1005, |f| f.code.into());
                    self.closed(code).await;
                }
                Some(Ok(_)) => {}
                None | Some(Err(_)) => self.closed(1006).await,
            }
        }
        true
    }

    fn frame(&mut self, frame: ServerFrame) {
        if let ServerFrame::Event(event) = frame
            && event.channel == self.channel
        {
            self.take(event.seq, &event.event);
        }
    }

    /// Its socket closed: on to the next node, resuming from the last seq it read. A node
    /// that is gone refuses the connection: the one after it is tried, as a balancer would.
    async fn closed(&mut self, code: u16) {
        self.closes.push(code);
        self.closed_at.push(Instant::now());
        self.socket = None;
        for _ in 0..self.nodes.len() * 20 {
            self.node = (self.node + 1) % self.nodes.len();
            if self.try_connect(Some(self.seq)).await {
                self.resumed_at.push(Instant::now());
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no node took the reader back");
    }

    /// Resumes on `base` (a node restarted on another port), from the last seq it read.
    pub async fn resume_on(&mut self, base: &str) {
        self.nodes = vec![base.to_owned()];
        self.node = 0;
        self.socket = None;
        self.connect(Some(self.seq)).await;
    }

    /// Whether its socket is open and has not been closed in `quiet` (it answers a ping: the
    /// server pings on its own schedule, so this reads what comes for that long and fails on
    /// a close).
    pub async fn still_open(&mut self, quiet: Duration) -> bool {
        let socket = self.socket.as_mut().expect("connected");
        let deadline = Instant::now() + quiet;
        loop {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                return true;
            };
            match tokio::time::timeout(left, socket.ws.next()).await {
                Err(_) => return true,
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => return false,
                Ok(Some(Ok(Message::Text(text)))) => {
                    let frame = socket.codec.decode_text(text.as_str()).unwrap();
                    self.frame(frame);
                    return true;
                }
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// Unsubscribes and closes (the end of a test).
    pub async fn stop(mut self) {
        if let Some(socket) = self.socket.as_mut() {
            socket
                .send(&ClientFrame::Unsubscribe {
                    channel: self.channel.clone(),
                })
                .await;
        }
    }
}

/// Checks the promise where a node died with sends in flight: the sends it never answered
/// (status 0) may or may not have committed, so they may be read; every acknowledged message
/// must be read once, and each sender's in the order it sent them (`senders` are the
/// sender's results, their texts starting with their own prefix).
pub fn assert_read_acknowledged(reader: &Reader, senders: &[(String, Sent)], what: &str) {
    assert!(
        reader.out_of_order.is_empty(),
        "{what}: seqs out of order or repeated: {:?}",
        reader.out_of_order
    );
    for (prefix, sent) in senders {
        assert!(
            sent.refused.iter().all(|(_, status)| *status == 0),
            "{what}: only sends the dying node never answered may fail: {:?}",
            sent.refused
        );
        let unanswered: Vec<&String> = sent.refused.iter().map(|(text, _)| text).collect();
        let read: Vec<&String> = reader
            .texts
            .iter()
            .filter(|text| text.starts_with(prefix.as_str()) && !unanswered.contains(text))
            .collect();
        let acknowledged: Vec<&String> = sent.acknowledged.iter().collect();
        assert_eq!(
            read, acknowledged,
            "{what}: every message acknowledged to sender {prefix}, once, in order"
        );
    }
}

/// Checks the fault model's promise for one reader: it read exactly the acknowledged
/// messages, once each, in the order they were answered (one sender's sends are answered in
/// the order they were sent, so that is the order they were stored), with no seq skipped or
/// repeated.
pub fn assert_read_exactly(reader: &Reader, sent: &Sent, what: &str) {
    assert!(
        reader.out_of_order.is_empty(),
        "{what}: seqs out of order or repeated: {:?}",
        reader.out_of_order
    );
    assert_eq!(
        reader.texts, sent.acknowledged,
        "{what}: the reader must read every acknowledged message once, in order (refused: {:?})",
        sent.refused
    );
}
