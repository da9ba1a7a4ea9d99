//! One socket's I/O: read and decode client frames, write what its queue and its
//! subscriptions hand it (several events per write), ping, and close with the right code.
//! What to send when is the subscription state machine's job (`subscriptions/mod.rs`).
//!
//! One task owns the socket and `select!`s over it, its queue, the ping timer and the close
//! signals. (axum's chat example splits sending and receiving into two tasks; here the
//! subscription state is read by both sides, and one task keeps replay and live delivery in
//! order without sharing it.) `WebSocket::recv` is cancel-safe, so losing a `select!` race
//! loses no frame.

use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dashwire_protocol::{
    CLOSE_PING_TIMEOUT, CLOSE_SERVICE_RESTART, CLOSE_SESSION_ENDED, CLOSE_SLOW_CONSUMER,
    CLOSE_TOO_BIG, ClientFrame, Codec, ErrorCode, MAX_CLIENT_FRAME_BYTES, ServerFrame,
};
use futures_util::future::Either;
use futures_util::{FutureExt, SinkExt, StreamExt};
use tokio::time::Interval;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use super::upgrade::{WebSocket, drain};
use crate::realtime::Realtime;
use crate::realtime::routing::delivery::{Delivery, Outbound, encode};
use crate::realtime::routing::queue;
use crate::realtime::routing::registry::{CloseSignal, SocketHandle};
use crate::realtime::subscriptions::{Gone, Outlet, Subscriptions};
use crate::store::session_cache::TokenHash;

/// Queued events written before one flush: a burst costs one write per batch, not per event.
const BATCH: usize = 64;
/// How long a close frame may take to go out before the connection is simply dropped.
const CLOSE_SEND_LIMIT: Duration = Duration::from_secs(5);

/// Who the socket belongs to and how it speaks.
pub(super) struct SocketContext {
    pub realtime: Realtime,
    /// The socket's user; `None` for a visitor (public channels only).
    pub user_id: Option<i64>,
    /// The session's token hash, so logging out closes the socket.
    pub session: String,
    pub codec: Codec,
}

/// Runs a socket until it closes, then removes every trace of it from the registry.
///
/// Not an `async fn`: an async fn keeps its arguments' slots in its future for its whole
/// life, after they have moved into the socket (the WebSocket alone is 344 bytes), and every
/// open socket's task holds this future. Everything is set up here and the future holds only
/// what it uses.
pub(super) fn run(ws: WebSocket, ctx: SocketContext) -> impl Future<Output = ()> + Send {
    let SocketContext {
        realtime,
        user_id,
        session,
        codec,
    } = ctx;
    // The task keeps the session's 32-byte key (to leave the registry at the end), not the
    // hex string it was given.
    let session = TokenHash::of(&session);
    let (queue, inbox) = queue::channel(realtime.settings().queue_capacity);
    let handle = SocketHandle {
        id: realtime.next_socket_id(),
        queue,
        close: Arc::new(CloseSignal::default()),
    };
    realtime
        .registry()
        .add_session_socket(session, user_id.is_some(), handle.clone());
    // A shutdown that went through the registry before this socket was in it.
    if realtime.shutting_down() {
        handle.close.close(CLOSE_SERVICE_RESTART);
    }
    let metrics = realtime.metrics();
    metrics.sockets_open.inc();
    metrics.sockets_total.inc();

    let close = handle.close.clone();
    let socket_id = handle.id;
    let mut socket = Socket {
        writer: Writer {
            ws,
            codec,
            batching: false,
            stall_limit: realtime.settings().ping_interval * 2,
        },
        subscriptions: Subscriptions::new(user_id, handle),
        realtime,
    };
    // The block uses the captured `socket` itself: a `let mut socket = socket;` inside it
    // would be a second slot of the socket's size (552 bytes) beside the capture's.
    async move {
        socket.serve(inbox, &close).await;
        let realtime = &socket.realtime;
        socket.subscriptions.leave(realtime);
        realtime
            .registry()
            .remove_session_socket(&session, socket_id);
        realtime.metrics().sockets_open.dec();
    }
}

struct Socket {
    writer: Writer,
    subscriptions: Subscriptions,
    realtime: Realtime,
}

