//! One socket's life: decode client frames, subscribe with replay, deliver live events in
//! sequence order, ping, and close with the right code.
//!
//! One task owns the socket and `select!`s over it, its queue, the ping timer and the close
//! signals. (axum's chat example splits sending and receiving into two tasks; here the
//! subscription state — each topic's last delivered seq — is read by both sides, and one
//! task keeps replay, gap-filling and live delivery in order without sharing it.)
//! `WebSocket::recv` is cancel-safe, so losing a `select!` race loses no frame.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use dashwire_protocol::{
    CLOSE_PING_TIMEOUT, CLOSE_SESSION_ENDED, CLOSE_SLOW_CONSUMER, Channel, ClientFrame, Codec,
    ErrorCode, EventFrame, MAX_CLIENT_FRAME_BYTES, ServerFrame,
};
use futures_util::SinkExt;
use tokio::sync::mpsc;

use super::Realtime;
use super::access::authorize;
use super::delivery::{Outbound, encode, wire_channel};
use super::metrics::Metrics;
use super::registry::{CloseSignal, SocketHandle};
use crate::store::Store;

/// Close code for a frame over the size limit (RFC 6455 "message too big").
const CLOSE_TOO_BIG: u16 = 1009;
/// Close code for a server going away.
const CLOSE_GOING_AWAY: u16 = 1001;
/// Events read from the log per query when replaying.
const REPLAY_BATCH: i64 = 500;
/// Queued events written before one flush: a burst costs one write per batch, not per event.
const BATCH: usize = 64;
/// How long a close frame may take to go out before the connection is simply dropped.
const CLOSE_SEND_LIMIT: Duration = Duration::from_secs(5);

/// Who the socket belongs to and how it speaks.
pub struct SocketContext {
    pub realtime: Realtime,
    pub store: Store,
    pub user_id: i64,
    /// The session's token hash, so logging out closes the socket.
    pub session: String,
    pub codec: Codec,
}

/// Runs a socket until it closes, then removes every trace of it from the registry.
pub async fn run(ws: WebSocket, ctx: SocketContext) {
    let realtime = ctx.realtime.clone();
    let metrics = realtime.metrics();
    let (queue, inbox) = mpsc::channel(realtime.settings().queue_capacity);
    let handle = SocketHandle {
        id: realtime.next_socket_id(),
        queue,
        close: Arc::new(CloseSignal::default()),
    };
    realtime
        .registry()
        .add_session_socket(&ctx.session, handle.clone());
    metrics
        .sockets_open
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    Metrics::inc(&metrics.sockets_total);

    let mut socket = Socket {
        ws,
        ctx,
        handle,
        subscriptions: HashMap::new(),
        batching: false,
    };
    socket.serve(inbox).await;

    for topic in socket.subscriptions.keys() {
        realtime.unsubscribe(topic, socket.handle.id);
    }
    realtime
        .registry()
        .remove_session_socket(&socket.ctx.session, socket.handle.id);
    metrics
        .sockets_open
        .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
}

struct Socket {
    ws: WebSocket,
    ctx: SocketContext,
    handle: SocketHandle,
    /// Each subscribed topic and the last seq delivered on it.
    subscriptions: HashMap<Arc<str>, i64>,
    /// While set, sends are buffered and flushed once at the end of a batch.
    batching: bool,
}

/// The socket could not be written to; it is gone.
struct Gone;

