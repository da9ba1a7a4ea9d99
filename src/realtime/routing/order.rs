//! Each topic's events leave a node in seq order.
//!
//! Publishers race: two transactions commit seqs 4 and 5, and the handler of 5 publishes
//! first. A socket that saw 5 before 4 would read the gap from the log: one query per
//! subscriber, 10,000 queries for a popular blog. So an event that arrives ahead of a missing
//! seq is held here, once per node, until the missing one arrives or [`REORDER_WAIT`] passes;
//! then the core reads what is still missing from the log once for the node
//! ([`Reorder::missing`], [`Reorder::release`]), and a socket reads only what that did not
//! find. A topic whose every event is its whole state (a user's unread counts) waits for
//! nothing: each event holds every change before it ([`Reorder::accept_whole_state`]).

use std::collections::BTreeMap;
use std::time::Duration;

/// How long an event that arrived ahead of a missing seq waits for it. Publishers usually
/// race by microseconds to milliseconds, but on a saturated node (a 100-follow burst to
/// 10,000 sockets) a publisher can run hundreds of milliseconds after its commit, and every
/// wait that ends too early sends each subscriber to the log. An event that is never
/// published (a crash between commit and publish) delays its topic's next events this long.
pub(crate) const REORDER_WAIT: Duration = Duration::from_millis(500);
/// Events held per topic at most; past this the topic stops waiting and routes them.
const MAX_HELD: usize = 1024;

/// Something with a place in its topic's sequence.
pub(crate) trait Sequenced {
    fn seq(&self) -> i64;
}

/// One topic's order on this node: what was routed, and what waits for a missing seq.
#[derive(Debug)]
pub(crate) struct Reorder<T> {
    /// The highest seq routed on this node; 0 before the first.
    routed: i64,
    /// Events that arrived ahead of a missing seq, by seq.
    held: BTreeMap<i64, T>,
    /// Counts holds, so a timer only releases the hold it was set for.
    hold: u64,
}

impl<T> Default for Reorder<T> {
    fn default() -> Self {
        Reorder {
            routed: 0,
            held: BTreeMap::new(),
            hold: 0,
        }
    }
}

/// A hold that started: after [`REORDER_WAIT`], ask [`Reorder::missing`] what to read from
/// the log, and hand what was found to [`Reorder::release`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HoldId(u64);

impl<T: Sequenced> Reorder<T> {
    /// Takes an event and hands `route` whatever may now go out, in seq order: the event
    /// itself, and anything that was waiting for it. An event ahead of a missing seq is held
    /// instead; the answer is `Some` the first time, so the caller can end the hold after
    /// [`REORDER_WAIT`].
    pub(crate) fn accept(&mut self, event: T, mut route: impl FnMut(&T)) -> Option<HoldId> {
        let seq = event.seq();
        // The first event here, or a late or repeated one (sockets skip what they have).
        if self.routed == 0 || seq <= self.routed {
            self.routed = self.routed.max(seq);
            route(&event);
            return None;
        }
        if seq > self.routed + 1 {
            let starts = self.held.is_empty();
            self.held.insert(seq, event);
            if self.held.len() >= MAX_HELD {
                // Too much is waiting: stop waiting.
                self.release_all(route);
                return None;
            }
            if !starts {
                return None;
            }
            self.hold += 1;
            return Some(HoldId(self.hold));
        }
        self.routed = seq;
        route(&event);
        // Whatever was waiting for this one, and is now next in line.
        while let Some(next) = self.held.first_entry() {
            if *next.key() > self.routed + 1 {
                break;
            }
            let (seq, held) = next.remove_entry();
            self.routed = self.routed.max(seq);
            route(&held);
        }
        None
    }

    /// The seq a new subscriber read from the log. Until this node has routed an event of
    /// the topic, it takes that as routed, so the first live event is checked for a gap too
    /// (otherwise an early 5 before 4 sends every new subscriber to the log).
    pub(crate) fn seen(&mut self, seq: i64) {
        if self.routed == 0 {
            self.routed = seq;
        }
    }

    /// Takes an event of a topic whose every event is its whole state (`store::log`'s
    /// `READ_AS_IT_IS_NOW`: it holds every change before it) and routes it at once, whatever
    /// seqs it skips: there is nothing to wait for. One older than what went out goes too, as
    /// a late event does in [`Reorder::accept`] (sockets skip what they have).
    pub(crate) fn accept_whole_state(&mut self, event: T, mut route: impl FnMut(&T)) {
        self.routed = self.routed.max(event.seq());
        route(&event);
    }

    /// The seqs a hold that is still waiting misses: `(after, up_to)`, the range to read from
    /// the log. `None` once that hold has ended.
    pub(crate) fn missing(&self, hold: HoldId) -> Option<(i64, i64)> {
        let (&first, _) = self.held.first_key_value()?;
        (self.hold == hold.0).then_some((self.routed, first - 1))
    }

    /// Ends a hold that is still waiting: routes `found` (what the log had of the missing
    /// seqs) and what was held, in seq order. Anything still missing, sockets read themselves.
    pub(crate) fn release(&mut self, hold: HoldId, found: Vec<T>, route: impl FnMut(&T)) {
        if self.hold != hold.0 || self.held.is_empty() {
            return;
        }
        for event in found {
            if event.seq() > self.routed {
                self.held.entry(event.seq()).or_insert(event);
            }
        }
        self.release_all(route);
    }

