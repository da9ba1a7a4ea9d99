//! Who is subscribed to what on this node, and which sockets belong to which session.
//!
//! DashMaps, because every publish reads a topic's subscribers and every subscribe writes
//! them, from many tasks at once, and no section ever awaits while holding an entry.
//!
//! Each topic also routes its events in seq order. Publishers race (two transactions commit
//! seqs 4 and 5; the handler of 5 publishes first), and a socket that sees 5 before 4 reads
//! the gap from the log: one query per subscriber, 10,000 queries for a popular blog. So an
//! event that arrives ahead of a missing seq is held here, once per node, until the missing
//! one arrives or [`REORDER_WAIT`] passes; then the core reads what is still missing from the
//! log once for the node ([`Registry::missing`], [`Registry::release`]), and a socket reads
//! only what that did not find.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dashmap::DashMap;
use tokio::sync::{Notify, mpsc};

use super::delivery::{Delivery, Outbound};
use super::metrics::Metrics;
use dashwire_protocol::CLOSE_SLOW_CONSUMER;

/// Tells a socket task to close with a code; set once, the first reason wins.
#[derive(Debug, Default)]
pub struct CloseSignal {
    code: AtomicU16,
    notify: Notify,
}

impl CloseSignal {
    /// Asks the socket to close with `code`; true if this was the first ask.
    pub fn close(&self, code: u16) -> bool {
        let first = self
            .code
            .compare_exchange(0, code, Ordering::AcqRel, Ordering::Acquire)
            .is_ok();
        if first {
            self.notify.notify_one();
        }
        first
    }

    /// Waits until a close is asked for; returns the code.
    pub async fn wait(&self) -> u16 {
        loop {
            let code = self.code.load(Ordering::Acquire);
            if code != 0 {
                return code;
            }
            self.notify.notified().await;
        }
    }
}

/// One socket's handle as the registry holds it.
#[derive(Debug, Clone)]
pub struct SocketHandle {
    pub id: u64,
    pub queue: mpsc::Sender<Outbound>,
    pub close: Arc<CloseSignal>,
}

/// How long an event that arrived ahead of a missing seq waits for it. Publishers usually
/// race by microseconds to milliseconds, but on a saturated node (a 100-follow burst to
/// 10,000 sockets) a publisher can run hundreds of milliseconds after its commit, and every
/// wait that ends too early sends each subscriber to the log. An event that is never
/// published (a crash between commit and publish) delays its topic's next events this long.
pub const REORDER_WAIT: Duration = Duration::from_millis(500);
/// Events held per topic at most; past this the topic stops waiting and routes them.
const MAX_HELD: usize = 1024;

/// The node's subscriptions and sessions.
#[derive(Debug, Default)]
pub struct Registry {
    topics: DashMap<Arc<str>, Topic>,
    sessions: DashMap<String, Vec<SocketHandle>>,
}

/// A topic's local subscribers and the order its events go out in.
#[derive(Debug, Default)]
struct Topic {
    subscribers: Vec<SocketHandle>,
    /// Locked while routing, so two publishers' events reach every socket in one order.
    order: Mutex<Order>,
}

#[derive(Debug, Default)]
struct Order {
    /// The highest seq routed on this node; 0 before the first.
    routed: i64,
    /// Events that arrived ahead of a missing seq, by seq.
    held: BTreeMap<i64, Arc<Delivery>>,
    /// Counts holds, so a timer only releases the hold it was set for.
    hold: u64,
}

/// A hold that started. After [`REORDER_WAIT`], read [`Registry::missing`] from the log and
/// hand what was found to [`Registry::release`].
#[derive(Debug)]
pub struct Hold {
    pub topic: Arc<str>,
    hold: u64,
}

impl Registry {
    /// Adds a subscriber; `on_first` runs (under the topic's lock, so bus subscriptions are
    /// ordered with the map) when the topic had none on this node.
    pub fn subscribe(&self, topic: &Arc<str>, socket: SocketHandle, on_first: impl FnOnce()) {
        let mut entry = self.topics.entry(topic.clone()).or_default();
        if entry.subscribers.is_empty() {
            on_first();
        }
        if !entry.subscribers.iter().any(|s| s.id == socket.id) {
            entry.subscribers.push(socket);
        }
    }