/// The sending half: writes messages with a stall limit, buffering them during a batch.
struct Writer {
    ws: WebSocket,
    codec: Codec,
    /// While set, sends are buffered and flushed once at the end of a batch.
    batching: bool,
    /// A peer that takes no data this long is as dead as one that answers no pings.
    stall_limit: Duration,
}

/// What woke the socket up.
enum Wake {
    Close(u16),
    Incoming(Option<Result<Message, WsError>>),
    Outbound(Outbound),
    Ping,
}

/// What the loop does after handling one thing.
enum Flow {
    Continue,
    Close(u16, &'static str),
}

impl Socket {
    async fn serve(&mut self, mut inbox: queue::Receiver<Outbound>, close: &CloseSignal) {
        let interval = self.realtime.settings().ping_interval;
        let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + interval, interval);
        let mut last_heard = Instant::now();
        // A shutdown comes through the close signal too: nothing every socket shares is
        // polled on each wake-up.
        let closing = close.wait();
        tokio::pin!(closing);
        loop {
            let next = next_wake(&mut self.writer.ws, &mut inbox, &mut ping, closing.as_mut());
            let wake = if self.subscriptions.replaying() {
                // Whatever is ready goes first; otherwise the replay reads its next batch.
                match next.now_or_never() {
                    Some(wake) => wake,
                    None => {
                        let realtime = self.realtime.clone();
                        let step = self.subscriptions.replay_step(&realtime, &mut self.writer);
                        if Box::pin(step).await.is_err() {
                            return;
                        }
                        continue;
                    }
                }
            } else {
                next.await
            };
            let step = match wake {
                Wake::Close(code) => return self.writer.close(code, close_reason(code)).await,
                Wake::Incoming(Some(Ok(message))) => {
                    last_heard = Instant::now();
                    self.on_message(message).await
                }
                // A frame over tungstenite's hard cap, refused before its payload was read:
                // 1009 as for any frame too large, then what the client is still sending is
                // read and dropped until its Close, or closing would reset the connection
                // under the close.
                Wake::Incoming(Some(Err(WsError::Capacity(_)))) => {
                    self.writer.close(CLOSE_TOO_BIG, "frame too large").await;
                    drain(&mut self.writer.ws).await;
                    return;
                }
                // Closed by the peer, or a protocol error.
                Wake::Incoming(_) => return,
                Wake::Outbound(first) => self.on_outbounds(first, &mut inbox).await,
                Wake::Ping => {
                    if last_heard.elapsed() > interval * 2 {
                        return self
                            .writer
                            .close(CLOSE_PING_TIMEOUT, "no answer to pings")
                            .await;
                    }
                    self.writer
                        .send(Message::Ping(Default::default()))
                        .await
                        .map(|()| Flow::Continue)
                }
            };
            match step {
                Ok(Flow::Continue) => {}
                Ok(Flow::Close(code, reason)) => return self.writer.close(code, reason).await,
                Err(Gone) => return,
            }
        }
    }

    /// Delivers the first queued item and whatever else is already queued (up to a batch),
    /// then flushes once. When the write carried live events, the oldest one's time since it
    /// reached the node goes to `dashwire_publish_to_delivery_seconds`: one observation per
    /// write, not per event, and two relaxed atomic adds.
    async fn on_outbounds(
        &mut self,
        first: Outbound,
        inbox: &mut queue::Receiver<Outbound>,
    ) -> Result<Flow, Gone> {
        self.writer.batching = true;
        let written = self.write_batch(first, inbox).await;
        self.writer.batching = false;
        let oldest = written?;
        let metrics = self.realtime.metrics();
        metrics.socket_writes.inc();
        self.writer.flush().await?;
        if let Some(arrived) = oldest {
            metrics.publish_to_delivery.observe(arrived.elapsed());
        }
        Ok(Flow::Continue)
    }

