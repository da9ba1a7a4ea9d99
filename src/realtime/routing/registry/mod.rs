//! Who is subscribed to what on this node, and which sockets belong to which session.
//!
//! DashMaps, because every publish reads a topic's subscribers and every subscribe writes
//! them, from many tasks at once, and no section ever awaits while holding an entry. Each
//! topic routes its events through its [`Reorder`], so every socket sees them in seq order;
//! events in the feed go through the feed's one [`Reorder`] instead, so every socket sees
//! them in feed order whatever their topic (a group subscription resumes by feed position).

use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::Instant;

use dashmap::DashMap;
use futures_util::task::AtomicWaker;
use smallvec::SmallVec;

use super::coalesce::{Coalesce, Offer};
use super::delivery::{Delivery, Outbound};
use super::order::{HoldId, Reorder, Sequenced};
use crate::realtime::metrics::Metrics;
use crate::realtime::routing::queue::{self, TrySendError};
use crate::store::log;
use crate::store::session_cache::TokenHash;
use dashwire_protocol::CLOSE_SLOW_CONSUMER;

/// Tells a socket task to close with a code; set once, the first reason wins.
///
/// Its socket polls it on every wake-up, so waiting costs no lock: an atomic code and the
/// one task's waker (a `Notify` takes its mutex on every poll of a waiting `Notified`).
#[derive(Debug, Default)]
pub struct CloseSignal {
    code: AtomicU16,
    waker: AtomicWaker,
}

impl CloseSignal {
    /// Asks the socket to close with `code`; true if this was the first ask.
    pub(crate) fn close(&self, code: u16) -> bool {
        let first = self
            .code
            .compare_exchange(0, code, Ordering::AcqRel, Ordering::Acquire)
            .is_ok();
        if first {
            self.waker.wake();
        }
        first
    }

    /// Waits until a close is asked for; returns the code. For the socket's own task only
    /// (one waker is kept: a second waiting task would take the first one's place).
    pub(crate) fn wait(&self) -> impl Future<Output = u16> + '_ {
        std::future::poll_fn(|cx| {
            let code = self.code.load(Ordering::Acquire);
            if code != 0 {
                return Poll::Ready(code);
            }
            self.waker.register(cx.waker());
            // A close between the load and the register woke no one: look again.
            match self.code.load(Ordering::Acquire) {
                0 => Poll::Pending,
                code => Poll::Ready(code),
            }
        })
    }
}

/// One socket's handle as the registry holds it.
#[derive(Debug, Clone)]
pub struct SocketHandle {
    pub id: u64,
    pub queue: queue::Sender<Outbound>,
    pub close: Arc<CloseSignal>,
}

/// One session's sockets on this node.
#[derive(Debug, Default)]
struct SessionSockets {
    /// A user's session, not a visitor's. After a bus outage only these are looked up to
    /// close those that ended: a visitor's session is deleted when its browser logs in, and
    /// its sockets carry on (`auth::store::delete_session`).
    signed_in: bool,
    sockets: SmallVec<[SocketHandle; 1]>,
}

/// The node's subscriptions and sessions.
#[derive(Debug, Default)]
pub struct Registry {
    topics: DashMap<Arc<str>, Topic>,
    /// Each session's sockets on this node, by the session's token hash, so that ending the
    /// session closes them. One entry per session of an open socket, so it is kept small: the
    /// hash's 32 bytes rather than its hex, and the one socket most sessions have inline.
    sessions: DashMap<TokenHash, SessionSockets>,
    /// The feed's order on this node. Locked while routing an event in the feed (and, inside
    /// it, its topic's entry), never across an await.
    feed: Mutex<Reorder<InFeed>>,
}

/// How a topic's events reach this node, which decides what the bus is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TopicKind {
    /// Its events travel on its own bus channel.
    #[default]
    Own,
    /// Its events are in the feed, which every node receives whole, in feed order.
    Feed,
    /// A group's topic: no events, only refresh signals, which travel with the bus's control
    /// messages.
    Group,
}

/// A topic's local subscribers and the order its events go out in.
#[derive(Debug, Default)]
struct Topic {
    /// Inline while there is one: most topics (a blog's inbox, a user's counts) have one
    /// subscriber on a node, and a `Vec` would allocate for it, three times per socket.
    subscribers: SmallVec<[SocketHandle; 1]>,
    /// Locked while routing, so two publishers' events reach every socket in one order. A
    /// std mutex: held for a few instructions per event, never across an await. (Events in
    /// the feed are ordered by the feed instead.)
    order: Mutex<Reorder<Arc<Delivery>>>,
    kind: TopicKind,
    /// Events held to go out together (`coalesce.rs`). Locked inside `order` (never the
    /// other way round), and while queuing, so events leave in the order they came.
    coalesce: Mutex<Coalesce<Arc<Delivery>>>,
}