    /// Removes a subscriber; `on_last` runs (under the lock) when none remain on this node.
    pub fn unsubscribe(&self, topic: &str, socket_id: u64, on_last: impl FnOnce()) {
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
                    on_last();
                }
                empty
            });
        }
    }

    /// Routes an event to every local subscriber of its topic, in seq order: an event ahead
    /// of a missing seq is held, and the answer says so the first time, so the caller can
    /// [`Registry::release`] it after [`REORDER_WAIT`].
    pub fn route(&self, delivery: Arc<Delivery>, metrics: &Metrics) -> Option<Hold> {
        let entry = self.topics.get(&delivery.topic)?;
        let mut guard = entry.order.lock().unwrap_or_else(|e| e.into_inner());
        let order = &mut *guard;
        let seq = delivery.seq;
        // First event here, or a late or repeated one (sockets skip what they have): out now.
        if order.routed == 0 || seq <= order.routed {
            order.routed = order.routed.max(seq);
            queue_to(&entry.subscribers, &delivery, metrics);
            return None;
        }
        if seq > order.routed + 1 {
            Metrics::inc(&metrics.events_held);
            let starts = order.held.is_empty();
            order.held.insert(seq, delivery);
            if order.held.len() < MAX_HELD {
                if !starts {
                    return None;
                }
                order.hold += 1;
                return Some(Hold {
                    topic: entry.key().clone(),
                    hold: order.hold,
                });
            }
            // Too much is waiting: stop waiting.
            release_all(order, &entry.subscribers, metrics);
            return None;
        }
        order.routed = seq;
        queue_to(&entry.subscribers, &delivery, metrics);
        // Whatever was waiting for this one, and is now next in line.
        while let Some(next) = order.held.first_entry() {
            if *next.key() > order.routed + 1 {
                break;
            }
            let (seq, held) = next.remove_entry();
            order.routed = order.routed.max(seq);
            queue_to(&entry.subscribers, &held, metrics);
        }
        None
    }

    /// The seq a new subscriber read from the log for `topic`. Until this node has routed
    /// an event of the topic, it takes that as routed, so the first live event is checked for
    /// a gap too (otherwise an early 5 before 4 sends every new subscriber to the log).
    pub fn seen(&self, topic: &str, seq: i64) {
        if let Some(entry) = self.topics.get(topic) {
            let mut order = entry.order.lock().unwrap_or_else(|e| e.into_inner());
            if order.routed == 0 {
                order.routed = seq;
            }
        }
    }

    /// The seqs a hold that is still waiting misses: `(after, up_to)`, the range to read
    /// from the log. `None` once the hold has ended.
    pub fn missing(&self, hold: &Hold) -> Option<(i64, i64)> {
        let entry = self.topics.get(&hold.topic)?;
        let order = entry.order.lock().unwrap_or_else(|e| e.into_inner());
        let (&first, _) = order.held.first_key_value()?;
        (order.hold == hold.hold).then_some((order.routed, first - 1))
    }

    /// Ends a hold that is still waiting: routes `found` (what the log had of the missing
    /// seqs) and what the hold held, in order; sockets read anything still missing.
    pub fn release(&self, hold: &Hold, found: Vec<Arc<Delivery>>, metrics: &Metrics) {
        let Some(entry) = self.topics.get(&hold.topic) else {
            return;
        };
        let mut guard = entry.order.lock().unwrap_or_else(|e| e.into_inner());
        let order = &mut *guard;
        if order.hold != hold.hold || order.held.is_empty() {
            return;
        }
        for delivery in found {
            if delivery.seq > order.routed {
                order.held.entry(delivery.seq).or_insert(delivery);
            }
        }
        release_all(order, &entry.subscribers, metrics);
    }

    /// Asks every local subscriber of a topic to read the log for missed events.
    pub fn resync(&self, topic: &str) {
        let Some(entry) = self.topics.get(topic) else {
            return;
        };
        {
            // What the bus missed will not arrive: stop waiting, and route whatever comes
            // next at once. Held events are committed, so the resync reads them too.
            let mut order = entry.order.lock().unwrap_or_else(|e| e.into_inner());
            order.held.clear();
            order.routed = 0;
        }
        let topic: Arc<str> = Arc::from(topic);
        for socket in entry.subscribers.iter() {
            if socket
                .queue
                .try_send(Outbound::Resync(topic.clone()))
                .is_err()
            {
                socket.close.close(CLOSE_SLOW_CONSUMER);
            }
        }
    }

    /// The topics with local subscribers (to resubscribe after a bus reconnect).
    pub fn topics(&self) -> Vec<Arc<str>> {
        self.topics.iter().map(|e| e.key().clone()).collect()
    }

    /// Remembers which session a socket belongs to.
    pub fn add_session_socket(&self, session: &str, socket: SocketHandle) {
        self.sessions
            .entry(session.to_owned())
            .or_default()
            .push(socket);
    }

    /// Forgets a socket of a session.
    pub fn remove_session_socket(&self, session: &str, socket_id: u64) {
        self.sessions.remove_if_mut(session, |_, sockets| {
            sockets.retain(|s| s.id != socket_id);
            sockets.is_empty()
        });
    }

    /// Closes every local socket of a session with `code`.
    pub fn close_session(&self, session: &str, code: u16) {
        if let Some(sockets) = self.sessions.get(session) {
            for socket in sockets.iter() {
                let _ = socket.close.close(code);
            }
        }
    }
}