    /// Hands the first queued item and what else is queued (up to a batch) to the writer;
    /// answers when the oldest live event among those written reached the node.
    async fn write_batch(
        &mut self,
        first: Outbound,
        inbox: &mut queue::Receiver<Outbound>,
    ) -> Result<Option<Instant>, Gone> {
        let mut oldest = self.on_outbound(first).await?;
        for _ in 1..BATCH {
            let Some(next) = inbox.try_recv() else {
                break;
            };
            let written = self.on_outbound(next).await?;
            oldest = match (oldest, written) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        Ok(oldest)
    }

    /// Handles one queued item; answers when it reached the node if it was a live event
    /// that was written.
    async fn on_outbound(&mut self, outbound: Outbound) -> Result<Option<Instant>, Gone> {
        match outbound {
            Outbound::Event(delivery) => {
                let written = self
                    .subscriptions
                    .deliver(&delivery, &mut self.writer)
                    .await?;
                Ok(delivery.arrived.filter(|_| written))
            }
            Outbound::Resync(topic) => {
                let realtime = self.realtime.clone();
                Box::pin(self.subscriptions.resync(&realtime, &topic)).await;
                Ok(None)
            }
            Outbound::Refresh(group) => {
                let realtime = self.realtime.clone();
                let refresh = self
                    .subscriptions
                    .refresh(&realtime, &group, &mut self.writer);
                Box::pin(refresh).await?;
                Ok(None)
            }
        }
    }

    async fn on_message(&mut self, message: Message) -> Result<Flow, Gone> {
        let codec = self.writer.codec;
        let decoded = match &message {
            Message::Text(text) if text.len() > MAX_CLIENT_FRAME_BYTES => {
                return Ok(Flow::Close(CLOSE_TOO_BIG, "frame too large"));
            }
            Message::Binary(bytes) if bytes.len() > MAX_CLIENT_FRAME_BYTES => {
                return Ok(Flow::Close(CLOSE_TOO_BIG, "frame too large"));
            }
            Message::Text(text) => codec.decode_text::<ClientFrame>(text.as_str()),
            Message::Binary(bytes) => codec.decode_binary::<ClientFrame>(bytes),
            // tungstenite has queued the close reply; the next read flushes it and ends the
            // stream, so keep reading rather than dropping the connection unanswered.
            Message::Close(_) => return Ok(Flow::Continue),
            // tungstenite answers pings itself; a pong only proves liveness.
            // Raw frames only come from writing them: never read.
            Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => return Ok(Flow::Continue),
        };
        let realtime = self.realtime.clone();
        let handled = match decoded {
            // Boxed: the subscribe path awaits database queries whose futures are large, and
            // an unboxed await would make every idle socket's task reserve room for them.
            Ok(ClientFrame::Subscribe { channel, since }) => {
                let subscribe =
                    self.subscriptions
                        .subscribe(&realtime, channel, since, &mut self.writer);
                Box::pin(subscribe).await
            }
            // Boxed too: rare, and its future is the largest of the socket's own.
            Ok(ClientFrame::Unsubscribe { channel }) => {
                let unsubscribe =
                    self.subscriptions
                        .unsubscribe(&realtime, channel, &mut self.writer);
                Box::pin(unsubscribe).await
            }
            Ok(ClientFrame::Ping { id }) => self.writer.send_frame(&ServerFrame::Pong { id }).await,
            Err(err) => {
                realtime.metrics().bad_frames.inc();
                let frame = ServerFrame::Error {
                    channel: None,
                    code: ErrorCode::BadFrame,
                    message: format!("Could not read that frame: {err}."),
                };
                self.writer.send_frame(&frame).await
            }
        };
        handled.map(|()| Flow::Continue)
    }
}

/// Waits for the next thing the socket must handle, most urgent first.
async fn next_wake(
    ws: &mut WebSocket,
    inbox: &mut queue::Receiver<Outbound>,
    ping: &mut Interval,
    closing: Pin<&mut impl Future<Output = u16>>,
) -> Wake {
    tokio::select! {
        biased;
        code = closing => Wake::Close(code),
        incoming = ws.next() => Wake::Incoming(incoming),
        outbound = inbox.recv() => Wake::Outbound(outbound),
        _ = ping.tick() => Wake::Ping,
    }
}

impl Writer {
    /// Sends one message. A peer that takes no data for two ping intervals is dropped rather
    /// than held forever. The timer is armed only when the send cannot complete at once (the
    /// kernel's buffer is full), not on every event.
    ///
    /// Not an `async fn`, and the write is not wrapped in an async block: every socket's task
    /// keeps room for this future (on the path of every event), and an `async fn` would hold
    /// the message twice (its argument's slot, and the write's) beside an inline timer.
    fn send(&mut self, message: Message) -> impl Future<Output = Result<(), Gone>> + Send + '_ {
        let stall_limit = self.stall_limit;
        let mut write = if self.batching {
            Either::Left(SinkExt::feed(&mut self.ws, message))
        } else {
            Either::Right(SinkExt::send(&mut self.ws, message))
        };
        async move {
            let sent = match (&mut write).now_or_never() {
                Some(sent) => sent,
                None => within(stall_limit, &mut write).await?,
            };
            sent.map_err(|_| Gone)
        }
    }