    /// Forgets the order: what the bus missed will not arrive, so stop waiting and route
    /// whatever comes next at once. (Held events are committed; a resync reads them.)
    pub(crate) fn reset(&mut self) {
        self.held.clear();
        self.routed = 0;
    }

    fn release_all(&mut self, mut route: impl FnMut(&T)) {
        for (seq, held) in std::mem::take(&mut self.held) {
            self.routed = self.routed.max(seq);
            route(&held);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Sequenced for i64 {
        fn seq(&self) -> i64 {
            *self
        }
    }

    /// Feeds `seq` and answers what went out, and whether a hold started.
    fn accept(order: &mut Reorder<i64>, seq: i64) -> (Vec<i64>, Option<HoldId>) {
        let mut out = Vec::new();
        let hold = order.accept(seq, |s| out.push(*s));
        (out, hold)
    }

    #[test]
    fn an_event_ahead_of_a_missing_seq_waits_for_it() {
        let mut order = Reorder::default();
        assert_eq!(accept(&mut order, 1), (vec![1], None));
        let (out, hold) = accept(&mut order, 3);
        assert!(out.is_empty() && hold.is_some(), "3 waits for 2");
        assert_eq!(accept(&mut order, 4), (vec![], None), "one hold at a time");
        assert_eq!(
            accept(&mut order, 2),
            (vec![2, 3, 4], None),
            "in order once 2 arrives"
        );
        // The timer of the finished hold fires later and finds nothing to release.
        let mut late = Vec::new();
        order.release(hold.unwrap(), Vec::new(), |s| late.push(*s));
        assert!(late.is_empty());
    }

    #[test]
    fn a_whole_state_goes_at_once_whatever_it_skips() {
        let mut order = Reorder::default();
        let mut out = Vec::new();
        for seq in [1, 3, 2, 6] {
            order.accept_whole_state(seq, |s| out.push(*s));
        }
        assert_eq!(out, [1, 3, 2, 6], "none waits; the sockets skip 2");
        assert_eq!(order.missing(HoldId(1)), None, "no hold");
        assert_eq!(accept(&mut order, 7), (vec![7], None), "7 follows 6");
    }

    #[test]
    fn a_seq_that_never_arrives_is_given_up_on_when_the_wait_ends() {
        let mut order = Reorder::default();
        accept(&mut order, 7);
        let hold = accept(&mut order, 9).1.expect("9 waits for 8");
        accept(&mut order, 10);
        assert_eq!(order.missing(hold), Some((7, 8)));
        // The log did not have it either (say, not yet readable): the sockets will look.
        let mut out = Vec::new();
        order.release(hold, Vec::new(), |s| out.push(*s));
        assert_eq!(out, [9, 10]);
        assert_eq!(order.missing(hold), None, "the hold has ended");
        // 8 arriving late still goes out (sockets skip what they have); 11 follows at once.
        assert_eq!(accept(&mut order, 8), (vec![8], None));
        assert_eq!(accept(&mut order, 11), (vec![11], None));
    }

    #[test]
    fn what_the_log_had_of_a_gap_goes_out_in_order_with_what_waited() {
        let mut order = Reorder::default();
        accept(&mut order, 1);
        let hold = accept(&mut order, 5).1.expect("5 waits for 2..4");
        assert_eq!(order.missing(hold), Some((1, 4)));
        // 3 arrives on its own meanwhile; the log has 2 to 4.
        assert_eq!(accept(&mut order, 3), (vec![], None));
        let mut out = Vec::new();
        order.release(hold, vec![2, 3, 4], |s| out.push(*s));
        assert_eq!(out, [2, 3, 4, 5]);
    }

    #[test]
    fn the_first_live_event_after_a_subscribe_is_checked_for_a_gap() {
        let mut order = Reorder::default();
        order.seen(4);
        assert!(accept(&mut order, 6).1.is_some(), "6 waits for 5");
        assert_eq!(accept(&mut order, 5), (vec![5, 6], None));
        order.seen(2);
        assert_eq!(
            accept(&mut order, 7),
            (vec![7], None),
            "what was routed stands"
        );
    }

    #[test]
    fn a_reset_stops_the_wait_and_routes_what_comes_next_at_once() {
        let mut order = Reorder::default();
        accept(&mut order, 1);
        assert!(accept(&mut order, 3).1.is_some());
        order.reset();
        assert_eq!(accept(&mut order, 5), (vec![5], None));
    }

    #[test]
    fn too_much_waiting_stops_the_wait() {
        let mut order = Reorder::default();
        accept(&mut order, 1);
        let mut out = Vec::new();
        for seq in 3..(3 + MAX_HELD as i64) {
            order.accept(seq, |s| out.push(*s));
        }
        assert_eq!(
            out.len(),
            MAX_HELD,
            "all released in order once the limit is hit"
        );
        assert!(out.windows(2).all(|w| w[0] < w[1]));
    }
}