/// Routes everything held, in seq order.
fn release_all(order: &mut Order, subscribers: &[SocketHandle], metrics: &Metrics) {
    for (seq, held) in std::mem::take(&mut order.held) {
        order.routed = order.routed.max(seq);
        queue_to(subscribers, &held, metrics);
    }
}

/// Queues an event to each subscriber. A subscriber whose queue is full is told to close as a
/// slow consumer rather than buffered without bound.
fn queue_to(subscribers: &[SocketHandle], delivery: &Arc<Delivery>, metrics: &Metrics) {
    let mut queued = 0;
    for socket in subscribers {
        match socket.queue.try_send(Outbound::Event(delivery.clone())) {
            Ok(()) => queued += 1,
            Err(mpsc::error::TrySendError::Full(_)) => {
                if socket.close.close(CLOSE_SLOW_CONSUMER) {
                    Metrics::inc(&metrics.slow_consumers);
                }
            }
            // The socket is on its way out; it unsubscribes itself.
            Err(mpsc::error::TrySendError::Closed(_)) => {}
        }
    }
    // One shared counter update per event, not one per subscriber.
    metrics
        .events_delivered
        .fetch_add(queued, std::sync::atomic::Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::realtime::store::Published;
    use dashwire_protocol::{Event, UnreadCounts};

    const TOPIC: &str = "unread:1";

    fn event(seq: i64) -> Arc<Delivery> {
        Arc::new(Delivery::new(Published {
            topic: TOPIC.into(),
            seq,
            event: Event::Unread(UnreadCounts {
                messaging: seq,
                blogs: Vec::new(),
            }),
        }))
    }

    /// A registry with one subscriber of `TOPIC`, and that subscriber's queue.
    fn subscribed() -> (Registry, mpsc::Receiver<Outbound>) {
        let registry = Registry::default();
        let (queue, inbox) = mpsc::channel(16);
        let socket = SocketHandle {
            id: 1,
            queue,
            close: Arc::new(CloseSignal::default()),
        };
        registry.subscribe(&Arc::from(TOPIC), socket, || {});
        (registry, inbox)
    }

    fn received(inbox: &mut mpsc::Receiver<Outbound>) -> Vec<i64> {
        let mut seqs = Vec::new();
        while let Ok(Outbound::Event(delivery)) = inbox.try_recv() {
            seqs.push(delivery.seq);
        }
        seqs
    }

    #[test]
    fn an_event_ahead_of_a_missing_seq_waits_for_it() {
        let (registry, mut inbox) = subscribed();
        let metrics = Metrics::default();
        assert!(registry.route(event(1), &metrics).is_none());
        let hold = registry.route(event(3), &metrics);
        assert!(hold.is_some(), "3 waits for 2");
        assert!(
            registry.route(event(4), &metrics).is_none(),
            "one hold at a time"
        );
        assert_eq!(received(&mut inbox), [1]);
        assert!(registry.route(event(2), &metrics).is_none());
        assert_eq!(
            received(&mut inbox),
            [2, 3, 4],
            "in seq order once 2 arrives"
        );
        assert_eq!(metrics.events_held.load(Ordering::Relaxed), 2);
        // The timer of the finished hold fires later and finds nothing to release.
        registry.release(&hold.unwrap(), Vec::new(), &metrics);
        assert_eq!(received(&mut inbox), Vec::<i64>::new());
    }

    #[test]
    fn a_seq_that_never_arrives_is_given_up_on_when_the_wait_ends() {
        let (registry, mut inbox) = subscribed();
        let metrics = Metrics::default();
        registry.route(event(7), &metrics);
        let hold = registry.route(event(9), &metrics).expect("9 waits for 8");
        registry.route(event(10), &metrics);
        assert_eq!(received(&mut inbox), [7]);
        assert_eq!(registry.missing(&hold), Some((7, 8)));
        // The log did not have it either (say, not yet readable): the sockets will look.
        registry.release(&hold, Vec::new(), &metrics);
        assert_eq!(received(&mut inbox), [9, 10]);
        assert_eq!(registry.missing(&hold), None, "the hold has ended");
        // 8 arriving late still goes out (sockets skip what they have); 11 follows at once.
        assert!(registry.route(event(8), &metrics).is_none());
        assert!(registry.route(event(11), &metrics).is_none());
        assert_eq!(received(&mut inbox), [8, 11]);
    }

    #[test]
    fn what_the_log_had_of_a_gap_goes_out_in_order_with_what_waited() {
        let (registry, mut inbox) = subscribed();
        let metrics = Metrics::default();
        registry.route(event(1), &metrics);
        let hold = registry
            .route(event(5), &metrics)
            .expect("5 waits for 2..4");
        assert_eq!(registry.missing(&hold), Some((1, 4)));
        // 3 arrives on its own meanwhile; the log has 2 to 4.
        registry.route(event(3), &metrics);
        registry.release(&hold, vec![event(2), event(3), event(4)], &metrics);
        assert_eq!(received(&mut inbox), [1, 2, 3, 4, 5]);
    }

    #[test]
    fn the_first_live_event_after_a_subscribe_is_checked_for_a_gap() {
        let (registry, mut inbox) = subscribed();
        let metrics = Metrics::default();
        registry.seen(TOPIC, 4);
        assert!(
            registry.route(event(6), &metrics).is_some(),
            "6 waits for 5"
        );
        assert!(registry.route(event(5), &metrics).is_none());
        assert_eq!(received(&mut inbox), [5, 6]);
        registry.seen(TOPIC, 2);
        assert!(
            registry.route(event(7), &metrics).is_none(),
            "what was routed stands"
        );
        assert_eq!(received(&mut inbox), [7]);
    }

    #[test]
    fn a_resync_stops_the_wait_and_routes_what_comes_next_at_once() {
        let (registry, mut inbox) = subscribed();
        let metrics = Metrics::default();
        registry.route(event(1), &metrics);
        assert!(registry.route(event(3), &metrics).is_some());
        registry.resync(TOPIC);
        // The resync reads the log (which holds 2 and 3); nothing is still waiting.
        assert!(matches!(inbox.try_recv(), Ok(Outbound::Event(d)) if d.seq == 1));
        assert!(matches!(inbox.try_recv(), Ok(Outbound::Resync(_))));
        assert!(registry.route(event(5), &metrics).is_none());
        assert_eq!(received(&mut inbox), [5]);
    }
}