impl Topic {
    /// Queues an event to the subscribers now, or holds it to go out with the next ones
    /// (`coalesce.rs`). Answers true when it started a hold: flush the topic after
    /// the window (`coalesce::WINDOW`).
    fn out(&self, delivery: &Arc<Delivery>, metrics: &Metrics) -> bool {
        let mut coalesce = self.coalesce.lock().unwrap_or_else(|e| e.into_inner());
        let (offer, now) = coalesce.offer(delivery.clone(), self.subscribers.len(), Instant::now());
        if let Some(delivery) = now {
            queue_to(&self.subscribers, &delivery, metrics);
        }
        offer == Offer::HeldFirst
    }

    /// Queues what the topic held.
    fn flush(&self, metrics: &Metrics) {
        let mut coalesce = self.coalesce.lock().unwrap_or_else(|e| e.into_inner());
        for delivery in coalesce.flush(Instant::now()) {
            queue_to(&self.subscribers, &delivery, metrics);
        }
    }
}

/// What routing an event left to do later: end a reorder hold, flush topics that hold
/// events to go out together.
#[derive(Debug, Default)]
pub struct Routed {
    /// A reorder hold started: [`Registry::release`] it after the reorder wait.
    pub hold: Option<Hold>,
    /// Topics to [`Registry::flush`] after the coalescing window.
    pub flush: Vec<Arc<str>>,
}

/// An event in the feed, ordered by its feed position.
#[derive(Debug)]
struct InFeed(Arc<Delivery>);

impl Sequenced for InFeed {
    fn seq(&self) -> i64 {
        self.0.feed_seq.unwrap_or_default()
    }
}

/// What a hold waits on: one topic's seqs, or the feed's positions.
#[derive(Debug, Clone)]
pub enum HoldOn {
    Topic {
        topic: Arc<str>,
        /// The channel clients see the topic's events on.
        channel: String,
    },
    Feed,
}

/// A hold that started: see [`Registry::missing`] and [`Registry::release`].
#[derive(Debug)]
pub struct Hold {
    pub on: HoldOn,
    id: HoldId,
}

impl Registry {
    /// Adds a subscriber; `on_first` runs (under the topic's lock, so bus subscriptions are
    /// ordered with the map) when the topic had none on this node. Answers the topic's key as
    /// the registry holds it, for the socket to keep rather than a copy of its own (a
    /// dashboard holds one per blog it reads).
    pub fn subscribe(
        &self,
        topic: &Arc<str>,
        kind: TopicKind,
        socket: SocketHandle,
        on_first: impl FnOnce(),
    ) -> Arc<str> {
        let mut entry = self.topics.entry(topic.clone()).or_default();
        if entry.subscribers.is_empty() {
            entry.kind = kind;
            on_first();
        }
        if !entry.subscribers.iter().any(|s| s.id == socket.id) {
            entry.subscribers.push(socket);
        }
        entry.key().clone()
    }

    /// Removes a subscriber; `on_last` runs (under the lock) when none remain on this node,
    /// told the topic's kind.
    pub(crate) fn unsubscribe(&self, topic: &str, socket_id: u64, on_last: impl FnOnce(TopicKind)) {
        let emptied = match self.topics.get_mut(topic) {
            Some(mut entry) => {
                let before = entry.subscribers.len();
                entry.subscribers.retain(|s| s.id != socket_id);
                before > 0 && entry.subscribers.is_empty()
            }
            None => false,
        };
        if emptied {
            // Re-check under the removal lock: someone may have subscribed in between.
            self.topics.remove_if(topic, |_, entry| {
                let empty = entry.subscribers.is_empty();
                if empty {
                    on_last(entry.kind);
                }
                empty
            });
        }
    }

