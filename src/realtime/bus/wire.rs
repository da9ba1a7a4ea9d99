//! What travels between nodes, whichever Redis carries it (one server: `redis.rs`; a cluster's
//! shards: `cluster.rs`): the messages and their channels, and the publishing task's loop,
//! which both transports run with their own way of sending.
//!
//! Every Redis message carries its send time (`sent_at_us`, microseconds since the Unix
//! epoch by the publishing node's clock), so the receiving node can record the hop in
//! `dashwire_bus_lag_seconds`. The field is optional both ways: a node that predates it
//! ignores it (the messages are MessagePack maps, and unknown keys are skipped), and a
//! message without it is delivered as ever, just not timed. Clocks that disagree show up as
//! lag (or, when the receiver's runs behind, as zero): keep the nodes on NTP.
//!
//! Every message also names the node that sent it (`origin`, a random id each bus gets as it
//! starts). A node hands what it commits to its own router at once (`mod.rs`, [`super::Outlet`])
//! and skips its own messages when Redis brings them back: its sockets do not wait for the
//! round trip through Redis, and an event is routed once. A message without an origin (from
//! a node that predates it) is delivered as ever.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use dashwire_protocol::Event;
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, oneshot};

use super::messages::{Incoming, Interest};
use crate::realtime::metrics::Metrics;
use crate::store::{Committed, Published, Topic};

/// What the publishing task takes: a committed change, or a caller waiting for what was
/// handed over before it to be sent (a shutdown, `flush`).
pub(in crate::realtime::bus) enum Outgoing {
    Committed(Committed),
    Flush(oneshot::Sender<()>),
}

/// What travels between nodes. Built and consumed at once, never stored, so the size
/// difference between the variants costs nothing.
#[derive(Debug, Serialize, Deserialize)]
#[allow(clippy::large_enum_variant)]
pub(super) enum BusMessage {
    Event {
        topic: Topic,
        seq: i64,
        event: Event,
        /// When the publishing node sent it: microseconds since the Unix epoch.
        #[serde(default)]
        sent_at_us: Option<u64>,
        /// Its position in the feed, for an event in the feed.
        #[serde(default)]
        feed_seq: Option<i64>,
        /// The bus that sent it.
        #[serde(default)]
        origin: Option<u64>,
    },
    SessionEnded {
        session: String,
        #[serde(default)]
        sent_at_us: Option<u64>,
        #[serde(default)]
        origin: Option<u64>,
    },
    Refresh {
        topic: String,
        #[serde(default)]
        sent_at_us: Option<u64>,
        #[serde(default)]
        origin: Option<u64>,
    },
}

impl BusMessage {
    /// A session's end or a group's refresh: a signal the event log does not keep.
    pub(super) fn is_signal(&self) -> bool {
        !matches!(self, BusMessage::Event { .. })
    }

    fn sent_at_us(&self) -> Option<u64> {
        match self {
            BusMessage::Event { sent_at_us, .. }
            | BusMessage::SessionEnded { sent_at_us, .. }
            | BusMessage::Refresh { sent_at_us, .. } => *sent_at_us,
        }
    }

    fn origin(&self) -> Option<u64> {
        match self {
            BusMessage::Event { origin, .. }
            | BusMessage::SessionEnded { origin, .. }
            | BusMessage::Refresh { origin, .. } => *origin,
        }
    }
}

/// A new bus's id, which its messages carry as their `origin`.
pub(super) fn new_origin() -> u64 {
    rand::random()
}

/// Now by the wall clock, in microseconds since the Unix epoch (0 if the clock is before it).
fn unix_micros() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_micros()).unwrap_or(u64::MAX))
}

/// The time between a send stamped `sent_at_us` and `now_us`; zero when the sender's clock
/// is ahead of ours.
fn lag(sent_at_us: u64, now_us: u64) -> Duration {
    Duration::from_micros(now_us.saturating_sub(sent_at_us))
}

