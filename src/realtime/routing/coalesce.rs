//! A big topic's events that come close together go out together.
//!
//! Queuing an event to a topic's subscribers wakes each of their sockets, and each writes: a
//! write is a syscall, and on this machine most of a delivery's cost (loadtest/RESULTS.md §3,
//! §9). When a topic with many subscribers gets its events faster than its sockets can write
//! them one by one (a burst of follows of a popular blog), each event woke ten thousand
//! sockets to write little, and the writing left the events' own producers (the follows
//! themselves) waiting behind it, so the events kept trickling. So a big topic that routed an
//! event less than [`HOT_GAP`] ago holds the next ones for [`WINDOW`] and queues them
//! together: each socket wakes once and writes them in one write. A topic that is quiet, or
//! small (a conversation), queues at once.

use std::time::{Duration, Instant};

/// Subscribers on this node from which a topic's events may wait to go out together.
pub(crate) const MIN_SUBSCRIBERS: usize = 256;
/// A big topic that routed an event less than this ago is busy.
pub(crate) const HOT_GAP: Duration = Duration::from_millis(50);
/// How long a busy topic holds its events before queuing them together.
pub(crate) const WINDOW: Duration = Duration::from_millis(20);

/// One topic's coalescing state.
#[derive(Debug)]
pub(crate) struct Coalesce<T> {
    /// When it last queued events to its subscribers.
    last_out: Option<Instant>,
    /// Events waiting for the flush, in order.
    held: Vec<T>,
}

impl<T> Default for Coalesce<T> {
    fn default() -> Self {
        Coalesce {
            last_out: None,
            held: Vec::new(),
        }
    }
}

/// What to do with an event offered at a time.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Offer {
    /// Queue it now.
    Now,
    /// It waits; it started the wait, so the caller flushes after [`WINDOW`].
    HeldFirst,
    /// It waits behind events already held.
    Held,
}

impl<T> Coalesce<T> {
    /// Takes an event of a topic with `subscribers` subscribers at `now`: to queue now, or
    /// held for the next [`Coalesce::flush`].
    pub(crate) fn offer(
        &mut self,
        event: T,
        subscribers: usize,
        now: Instant,
    ) -> (Offer, Option<T>) {
        if !self.held.is_empty() {
            self.held.push(event);
            return (Offer::Held, None);
        }
        let busy = self
            .last_out
            .is_some_and(|last| now.saturating_duration_since(last) < HOT_GAP);
        if subscribers >= MIN_SUBSCRIBERS && busy {
            self.held.push(event);
            return (Offer::HeldFirst, None);
        }
        self.last_out = Some(now);
        (Offer::Now, Some(event))
    }

    /// The held events, in order, to queue now.
    pub(crate) fn flush(&mut self, now: Instant) -> Vec<T> {
        if !self.held.is_empty() {
            self.last_out = Some(now);
        }
        std::mem::take(&mut self.held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_busy_topic_holds_its_next_events_and_flushes_them_in_order() {
        let mut c = Coalesce::default();
        let t0 = Instant::now();
        assert_eq!(
            c.offer(1, 1000, t0),
            (Offer::Now, Some(1)),
            "quiet: at once"
        );
        let soon = t0 + Duration::from_millis(10);
        assert_eq!(
            c.offer(2, 1000, soon),
            (Offer::HeldFirst, None),
            "busy: waits"
        );
        assert_eq!(c.offer(3, 1000, soon), (Offer::Held, None));
        assert_eq!(c.flush(soon + WINDOW), [2, 3]);
        assert!(c.flush(soon + WINDOW).is_empty(), "flushed once");
        let later = soon + WINDOW + HOT_GAP;
        assert_eq!(
            c.offer(4, 1000, later),
            (Offer::Now, Some(4)),
            "quiet again"
        );
    }

    #[test]
    fn a_small_topic_never_waits() {
        let mut c = Coalesce::default();
        let t0 = Instant::now();
        assert_eq!(c.offer(1, 2, t0), (Offer::Now, Some(1)));
        assert_eq!(c.offer(2, 2, t0), (Offer::Now, Some(2)));
    }
}