    /// Writes out what a batch buffered, with the same stall limit as a send (armed, as
    /// there, only when the write cannot complete at once: a timer per write costs every
    /// socket a trip through the timer wheel's lock on every event).
    fn flush(&mut self) -> impl Future<Output = Result<(), Gone>> + Send + '_ {
        let stall_limit = self.stall_limit;
        let mut flush = SinkExt::flush(&mut self.ws);
        async move {
            let flushed = match (&mut flush).now_or_never() {
                Some(flushed) => flushed,
                None => within(stall_limit, &mut flush).await?,
            };
            flushed.map_err(|_| Gone)
        }
    }

    async fn close(&mut self, code: u16, reason: &'static str) {
        let frame = CloseFrame {
            code: code.into(),
            reason: reason.into(),
        };
        let _ =
            tokio::time::timeout(CLOSE_SEND_LIMIT, self.ws.send(Message::Close(Some(frame)))).await;
    }
}

impl Outlet for Writer {
    fn send_frame(&mut self, frame: &ServerFrame) -> impl Future<Output = Result<(), Gone>> + Send {
        let message = encode(self.codec, frame);
        self.send(message)
    }

    fn send_event(&mut self, delivery: &Delivery) -> impl Future<Output = Result<(), Gone>> + Send {
        let message = delivery.message(self.codec);
        self.send(message)
    }

    async fn send_group_event(&mut self, delivery: &Delivery, group: &str) -> Result<(), Gone> {
        match delivery.group_message(self.codec, group) {
            Some(message) => self.send(message).await,
            // Only events in the feed reach a group.
            None => Ok(()),
        }
    }
}

/// Waits at most `limit` for a write that could not complete at once. The rare path (the
/// peer's kernel buffer is full), so its timer is boxed: inline, the timer's 112 bytes would
/// sit in every socket's task for the socket's whole life.
async fn within<F: Future + Unpin>(limit: Duration, write: F) -> Result<F::Output, Gone> {
    Box::pin(tokio::time::timeout(limit, write))
        .await
        .map_err(|_| Gone)
}

fn close_reason(code: u16) -> &'static str {
    match code {
        CLOSE_SERVICE_RESTART => "server restarting: reconnect and resume",
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

    /// Every open socket holds one of these futures for its whole life, so its size is
    /// memory per socket (loadtest/RESULTS.md budgets 6 KiB a socket in all). The database
    /// calls it makes are boxed so that they do not count here.
    #[test]
    fn an_idle_socket_task_stays_small() {
        let size = future_size(run);
        assert!(
            size <= SOCKET_TASK_BUDGET,
            "socket task future is {size} bytes"
        );
    }

    /// A write held up past its limit means the peer is gone; one that completes is not.
    #[tokio::test]
    async fn a_write_stalled_past_its_limit_is_gone() {
        let limit = Duration::from_millis(20);
        let mut stalled = std::future::pending::<()>();
        assert_eq!(within(limit, &mut stalled).await, Err(Gone));
        let mut written = std::future::ready(7);
        assert_eq!(within(limit, &mut written).await, Ok(7));
    }

    /// Measured at 1,376 bytes on x86_64 with Rust 1.95 in the test (debug) build: 2,152
    /// before the task stopped holding the socket twice (a capture and a local) and a send's
    /// message twice and its stall timer inline; 2,440 before `run` stopped keeping its
    /// arguments' slots and unsubscribing was boxed. The task's allocation (this future with
    /// tokio's header and trailer, in steps of 128 bytes) is 1,536 bytes in the release build
    /// (2,304 before, which mimalloc served from its 2,560-byte size class); the budget is set
    /// to keep it in the 1,536 class, with some room for compiler changes, not for new
    /// unboxed awaits.
    const SOCKET_TASK_BUDGET: usize = 1432;
}