    /// Routes an event to every local subscriber of its topic: in seq order, or for an event
    /// in the feed in feed order. An event ahead of a missing seq (or feed position) is held,
    /// and the answer says so the first time, so the caller can [`Registry::release`] it
    /// after the reorder wait; a big busy topic may hold events to go out together, and the
    /// answer names it to [`Registry::flush`] after the coalescing window.
    pub fn route(&self, delivery: Arc<Delivery>, metrics: &Metrics) -> Routed {
        if delivery.feed_seq.is_some() {
            return self.route_feed(delivery, metrics);
        }
        let Some(entry) = self.topics.get(&delivery.topic) else {
            return Routed::default();
        };
        let mut order = entry.order.lock().unwrap_or_else(|e| e.into_inner());
        let seq = delivery.seq;
        let mut routed = false;
        let mut flush = false;
        let mut out = |d: &Arc<Delivery>| {
            routed |= d.seq == seq;
            flush |= entry.out(d, metrics);
        };
        let hold = if log::is_read_as_it_is_now(&delivery.topic) {
            order.accept_whole_state(delivery.clone(), &mut out);
            None
        } else {
            order.accept(delivery.clone(), &mut out)
        };
        if !routed {
            metrics.events_held.inc();
        }
        Routed {
            hold: hold.map(|id| Hold {
                on: HoldOn::Topic {
                    topic: entry.key().clone(),
                    channel: delivery.channel().to_owned(),
                },
                id,
            }),
            flush: flush.then(|| entry.key().clone()).into_iter().collect(),
        }
    }

    /// Queues what a topic held to go out together.
    pub fn flush(&self, topic: &str, metrics: &Metrics) {
        if let Some(entry) = self.topics.get(topic) {
            entry.flush(metrics);
        }
    }

    /// Every event in the feed passes here, whether or not this node has subscribers for its
    /// topic, so the feed's order on the node has no holes but real ones.
    fn route_feed(&self, delivery: Arc<Delivery>, metrics: &Metrics) -> Routed {
        let mut feed = self.feed.lock().unwrap_or_else(|e| e.into_inner());
        let position = delivery.feed_seq;
        let mut routed = false;
        let mut flush = Vec::new();
        let hold = feed.accept(InFeed(delivery), |d| {
            routed |= d.0.feed_seq == position;
            flush.extend(self.queue_feed_event(&d.0, metrics));
        });
        if !routed {
            metrics.events_held.inc();
        }
        Routed {
            hold: hold.map(|id| Hold {
                on: HoldOn::Feed,
                id,
            }),
            flush,
        }
    }

    /// Queues an event in the feed to its topic's subscribers (group subscribers included);
    /// answers the topic if it started holding events to go out together.
    fn queue_feed_event(&self, delivery: &Arc<Delivery>, metrics: &Metrics) -> Option<Arc<str>> {
        let entry = self.topics.get(&delivery.topic)?;
        entry.out(delivery, metrics).then(|| entry.key().clone())
    }

    /// The seq a new subscriber read from the log for `topic` (see [`Reorder::seen`]).
    pub(crate) fn seen(&self, topic: &str, seq: i64) {
        if let Some(entry) = self.topics.get(topic) {
            entry
                .order
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .seen(seq);
        }
    }

    /// The feed position a new group subscriber read from the log.
    pub(crate) fn seen_feed(&self, feed_seq: i64) {
        self.feed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .seen(feed_seq);
    }

    /// The seqs (or feed positions) a hold that is still waiting misses: `(after, up_to)`,
    /// the range to read from the log. `None` once the hold has ended.
    pub(crate) fn missing(&self, hold: &Hold) -> Option<(i64, i64)> {
        match &hold.on {
            HoldOn::Topic { topic, .. } => {
                let entry = self.topics.get(topic)?;
                let order = entry.order.lock().unwrap_or_else(|e| e.into_inner());
                order.missing(hold.id)
            }
            HoldOn::Feed => self
                .feed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .missing(hold.id),
        }
    }

    /// Ends a hold that is still waiting: routes `found` (what the log had of what was
    /// missing) and what the hold held, in order; sockets read anything still missing.
    /// Answers the topics to [`Registry::flush`] after the coalescing window.
    pub(crate) fn release(
        &self,
        hold: &Hold,
        found: Vec<Arc<Delivery>>,
        metrics: &Metrics,
    ) -> Vec<Arc<str>> {
        let mut flush = Vec::new();
        match &hold.on {
            HoldOn::Topic { topic, .. } => {
                let Some(entry) = self.topics.get(topic) else {
                    return flush;
                };
                let mut order = entry.order.lock().unwrap_or_else(|e| e.into_inner());
                let mut started = false;
                order.release(hold.id, found, |d| started |= entry.out(d, metrics));
                if started {
                    flush.push(entry.key().clone());
                }
            }
            HoldOn::Feed => {
                let found = found.into_iter().map(InFeed).collect();
                let mut feed = self.feed.lock().unwrap_or_else(|e| e.into_inner());
                feed.release(hold.id, found, |d| {
                    flush.extend(self.queue_feed_event(&d.0, metrics))
                });
            }
        }
        flush
    }

