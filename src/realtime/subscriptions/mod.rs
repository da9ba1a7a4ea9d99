//! One socket's subscriptions, as a state machine apart from the socket's I/O.
//!
//! Each subscribed topic is either **live** (events go out as they arrive, each exactly once
//! and in seq order) or **replaying** (the socket is reading what it missed from the event
//! log, in batches). Live events that arrive while a topic replays are not sent: they are
//! committed, so the replay reads them too, and the replay's end moves forward to the newest
//! one seen. A live event that skips a seq starts a replay of the gap. So a channel's events
//! reach the client in order, with no gap and no duplicate, however replay and live
//! interleave.
//!
//! A **group** (the dashboard) is one channel over many topics in the feed: the socket is
//! registered under each member topic, and their events go out on the group's channel with
//! their feed positions as seqs. The node routes the feed in order and whole
//! (`routing/registry/mod.rs`), so a group needs no gap check of its own: it skips what it
//! has, replays from the log by feed position on resume (and when its members change), and
//! is live and replaying the same way a topic is.
//!
//! Replays run one batch at a time ([`Subscriptions::replay_step`]), so a socket keeps
//! answering pings and frames (an unsubscribe, say) while it catches up.
//!
//! What subscribing reads from the database (a subscribe's authorisation and seq, a replay's
//! batches, a resync's seq) is read for every socket of the node at once
//! (`realtime/channels/reads.rs`, over `batched.rs`): a subscribe waits only for the batch in
//! flight, and subscribing holds a handful of the node's connections however many sockets
//! resume at once. A read that fails (the database is away) answers the subscribe `internal`:
//! the client subscribes again after a back-off. A resync that fails tries again shortly.
//!
//! Which channels a socket may read is the features' call: each registers an authority for
//! the kinds it owns (`realtime/channels/`).

mod by_key;
mod frames;
mod group;
mod replay;
mod state;

pub(super) use state::{Gone, Outlet, REPLAY_BATCH, Subscriptions};

use frames::{ack, error, internal, too_old};
use state::{GroupAsked, Replay, Subscription, live, own_channel};

use by_key::ByKey;
use replay::{Start, start};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

use dashwire_protocol::{Channel, ErrorCode, ServerFrame};

use super::Realtime;
use super::metrics::ReplayReason;
use crate::realtime::channels::Grant;
use crate::realtime::routing::delivery::Delivery;
use crate::realtime::routing::registry::{SocketHandle, TopicKind};
use crate::store::{Topic, log};

impl Subscriptions {
    /// No subscriptions yet, for a socket of `viewer` (`None`: a visitor).
    pub(super) fn new(viewer: Option<i64>, socket: SocketHandle) -> Subscriptions {
        Subscriptions {
            viewer,
            socket,
            topics: ByKey::default(),
            groups: HashMap::new(),
            replays: VecDeque::new(),
            batch: REPLAY_BATCH,
        }
    }

    /// Whether a replay is waiting for its next step.
    pub(super) fn replaying(&self) -> bool {
        !self.replays.is_empty()
    }

    /// Whether the socket still needs the registry to route `key` to it: a topic it
    /// subscribed to, or a member of one of its groups.
    fn wants(&self, key: &str) -> bool {
        self.topics.contains_key(key) || self.groups.values().any(|g| g.members.contains(key))
    }

    /// Registers the socket under `topic` unless it already is (as a member, or directly).
    fn join(&self, rt: &Realtime, key: &Arc<str>, kind: TopicKind) -> Arc<str> {
        if self.wants(key) {
            return key.clone();
        }
        rt.subscribe(key, kind, self.socket.clone())
    }

    /// Lets go of `key` in the registry unless the socket still wants it.
    fn part(&self, rt: &Realtime, key: &Arc<str>) {
        if !self.wants(key) {
            rt.unsubscribe(key, self.socket.id);
        }
    }

    /// A `subscribe` frame: authorises the channel through the feature that owns its kind,
    /// goes live at once, or replays from `since` first and acks when the replay is done.
    pub(super) async fn subscribe(
        &mut self,
        rt: &Realtime,
        raw: String,
        since: Option<i64>,
        out: &mut impl Outlet,
    ) -> Result<(), Gone> {
        let refused = &rt.metrics().refused_subscriptions;
        let channel: Channel = match raw.parse() {
            Ok(channel) => channel,
            Err(err) => {
                refused.inc();
                return error(out, Some(&raw), ErrorCode::UnknownChannel, err.to_string()).await;
            }
        };
        match rt.reads().authorize(self.viewer, channel.clone()).await {
            Ok(Some(Grant::Topic(topic))) => self.subscribe_topic(rt, raw, since, topic, out).await,
            Ok(Some(Grant::Group { topic, members })) => {
                let group = GroupAsked {
                    raw,
                    asked: channel,
                    topic,
                    members,
                };
                self.subscribe_group(rt, group, since, out).await
            }
            Ok(None) => {
                refused.inc();
                let message = format!("You can't subscribe to {raw}: it isn't yours.");
                error(out, Some(&raw), ErrorCode::Forbidden, message).await
            }
            Err(err) => internal(out, &raw, err).await,
        }
    }