/// The channel every node hears for signals (session ends, refreshes).
pub(super) fn control_channel(prefix: &str) -> String {
    format!("{prefix}:control")
}

/// A topic's own channel, which a node hears while its sockets want the topic.
pub(super) fn redis_channel(prefix: &str, topic: &str) -> String {
    format!("{prefix}:topic:{topic}")
}

/// The channel every node hears for the events in the feed, in feed order.
pub(super) fn feed_channel(prefix: &str) -> String {
    format!("{prefix}:feed")
}

/// The bus's publishing task: sends what committed, in the order it committed, each time
/// everything that queued meanwhile at once, through `send` (a pipeline of `PUBLISH`es to one
/// Redis, or one of `SPUBLISH`es per slot to a cluster), which answers whether Redis took all
/// of it.
///
/// A pipeline that fails (Redis is down) loses its events, which the log makes good, but not
/// its session endings and refreshes, which are in no log: those are kept and sent again,
/// first, with the next pipeline or a second later, until Redis takes them. (A node that was
/// subscribed through the outage also reconciles when its subscription comes back:
/// `Realtime::heal_after_bus_gap`; this covers a node whose subscription never dropped.)
pub(super) async fn run_publisher<S>(
    send: S,
    prefix: String,
    origin: u64,
    mut outgoing: mpsc::UnboundedReceiver<Outgoing>,
) where
    S: AsyncFn(&[(String, BusMessage)]) -> bool,
{
    /// Changes sent in one pipeline at most.
    const MAX_PIPELINE: usize = 256;
    /// Signals kept for a Redis that is down, at most; past it the oldest go (the other
    /// nodes' reconciliation still closes the sessions they named).
    const MAX_UNSENT: usize = 10_000;
    const RETRY_EVERY: Duration = Duration::from_secs(1);
    let mut queued = Vec::with_capacity(MAX_PIPELINE);
    let mut flushed = Vec::new();
    let mut unsent: Vec<(String, BusMessage)> = Vec::new();
    loop {
        // Every sender gone (`recv_many` takes none): what is left is tried once more.
        let closed = tokio::select! {
            taken = outgoing.recv_many(&mut queued, MAX_PIPELINE) => taken == 0,
            () = tokio::time::sleep(RETRY_EVERY), if !unsent.is_empty() => false,
        };
        let mut messages: Vec<(String, BusMessage)> = std::mem::take(&mut unsent);
        for item in queued.drain(..) {
            match item {
                Outgoing::Committed(committed) => {
                    messages.extend(bus_messages(&prefix, origin, committed))
                }
                Outgoing::Flush(done) => flushed.push(done),
            }
        }
        if !send(&messages).await {
            unsent = messages
                .into_iter()
                .filter(|(_, m)| m.is_signal())
                .collect();
            let over = unsent.len().saturating_sub(MAX_UNSENT);
            unsent.drain(..over);
        }
        for done in flushed.drain(..) {
            let _ = done.send(());
        }
        if closed {
            return;
        }
    }
}

/// What one committed change sends over Redis, each message with its Redis channel.
fn bus_messages(prefix: &str, origin: u64, committed: Committed) -> Vec<(String, BusMessage)> {
    let sent_at_us = Some(unix_micros());
    let origin = Some(origin);
    let events = committed.events.into_iter().map(|published| {
        let channel = match published.feed_seq {
            Some(_) => feed_channel(prefix),
            None => redis_channel(prefix, &published.topic.key()),
        };
        let message = BusMessage::Event {
            topic: published.topic,
            seq: published.seq,
            event: published.event,
            sent_at_us,
            feed_seq: published.feed_seq,
            origin,
        };
        (channel, message)
    });
    let refreshed = committed.refreshed.into_iter().map(|topic| {
        let message = BusMessage::Refresh {
            topic: topic.key().to_string(),
            sent_at_us,
            origin,
        };
        (control_channel(prefix), message)
    });
    let ended = committed.ended_sessions.into_iter().map(|session| {
        let message = BusMessage::SessionEnded {
            session,
            sent_at_us,
            origin,
        };
        (control_channel(prefix), message)
    });
    events.chain(refreshed).chain(ended).collect()
}