    /// Asks every local subscriber of a topic to read the log for missed events.
    pub(crate) fn resync(&self, topic: &str) {
        let Some(entry) = self.topics.get(topic) else {
            return;
        };
        entry
            .order
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .reset();
        let topic: Arc<str> = entry.key().clone();
        signal(&entry.subscribers, || Outbound::Resync(topic.clone()));
    }

    /// The bus may have missed events in the feed: the feed's order starts again, and every
    /// local subscriber of a topic in the feed or of a group reads the log for what it missed.
    pub(crate) fn resync_feed(&self) {
        self.feed.lock().unwrap_or_else(|e| e.into_inner()).reset();
        let affected: Vec<Arc<str>> = self
            .topics
            .iter()
            .filter(|entry| matches!(entry.kind, TopicKind::Feed | TopicKind::Group))
            .map(|entry| entry.key().clone())
            .collect();
        for topic in &affected {
            self.resync(topic);
        }
    }

    /// Tells every local subscriber of a group's topic that its members may have changed.
    pub(crate) fn refresh(&self, topic: &str) {
        let Some(entry) = self.topics.get(topic) else {
            return;
        };
        let topic: Arc<str> = entry.key().clone();
        signal(&entry.subscribers, || Outbound::Refresh(topic.clone()));
    }

    /// The topics of every group (a dashboard's blogs): after a bus outage, when a refresh
    /// from another node may have been lost, each is told again ([`Registry::refresh`]).
    pub(crate) fn group_topics(&self) -> Vec<Arc<str>> {
        self.topics
            .iter()
            .filter(|entry| entry.kind == TopicKind::Group)
            .map(|entry| entry.key().clone())
            .collect()
    }

    /// The users' sessions (not visitors') with a socket open on this node.
    pub(crate) fn signed_in_sessions(&self) -> Vec<TokenHash> {
        self.sessions
            .iter()
            .filter(|entry| entry.signed_in)
            .map(|entry| *entry.key())
            .collect()
    }

    /// Remembers which session a socket belongs to, and whether it is a user's.
    pub(crate) fn add_session_socket(
        &self,
        session: TokenHash,
        signed_in: bool,
        socket: SocketHandle,
    ) {
        let mut entry = self.sessions.entry(session).or_default();
        entry.signed_in |= signed_in;
        entry.sockets.push(socket);
    }

    /// Forgets a socket of a session.
    pub(crate) fn remove_session_socket(&self, session: &TokenHash, socket_id: u64) {
        self.sessions.remove_if_mut(session, |_, entry| {
            entry.sockets.retain(|s| s.id != socket_id);
            entry.sockets.is_empty()
        });
    }

    /// Closes every socket of this node with `code`.
    pub(crate) fn close_all(&self, code: u16) {
        for entry in self.sessions.iter() {
            for socket in entry.sockets.iter() {
                let _ = socket.close.close(code);
            }
        }
    }

    /// Closes every local socket of a session with `code`.
    pub(crate) fn close_session(&self, session: &TokenHash, code: u16) {
        if let Some(entry) = self.sessions.get(session) {
            for socket in entry.sockets.iter() {
                let _ = socket.close.close(code);
            }
        }
    }
}

/// Queues a signal to each subscriber; one whose queue is full is cut off as a slow consumer
/// (it resumes on reconnect, which is what the signal asks for anyway).
fn signal(subscribers: &[SocketHandle], outbound: impl Fn() -> Outbound) {
    for socket in subscribers {
        if socket.queue.try_send(outbound()).is_err() {
            socket.close.close(CLOSE_SLOW_CONSUMER);
        }
    }
}

/// Queues an event to each subscriber. A subscriber whose queue is full is told to close as a
/// slow consumer rather than buffered without bound.
fn queue_to(subscribers: &[SocketHandle], delivery: &Arc<Delivery>, metrics: &Metrics) {
    let mut queued = 0;
    for socket in subscribers {
        match socket.queue.try_send(Outbound::Event(delivery.clone())) {
            Ok(()) => queued += 1,
            Err(TrySendError::Full) => {
                if socket.close.close(CLOSE_SLOW_CONSUMER) {
                    metrics.slow_consumers.inc();
                }
            }
            // The socket is on its way out; it unsubscribes itself.
            Err(TrySendError::Closed) => {}
        }
    }
    // One shared counter update per event, not one per subscriber.
    metrics.events_delivered.inc_by(queued);
}

#[cfg(test)]
mod tests;
