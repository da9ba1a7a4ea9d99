//! Who is subscribed to what on this node, and which sockets belong to which session.
//!
//! DashMaps, because every publish reads a topic's subscribers and every subscribe writes
//! them, from many tasks at once, and no section ever awaits while holding an entry.

use std::sync::Arc;
use std::sync::atomic::{AtomicU16, Ordering};

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

/// The node's subscriptions and sessions.
#[derive(Debug, Default)]
pub struct Registry {
    topics: DashMap<Arc<str>, Vec<SocketHandle>>,
    sessions: DashMap<String, Vec<SocketHandle>>,
}

impl Registry {
    /// Adds a subscriber; `on_first` runs (under the topic's lock, so bus subscriptions are
    /// ordered with the map) when the topic had none on this node.
    pub fn subscribe(&self, topic: &Arc<str>, socket: SocketHandle, on_first: impl FnOnce()) {
        let mut entry = self.topics.entry(topic.clone()).or_default();
        if entry.is_empty() {
            on_first();
        }
        if !entry.iter().any(|s| s.id == socket.id) {
            entry.push(socket);
        }
    }

    /// Removes a subscriber; `on_last` runs (under the lock) when none remain on this node.
    pub fn unsubscribe(&self, topic: &str, socket_id: u64, on_last: impl FnOnce()) {
        let emptied = match self.topics.get_mut(topic) {
            Some(mut subscribers) => {
                let before = subscribers.len();
                subscribers.retain(|s| s.id != socket_id);
                before > 0 && subscribers.is_empty()
            }
            None => false,
        };
        if emptied {
            // Re-check under the removal lock: someone may have subscribed in between.
            self.topics.remove_if(topic, |_, subscribers| {
                let empty = subscribers.is_empty();
                if empty {
                    on_last();
                }
                empty
            });
        }
    }

    /// Queues an event to every local subscriber of its topic. A subscriber whose queue is
    /// full is told to close as a slow consumer rather than buffered without bound.
    pub fn route(&self, delivery: Arc<Delivery>, metrics: &Metrics) {
        let Some(subscribers) = self.topics.get(&delivery.topic) else {
            return;
        };
        let mut queued = 0;
        for socket in subscribers.iter() {
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

    /// Asks every local subscriber of a topic to read the log for missed events.
    pub fn resync(&self, topic: &str) {
        let Some(subscribers) = self.topics.get(topic) else {
            return;
        };
        let topic: Arc<str> = Arc::from(topic);
        for socket in subscribers.iter() {
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