/// What arrived from the bus as the router takes it; `None` for what cannot be read, and for
/// what bus `own` sent (its router had it as it committed).
pub(super) fn incoming(payload: &[u8], metrics: &Metrics, own: u64) -> Option<Incoming> {
    let arrived = Instant::now();
    metrics.bus_in.inc();
    let message = match rmp_serde::from_slice::<BusMessage>(payload) {
        Ok(message) => message,
        Err(err) => {
            tracing::warn!(error = %err, "undecodable bus message");
            return None;
        }
    };
    if let Some(sent_at_us) = message.sent_at_us() {
        metrics.bus_lag.observe(lag(sent_at_us, unix_micros()));
    }
    if message.origin() == Some(own) {
        return None;
    }
    let incoming = match message {
        BusMessage::Event {
            topic,
            seq,
            event,
            feed_seq,
            ..
        } => Incoming::Event {
            published: Published {
                topic,
                seq,
                feed_seq,
                event,
            },
            arrived,
        },
        BusMessage::SessionEnded { session, .. } => Incoming::SessionEnded(session),
        BusMessage::Refresh { topic, .. } => Incoming::Refresh(topic.into()),
    };
    Some(incoming)
}

/// Takes every interest change already queued after `first` and reduces them to the topics
/// to subscribe and to unsubscribe, each topic ending in its last asked state: a burst of
/// connecting sockets then costs one SUBSCRIBE round trip, not one per topic.
pub(super) fn coalesce(
    first: Interest,
    queued: &mut mpsc::UnboundedReceiver<Interest>,
) -> (Vec<Arc<str>>, Vec<Arc<str>>) {
    let mut last: Vec<(Arc<str>, bool)> = Vec::new();
    let mut index: HashMap<Arc<str>, usize> = HashMap::new();
    let mut note = |change: Interest| {
        let (topic, wanted) = match change {
            Interest::Subscribe(topic) => (topic, true),
            Interest::Unsubscribe(topic) => (topic, false),
        };
        match index.get(&topic) {
            Some(&i) => last[i].1 = wanted,
            None => {
                index.insert(topic.clone(), last.len());
                last.push((topic, wanted));
            }
        }
    };
    note(first);
    for _ in 0..MAX_COALESCED {
        match queued.try_recv() {
            Ok(change) => note(change),
            Err(_) => break,
        }
    }
    let subscribe = last
        .iter()
        .filter(|(_, w)| *w)
        .map(|(t, _)| t.clone())
        .collect();
    let unsubscribe = last
        .iter()
        .filter(|(_, w)| !*w)
        .map(|(t, _)| t.clone())
        .collect();
    (subscribe, unsubscribe)
}