impl Socket {
    async fn serve(&mut self, mut inbox: mpsc::Receiver<Outbound>) {
        let realtime = self.ctx.realtime.clone();
        let interval = realtime.settings().ping_interval;
        let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + interval, interval);
        let mut last_heard = Instant::now();
        // Made once and polled by reference: every socket shares the shutdown token, and
        // re-registering with it (and with the close signal) on each event would make all
        // sockets contend for its lock on every delivery.
        let shutdown_token = realtime.inner.shutdown.clone();
        let close_signal = self.handle.close.clone();
        let shutdown = shutdown_token.cancelled();
        let closing = close_signal.wait();
        tokio::pin!(shutdown, closing);
        loop {
            let step = tokio::select! {
                biased;
                _ = &mut shutdown => return self.close(CLOSE_GOING_AWAY, "server shutting down").await,
                code = &mut closing => return self.close(code, close_reason(code)).await,
                incoming = self.ws.recv() => match incoming {
                    Some(Ok(message)) => {
                        last_heard = Instant::now();
                        self.on_message(message).await
                    }
                    // Closed by the peer, or a protocol error (tungstenite's own size limit).
                    _ => return,
                },
                Some(outbound) = inbox.recv() => self.on_outbounds(outbound, &mut inbox).await,
                _ = ping.tick() => {
                    if last_heard.elapsed() > interval * 2 {
                        return self.close(CLOSE_PING_TIMEOUT, "no answer to pings").await;
                    }
                    self.send(Message::Ping(Default::default())).await
                }
            };
            match step {
                Ok(Flow::Continue) => {}
                Ok(Flow::Close(code, reason)) => return self.close(code, reason).await,
                Err(Gone) => return,
            }
        }
    }

    async fn close(&mut self, code: u16, reason: &'static str) {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ =
            tokio::time::timeout(CLOSE_SEND_LIMIT, self.ws.send(Message::Close(Some(frame)))).await;
    }

    /// Sends one message. A peer that takes no data for two ping intervals is as dead as
    /// one that answers no pings: the connection is dropped rather than held forever. The
    /// timer is armed only when the send cannot complete at once (the kernel's buffer is
    /// full), not on every event.
    async fn send(&mut self, message: Message) -> Result<Flow, Gone> {
        let stall_limit = self.ctx.realtime.settings().ping_interval * 2;
        let batching = self.batching;
        let send = async {
            if batching {
                SinkExt::feed(&mut self.ws, message).await
            } else {
                self.ws.send(message).await
            }
        };
        tokio::pin!(send);
        let sent = match futures_util::FutureExt::now_or_never(&mut send) {
            Some(sent) => sent,
            None => match tokio::time::timeout(stall_limit, send).await {
                Ok(sent) => sent,
                Err(_) => return Err(Gone),
            },
        };
        sent.map(|()| Flow::Continue).map_err(|_| Gone)
    }

    /// Writes out what a batch buffered, with the same stall limit as a send.
    async fn flush(&mut self) -> Result<Flow, Gone> {
        let stall_limit = self.ctx.realtime.settings().ping_interval * 2;
        match tokio::time::timeout(stall_limit, SinkExt::flush(&mut self.ws)).await {
            Ok(Ok(())) => Ok(Flow::Continue),
            _ => Err(Gone),
        }
    }

    /// Delivers the first queued item and whatever else is already queued (up to a batch),
    /// then flushes once.
    async fn on_outbounds(
        &mut self,
        first: Outbound,
        inbox: &mut mpsc::Receiver<Outbound>,
    ) -> Result<Flow, Gone> {
        self.batching = true;
        let mut step = self.on_outbound(first).await;
        for _ in 1..BATCH {
            if !matches!(step, Ok(Flow::Continue)) {
                break;
            }
            match inbox.try_recv() {
                Ok(next) => step = self.on_outbound(next).await,
                Err(_) => break,
            }
        }
        self.batching = false;
        match step {
            Ok(Flow::Continue) => {
                Metrics::inc(&self.ctx.realtime.metrics().socket_writes);
                self.flush().await
            }
            other => other,
        }
    }

    async fn send_frame(&mut self, frame: &ServerFrame) -> Result<Flow, Gone> {
        let message = encode(self.ctx.codec, frame);
        self.send(message).await
    }

    async fn send_error(
        &mut self,
        channel: Option<&str>,
        code: ErrorCode,
        message: String,
    ) -> Result<Flow, Gone> {
        let frame = ServerFrame::Error {
            channel: channel.map(str::to_owned),
            code,
            message,
        };
        self.send_frame(&frame).await
    }

    async fn on_message(&mut self, message: Message) -> Result<Flow, Gone> {
        let decoded = match &message {
            Message::Text(text) if text.len() > MAX_CLIENT_FRAME_BYTES => {
                return Ok(Flow::Close(CLOSE_TOO_BIG, "frame too large"));
            }
            Message::Binary(bytes) if bytes.len() > MAX_CLIENT_FRAME_BYTES => {
                return Ok(Flow::Close(CLOSE_TOO_BIG, "frame too large"));
            }
            Message::Text(text) => self.ctx.codec.decode_text::<ClientFrame>(text.as_str()),
            Message::Binary(bytes) => self.ctx.codec.decode_binary::<ClientFrame>(bytes),
            // tungstenite has queued the close reply; the next read flushes it and ends the
            // stream, so keep reading rather than dropping the connection unanswered.
            Message::Close(_) => return Ok(Flow::Continue),
            // tungstenite answers pings itself; a pong only proves liveness.
            Message::Ping(_) | Message::Pong(_) => return Ok(Flow::Continue),
        };
        match decoded {
            // Boxed: the subscribe path awaits database queries whose futures are large, and an
            // unboxed await would make every idle socket's task reserve room for them.
            Ok(ClientFrame::Subscribe { channel, since }) => {
                Box::pin(self.subscribe(channel, since)).await
            }
            Ok(ClientFrame::Unsubscribe { channel }) => self.unsubscribe(channel).await,
            Ok(ClientFrame::Ping { id }) => self.send_frame(&ServerFrame::Pong { id }).await,
            Err(err) => {
                Metrics::inc(&self.ctx.realtime.metrics().bad_frames);
                self.send_error(
                    None,
                    ErrorCode::BadFrame,
                    format!("Could not read that frame: {err}."),
                )
                .await
            }
        }
    }

    async fn subscribe(&mut self, raw: String, since: Option<i64>) -> Result<Flow, Gone> {
        let refused = &self.ctx.realtime.metrics().refused_subscriptions;
        let channel: Channel = match raw.parse() {
            Ok(channel) => channel,
            Err(err) => {
                Metrics::inc(refused);
                return self
                    .send_error(Some(&raw), ErrorCode::UnknownChannel, err.to_string())
                    .await;
            }
        };
        let topic = match authorize(&self.ctx.store, self.ctx.user_id, &channel).await {
            Ok(Some(topic)) => Arc::<str>::from(topic),
            Ok(None) => {
                Metrics::inc(refused);
                let message = format!("You can't subscribe to {raw}: it isn't yours.");
                return self
                    .send_error(Some(&raw), ErrorCode::Forbidden, message)
                    .await;
            }
            Err(err) => return self.internal_error(&raw, err).await,
        };
        if let Some(&seq) = self.subscriptions.get(&topic) {
            // Already live: the client sees everything from here on anyway.
            return self
                .send_frame(&ServerFrame::Subscribed { channel: raw, seq })
                .await;
        }
        // Register first so no live event can slip between the replay and going live;
        // events that arrive during the replay wait in the queue and are de-duplicated by seq.
        self.ctx.realtime.subscribe(&topic, self.handle.clone());
        let state = match self.ctx.store.channel_state(&topic).await {
            Ok(state) => state,
            Err(err) => {
                self.ctx.realtime.unsubscribe(&topic, self.handle.id);
                return self.internal_error(&raw, err).await;
            }
        };
        self.subscriptions.insert(topic.clone(), state.seq);
        self.ctx.realtime.registry().seen(&topic, state.seq);
        match since {
            Some(since) if since < state.pruned_through => {
                let message = format!(
                    "Events after {since} are no longer kept; reload, then subscribe without since."
                );
                self.send_error(Some(&raw), ErrorCode::ResumeTooOld, message)
                    .await?;
            }
            Some(since) if since < state.seq => {
                self.subscriptions.insert(topic.clone(), since);
                if let Err(err) = self.fill(&topic, state.seq).await? {
                    return self.internal_error(&raw, err).await;
                }
            }
            _ => {}
        }
        let seq = self.subscriptions.get(&topic).copied().unwrap_or(state.seq);
        self.send_frame(&ServerFrame::Subscribed { channel: raw, seq })
            .await
    }

    async fn unsubscribe(&mut self, raw: String) -> Result<Flow, Gone> {
        let topic = match raw.parse::<Channel>() {
            Ok(Channel::Unread) => format!("unread:{}", self.ctx.user_id),
            Ok(channel) => channel.to_string(),
            Err(err) => {
                return self
                    .send_error(Some(&raw), ErrorCode::UnknownChannel, err.to_string())
                    .await;
            }
        };
        if let Some((topic, _)) = self.subscriptions.remove_entry(topic.as_str()) {
            self.ctx.realtime.unsubscribe(&topic, self.handle.id);
        }
        self.send_frame(&ServerFrame::Unsubscribed { channel: raw })
            .await
    }

    async fn internal_error(&mut self, raw: &str, err: sqlx::Error) -> Result<Flow, Gone> {
        tracing::error!(error = %err, channel = raw, "subscription failed");
        self.send_error(
            Some(raw),
            ErrorCode::Internal,
            "Something went wrong on our side; subscribe again.".into(),
        )
        .await
    }

    async fn on_outbound(&mut self, outbound: Outbound) -> Result<Flow, Gone> {
        match outbound {
            Outbound::Event(delivery) => {
                let Some(&last) = self.subscriptions.get(&delivery.topic) else {
                    return Ok(Flow::Continue);
                };
                if delivery.seq <= last {
                    return Ok(Flow::Continue);
                }
                if delivery.seq > last + 1 {
                    // Published out of order, or lost on the bus: read the gap from the log.
                    if let Err(err) = Box::pin(self.fill(&delivery.topic, delivery.seq - 1)).await?
                    {
                        tracing::warn!(error = %err, "gap fill failed");
                    }
                }
                self.subscriptions
                    .insert(delivery.topic.clone(), delivery.seq);
                self.send(delivery.message(self.ctx.codec)).await
            }
            Outbound::Resync(topic) => Box::pin(self.resync(topic)).await,
        }
    }

    /// Reads the log for anything after what the topic last delivered.
    async fn resync(&mut self, topic: Arc<str>) -> Result<Flow, Gone> {
        if !self.subscriptions.contains_key(&topic) {
            return Ok(Flow::Continue);
        }
        match self.ctx.store.channel_state(&topic).await {
            Ok(state) => {
                if let Err(err) = self.fill(&topic, state.seq).await? {
                    tracing::warn!(error = %err, "resync failed");
                }
            }
            Err(err) => tracing::warn!(error = %err, "resync failed"),
        }
        Ok(Flow::Continue)
    }

    /// Sends, from the log, every event after the topic's last delivered seq up to `up_to`.
    async fn fill(
        &mut self,
        topic: &Arc<str>,
        up_to: i64,
    ) -> Result<Result<(), sqlx::Error>, Gone> {
        let store = self.ctx.store.clone();
        let channel = wire_channel(topic).to_owned();
        loop {
            let after = self.subscriptions.get(topic).copied().unwrap_or(up_to);
            if after >= up_to {
                return Ok(Ok(()));
            }
            let events = match store
                .events_between(topic, after, up_to, REPLAY_BATCH)
                .await
            {
                Ok(events) => events,
                Err(err) => return Ok(Err(err)),
            };
            if events.is_empty() {
                return Ok(Ok(()));
            }
            for (seq, event) in events {
                let frame = ServerFrame::Event(EventFrame {
                    channel: channel.clone(),
                    seq,
                    event,
                });
                self.send_frame(&frame).await?;
                self.subscriptions.insert(topic.clone(), seq);
                Metrics::inc(&self.ctx.realtime.metrics().events_replayed);
            }
        }
    }
}

/// What the loop does after handling one thing.
enum Flow {
    Continue,
    Close(u16, &'static str),
}

fn close_reason(code: u16) -> &'static str {
    match code {
        CLOSE_SLOW_CONSUMER => "slow consumer: reconnect and resume",
        CLOSE_SESSION_ENDED => "session ended",
        _ => "closed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size of the type a function's future has, without making one.
    fn future_size<F, Fut>(_: F) -> usize
    where
        F: FnOnce(WebSocket, SocketContext) -> Fut,
    {
        std::mem::size_of::<Fut>()
    }

    #[test]
    fn an_idle_socket_task_stays_small() {
        let size = future_size(run);
        println!("socket task future: {size} bytes");
        println!(
            "WebSocket {} Socket {} Sleep {} Interval {}",
            std::mem::size_of::<WebSocket>(),
            std::mem::size_of::<Socket>(),
            std::mem::size_of::<tokio::time::Sleep>(),
            std::mem::size_of::<tokio::time::Interval>()
        );
    }
}
