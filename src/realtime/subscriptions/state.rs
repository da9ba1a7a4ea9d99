//! A socket's subscriptions as state: what each subscribed topic and group holds, and where
//! their frames go ([`Outlet`]).

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

use dashwire_protocol::{Channel, ServerFrame};

use super::by_key::ByKey;
use crate::realtime::metrics::ReplayReason;
use crate::realtime::routing::delivery::Delivery;
use crate::realtime::routing::registry::SocketHandle;
use crate::store::Topic;

/// A group subscription: its channel's events are its members' events in the feed.
#[derive(Debug)]
pub(super) struct Group {
    /// The channel as clients see it.
    pub(super) channel: String,
    /// The channel as asked for, to ask the feature again when the members change.
    pub(super) asked: Channel,
    /// The member topics' keys, as the registry holds them (one copy per node, not per
    /// socket: a dashboard has one per blog its user reads).
    pub(super) members: HashSet<Arc<str>>,
    /// The last feed position the client has.
    pub(super) last: i64,
    pub(super) replay: Option<Box<Replay>>,
}

/// A group as the feature granted it, with the frame that asked for it.
pub(super) struct GroupAsked {
    pub(super) raw: String,
    pub(super) asked: Channel,
    pub(super) topic: Topic,
    pub(super) members: Vec<Topic>,
}

/// Events read from the log per replay step.
pub(crate) const REPLAY_BATCH: i64 = 500;

/// The socket could not be written to; it is gone.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Gone;

/// Where the state machine's frames go: the socket, or in tests a list.
pub(crate) trait Outlet {
    /// Sends a frame built for this socket (acks, errors, replayed events).
    fn send_frame(&mut self, frame: &ServerFrame) -> impl Future<Output = Result<(), Gone>> + Send;
    /// Sends a live event, encoded once for every socket it goes to.
    fn send_event(&mut self, delivery: &Delivery) -> impl Future<Output = Result<(), Gone>> + Send;
    /// Sends a live event in the feed as the group channel `group` carries it, encoded once
    /// for every socket it goes to.
    fn send_group_event(
        &mut self,
        delivery: &Delivery,
        group: &str,
    ) -> impl Future<Output = Result<(), Gone>> + Send;
}

/// One socket's subscriptions.
#[derive(Debug)]
pub(crate) struct Subscriptions {
    /// The socket's user; `None` for a visitor.
    pub(super) viewer: Option<i64>,
    pub(super) socket: SocketHandle,
    /// Each subscribed topic, by key (`by_key.rs`: a visitor's socket has one).
    pub(super) topics: ByKey<Subscription>,
    /// Each subscribed group, by its own topic's key.
    pub(super) groups: HashMap<Arc<str>, Group>,
    /// Topics and groups with a replay to run, oldest first.
    pub(super) replays: VecDeque<Arc<str>>,
    /// Events read per replay step ([`REPLAY_BATCH`]; smaller in tests).
    pub(super) batch: i64,
}

#[derive(Debug)]
pub(super) struct Subscription {
    /// The channel as clients see it (replayed frames carry it), when it is not the topic's
    /// key ([`Subscription::channel`]): only a personal topic's differs (`unread` for
    /// `unread:7`), so a socket keeps no copy of a topic's name everyone reads alike.
    pub(super) own_channel: Option<Box<str>>,
    /// The last seq the client has.
    pub(super) last: i64,
    /// Boxed: a subscription is held per socket and channel for the socket's life, and
    /// replays are rare and short, so an idle one keeps a pointer rather than the whole state.
    pub(super) replay: Option<Box<Replay>>,
}

impl Subscription {
    /// The channel as clients see it, for the subscription kept under `key`.
    pub(super) fn channel<'a>(&'a self, key: &'a str) -> &'a str {
        self.own_channel.as_deref().unwrap_or(key)
    }
}

/// The channel a topic's events go out on, if it is not the topic's key.
pub(super) fn own_channel(topic: &Topic, key: &str) -> Option<Box<str>> {
    let channel = topic.channel().to_string();
    (channel != key).then(|| channel.into_boxed_str())
}

pub(super) fn live(own_channel: Option<Box<str>>, seq: i64) -> Subscription {
    Subscription {
        own_channel,
        last: seq,
        replay: None,
    }
}

/// A replay in progress: what a subscription reads from the log until it is live again
/// (`replay.rs` runs it).
#[derive(Debug)]
pub(super) struct Replay {
    /// Replay until this seq (it grows when live events arrive meanwhile).
    pub(super) up_to: i64,
    /// The `subscribed` ack still owed, with the channel as the client wrote it.
    pub(super) ack: Option<String>,
    /// Why it runs, and the events it has sent so far: `dashwire_replay_events` records them
    /// when it catches up.
    pub(super) reason: ReplayReason,
    pub(super) sent: u64,
}

impl Replay {
    pub(super) fn new(up_to: i64, ack: Option<String>, reason: ReplayReason) -> Box<Replay> {
        Box::new(Replay {
            up_to,
            ack,
            reason,
            sent: 0,
        })
    }
}