    async fn subscribe_topic(
        &mut self,
        rt: &Realtime,
        raw: String,
        since: Option<i64>,
        topic: Topic,
        out: &mut impl Outlet,
    ) -> Result<(), Gone> {
        let key = topic.key();
        if let Some(sub) = self.topics.get_mut(&key) {
            return match &mut sub.replay {
                // Already live: the client sees everything from here on anyway.
                None => ack(out, raw, sub.last).await,
                Some(replay) => {
                    replay.ack = Some(raw);
                    Ok(())
                }
            };
        }
        // Registered before reading the log, so no live event can slip between the two; those
        // that arrive meanwhile are skipped by seq.
        let kind = if topic.is_in_feed() {
            TopicKind::Feed
        } else {
            TopicKind::Own
        };
        let key = self.join(rt, &key, kind);
        let state = match rt.reads().channel_state(&key).await {
            Ok(state) => state,
            Err(err) => {
                self.part(rt, &key);
                return internal(out, &raw, err).await;
            }
        };
        rt.registry().seen(&key, state.seq);
        let own = own_channel(&topic, &key);
        match start(since, state) {
            Start::TooOld(latest) => {
                self.topics.insert(key, live(own, latest));
                too_old(out, &raw, since).await?;
                ack(out, raw, latest).await
            }
            Start::Replay { since, up_to } => {
                let replay = Replay::new(up_to, Some(raw), ReplayReason::Resume);
                self.topics.insert(
                    key.clone(),
                    Subscription {
                        own_channel: own,
                        last: since,
                        replay: Some(replay),
                    },
                );
                self.start_replay(rt, key, out).await
            }
            Start::Live(latest) => {
                self.topics.insert(key, live(own, latest));
                ack(out, raw, latest).await
            }
        }
    }

    /// An `unsubscribe` frame: stops the topic (or group) at once, replay included.
    pub(super) async fn unsubscribe(
        &mut self,
        rt: &Realtime,
        raw: String,
        out: &mut impl Outlet,
    ) -> Result<(), Gone> {
        let channel = match raw.parse::<Channel>() {
            Ok(channel) => channel.to_string(),
            Err(err) => {
                return error(out, Some(&raw), ErrorCode::UnknownChannel, err.to_string()).await;
            }
        };
        let topic = self
            .topics
            .iter()
            .find(|(key, sub)| sub.channel(key) == channel)
            .map(|(key, _)| key.clone());
        if let Some(key) = topic {
            self.topics.remove(&key);
            self.replays.retain(|k| *k != key);
            self.part(rt, &key);
        }
        let group = self
            .groups
            .iter()
            .find(|(_, group)| group.channel == channel)
            .map(|(key, _)| key.clone());
        if let Some(key) = group
            && let Some(group) = self.groups.remove(&key)
        {
            self.leave_group(rt, &key, group);
        }
        out.send_frame(&ServerFrame::Unsubscribed { channel: raw })
            .await
    }

    /// A live event routed to this socket; answers whether it was written (rather than
    /// skipped as a duplicate or left to a replay), on its topic's channel or a group's.
    pub(super) async fn deliver(
        &mut self,
        delivery: &Delivery,
        out: &mut impl Outlet,
    ) -> Result<bool, Gone> {
        let mut written = self.deliver_on_topic(delivery, out).await?;
        let Some(feed_seq) = delivery.feed_seq else {
            return Ok(written);
        };
        for group in self.groups.values_mut() {
            if !group.members.contains(&delivery.topic) {
                continue;
            }
            if let Some(replay) = &mut group.replay {
                replay.up_to = replay.up_to.max(feed_seq);
                continue;
            }
            if feed_seq <= group.last {
                continue;
            }
            group.last = feed_seq;
            out.send_group_event(delivery, &group.channel).await?;
            written = true;
        }
        Ok(written)
    }

    async fn deliver_on_topic(
        &mut self,
        delivery: &Delivery,
        out: &mut impl Outlet,
    ) -> Result<bool, Gone> {
        let Some(sub) = self.topics.get_mut(&delivery.topic) else {
            return Ok(false);
        };
        if let Some(replay) = &mut sub.replay {
            // Committed before it was published: the replay reads it.
            replay.up_to = replay.up_to.max(delivery.seq);
            return Ok(false);
        }
        if delivery.seq <= sub.last {
            return Ok(false);
        }
        // On a channel of one whole state that the log keeps no row of, an event is all of it
        // and holds every change before it (`store/log/mod.rs`): the seqs it skips are older
        // states, with nothing to read.
        if delivery.seq > sub.last + 1 && !log::is_read_as_it_is_now(&delivery.topic) {
            // Published out of order, or lost on the bus: read the gap (and this) from the log.
            sub.replay = Some(Replay::new(delivery.seq, None, ReplayReason::Gap));
            self.replays.push_back(delivery.topic.clone());
            return Ok(false);
        }
        sub.last = delivery.seq;
        out.send_event(delivery).await.map(|()| true)
    }

    /// Leaves every topic and group (the socket is closing).
    pub(super) fn leave(&mut self, rt: &Realtime) {
        let mut keys: HashSet<Arc<str>> = self.topics.keys().cloned().collect();
        for (key, group) in &self.groups {
            keys.insert(key.clone());
            keys.extend(group.members.iter().cloned());
        }
        for key in &keys {
            rt.unsubscribe(key, self.socket.id);
        }
        self.topics.clear();
        self.groups.clear();
        self.replays.clear();
    }
}

#[cfg(test)]
mod tests;