/// Interest changes folded into one round trip at most.
const MAX_COALESCED: usize = 4096;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interest_changes_coalesce_to_each_topics_last_state() {
        let (tx, mut rx) = mpsc::unbounded_channel();
        let t = |s: &str| Arc::<str>::from(s);
        for change in [
            Interest::Unsubscribe(t("b")),
            Interest::Subscribe(t("c")),
            Interest::Subscribe(t("b")),
            Interest::Subscribe(t("d")),
            Interest::Unsubscribe(t("d")),
        ] {
            tx.send(change).unwrap();
        }
        let (subscribe, unsubscribe) = coalesce(Interest::Subscribe(t("a")), &mut rx);
        assert_eq!(subscribe, [t("a"), t("b"), t("c")]);
        assert_eq!(unsubscribe, [t("d")]);
        assert!(rx.try_recv().is_err(), "everything queued was taken");
    }

    /// The messages as nodes from before `sent_at_us` write and read them.
    #[derive(Debug, Serialize, Deserialize)]
    #[allow(clippy::large_enum_variant)]
    enum OldBusMessage {
        Event {
            topic: Topic,
            seq: i64,
            event: Event,
        },
        SessionEnded {
            session: String,
        },
    }

    fn unread() -> Event {
        Event::Unread(dashwire_protocol::UnreadCounts {
            messaging: 2,
            blogs: Vec::new(),
        })
    }

    #[test]
    fn the_send_time_is_read_and_ignored_by_nodes_with_and_without_it() {
        let topic = || Topic::personal(dashwire_protocol::Channel::Unread, 1);
        // An older node's message reaches a newer node: delivered, not timed.
        let old = OldBusMessage::Event {
            topic: topic(),
            seq: 4,
            event: unread(),
        };
        let bytes = rmp_serde::to_vec_named(&old).unwrap();
        let read = rmp_serde::from_slice::<BusMessage>(&bytes).unwrap();
        assert!(
            matches!(
                read,
                BusMessage::Event {
                    seq: 4,
                    sent_at_us: None,
                    ..
                }
            ),
            "{read:?}"
        );
        let bytes = rmp_serde::to_vec_named(&OldBusMessage::SessionEnded {
            session: "s".into(),
        })
        .unwrap();
        let read = rmp_serde::from_slice::<BusMessage>(&bytes).unwrap();
        assert_eq!(read.sent_at_us(), None);

        // A newer node's message reaches an older node: the extra key is skipped.
        let new = BusMessage::Event {
            topic: topic(),
            seq: 5,
            event: unread(),
            sent_at_us: Some(1_700_000_000_000_000),
            feed_seq: None,
            origin: Some(7),
        };
        let bytes = rmp_serde::to_vec_named(&new).unwrap();
        assert_eq!(
            rmp_serde::from_slice::<BusMessage>(&bytes)
                .unwrap()
                .sent_at_us(),
            Some(1_700_000_000_000_000)
        );
        let read = rmp_serde::from_slice::<OldBusMessage>(&bytes).unwrap();
        assert!(
            matches!(read, OldBusMessage::Event { seq: 5, .. }),
            "{read:?}"
        );
        let bytes = rmp_serde::to_vec_named(&BusMessage::SessionEnded {
            session: "s".into(),
            sent_at_us: Some(9),
            origin: Some(7),
        })
        .unwrap();
        let read = rmp_serde::from_slice::<OldBusMessage>(&bytes).unwrap();
        assert!(
            matches!(&read, OldBusMessage::SessionEnded { session } if session == "s"),
            "{read:?}"
        );
    }

    #[test]
    fn a_node_skips_its_own_messages_and_takes_every_other() {
        let metrics = Metrics::default();
        let committed = Committed {
            events: vec![Published {
                topic: Topic::personal(dashwire_protocol::Channel::Unread, 1),
                seq: 3,
                feed_seq: None,
                event: unread(),
            }],
            refreshed: vec![Topic::personal(dashwire_protocol::Channel::Unread, 2)],
            ended_sessions: vec!["s".into()],
        };
        let sent: Vec<Vec<u8>> = bus_messages("p", 7, committed)
            .iter()
            .map(|(_, message)| rmp_serde::to_vec_named(message).unwrap())
            .collect();
        assert_eq!(sent.len(), 3);
        for payload in &sent {
            assert!(incoming(payload, &metrics, 7).is_none(), "its own");
            assert!(incoming(payload, &metrics, 8).is_some(), "another node's");
        }
        // A node from before `origin` sends none: every node takes its messages.
        let old = rmp_serde::to_vec_named(&OldBusMessage::SessionEnded {
            session: "s".into(),
        })
        .unwrap();
        assert!(incoming(&old, &metrics, 7).is_some());
    }

    #[test]
    fn lag_is_never_negative() {
        assert_eq!(lag(1_000, 3_500), Duration::from_micros(2_500));
        assert_eq!(
            lag(3_500, 1_000),
            Duration::ZERO,
            "the sender's clock runs ahead"
        );
    }
}
