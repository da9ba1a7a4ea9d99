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
//! their feed positions as seqs. The node routes the feed in order and whole (`registry.rs`),
//! so a group needs no gap check of its own: it skips what it has, replays from the log by
//! feed position on resume (and when its members change), and is live and replaying the same
//! way a topic is.
//!
//! Replays run one batch at a time ([`Subscriptions::replay_step`]), so a socket keeps
//! answering pings and frames (an unsubscribe, say) while it catches up.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

use dashwire_protocol::{Channel, ErrorCode, Event, EventFrame, ServerFrame};

use super::delivery::Delivery;
use super::metrics::ReplayReason;
use super::registry::{SocketHandle, TopicKind};
use super::{Grant, Realtime};
use crate::store::Topic;
use crate::store::log::{ChannelState, FEED};

/// Events read from the log per replay step.
pub const REPLAY_BATCH: i64 = 500;

/// The socket could not be written to; it is gone.
#[derive(Debug, PartialEq, Eq)]
pub struct Gone;

/// Where the state machine's frames go: the socket, or in tests a list.
pub trait Outlet {
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
pub struct Subscriptions {
    /// The socket's user; `None` for a visitor.
    viewer: Option<i64>,
    socket: SocketHandle,
    /// Each subscribed topic, by key.
    topics: HashMap<Arc<str>, Subscription>,
    /// Each subscribed group, by its own topic's key.
    groups: HashMap<Arc<str>, Group>,
    /// Topics and groups with a replay to run, oldest first.
    replays: VecDeque<Arc<str>>,
    /// Events read per replay step ([`REPLAY_BATCH`]; smaller in tests).
    batch: i64,
}

#[derive(Debug)]
struct Subscription {
    /// The channel as clients see it (replayed frames carry it).
    channel: String,
    /// The last seq the client has.
    last: i64,
    /// Boxed: a subscription is held per socket and channel for the socket's life, and
    /// replays are rare and short, so an idle one keeps a pointer rather than the whole state.
    replay: Option<Box<Replay>>,
}

/// A group subscription: its channel's events are its members' events in the feed.
#[derive(Debug)]
struct Group {
    /// The channel as clients see it.
    channel: String,
    /// The channel as asked for, to ask the feature again when the members change.
    asked: Channel,
    /// The member topics' keys, as the registry holds them (one copy per node, not per
    /// socket: a dashboard has one per blog its user reads).
    members: HashSet<Arc<str>>,
    /// The last feed position the client has.
    last: i64,
    replay: Option<Box<Replay>>,
}

#[derive(Debug)]
struct Replay {
    /// Replay until this seq (it grows when live events arrive meanwhile).
    up_to: i64,
    /// The `subscribed` ack still owed, with the channel as the client wrote it.
    ack: Option<String>,
    /// Why it runs, and the events it has sent so far: `dashwire_replay_events` records them
    /// when it catches up.
    reason: ReplayReason,
    sent: u64,
}

impl Replay {
    fn new(up_to: i64, ack: Option<String>, reason: ReplayReason) -> Box<Replay> {
        Box::new(Replay {
            up_to,
            ack,
            reason,
            sent: 0,
        })
    }
}

/// Where a subscribe with `since` starts, given what the log knows of its channel (or of the
/// feed, for a group).
enum Start {
    /// `since` is older than the log keeps: live from the latest, after a `resume_too_old`.
    TooOld(i64),
    /// Replay from `since`, then ack.
    Replay { since: i64, up_to: i64 },
    /// Live from the latest, acked at once.
    Live(i64),
}

fn start(since: Option<i64>, state: ChannelState) -> Start {
    match since {
        Some(since) if since < state.pruned_through => Start::TooOld(state.seq),
        Some(since) if since < state.seq => Start::Replay {
            since,
            up_to: state.seq,
        },
        _ => Start::Live(state.seq),
    }
}

impl Subscriptions {
    /// No subscriptions yet, for a socket of `viewer` (`None`: a visitor).
    pub fn new(viewer: Option<i64>, socket: SocketHandle) -> Subscriptions {
        Subscriptions {
            viewer,
            socket,
            topics: HashMap::new(),
            groups: HashMap::new(),
            replays: VecDeque::new(),
            batch: REPLAY_BATCH,
        }
    }

    /// Whether a replay is waiting for its next step.
    pub fn replaying(&self) -> bool {
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
    pub async fn subscribe(
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
        match rt.inner.kinds.authorize(self.viewer, &channel).await {
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
        let state = match rt.inner.store.channel_state(&key).await {
            Ok(state) => state,
            Err(err) => {
                self.part(rt, &key);
                return internal(out, &raw, err).await;
            }
        };
        rt.registry().seen(&key, state.seq);
        let channel = topic.channel().to_string();
        match start(since, state) {
            Start::TooOld(latest) => {
                self.topics.insert(key, live(channel, latest));
                too_old(out, &raw, since).await?;
                ack(out, raw, latest).await
            }
            Start::Replay { since, up_to } => {
                let replay = Replay::new(up_to, Some(raw), ReplayReason::Resume);
                self.topics.insert(
                    key.clone(),
                    Subscription {
                        channel,
                        last: since,
                        replay: Some(replay),
                    },
                );
                self.replays.push_back(key);
                Ok(())
            }
            Start::Live(latest) => {
                self.topics.insert(key, live(channel, latest));
                ack(out, raw, latest).await
            }
        }
    }

    async fn subscribe_group(
        &mut self,
        rt: &Realtime,
        asked: GroupAsked,
        since: Option<i64>,
        out: &mut impl Outlet,
    ) -> Result<(), Gone> {
        let GroupAsked {
            raw,
            asked,
            topic,
            members,
        } = asked;
        let key = topic.key();
        if let Some(group) = self.groups.get_mut(&key) {
            return match &mut group.replay {
                None => ack(out, raw, group.last).await,
                Some(replay) => {
                    replay.ack = Some(raw);
                    Ok(())
                }
            };
        }
        // Registered under every member before reading the feed's position, as for a topic.
        let key = rt.subscribe(&key, TopicKind::Group, self.socket.clone());
        let members = self.join_members(rt, &members);
        let mut group = Group {
            channel: topic.channel().to_string(),
            asked,
            members,
            last: 0,
            replay: None,
        };
        let state = match rt.inner.store.channel_state(FEED).await {
            Ok(state) => state,
            Err(err) => {
                self.leave_group(rt, &key, group);
                return internal(out, &raw, err).await;
            }
        };
        rt.registry().seen_feed(state.seq);
        match start(since, state) {
            Start::TooOld(latest) => {
                group.last = latest;
                self.groups.insert(key, group);
                too_old(out, &raw, since).await?;
                ack(out, raw, latest).await
            }
            Start::Replay { since, up_to } => {
                group.last = since;
                group.replay = Some(Replay::new(up_to, Some(raw), ReplayReason::Resume));
                self.groups.insert(key.clone(), group);
                self.replays.push_back(key);
                Ok(())
            }
            Start::Live(latest) => {
                group.last = latest;
                self.groups.insert(key, group);
                ack(out, raw, latest).await
            }
        }
    }

    /// Registers the socket under each member topic it does not have yet; answers the keys.
    fn join_members(&self, rt: &Realtime, members: &[Topic]) -> HashSet<Arc<str>> {
        members
            .iter()
            .map(|member| self.join(rt, &member.key(), TopicKind::Feed))
            .collect()
    }

    /// Lets go of a group that is no longer in `self.groups`.
    fn leave_group(&mut self, rt: &Realtime, key: &Arc<str>, group: Group) {
        self.replays.retain(|k| k != key);
        for member in &group.members {
            self.part(rt, member);
        }
        rt.unsubscribe(key, self.socket.id);
    }

    /// An `unsubscribe` frame: stops the topic (or group) at once, replay included.
    pub async fn unsubscribe(
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
            .find(|(_, sub)| sub.channel == channel)
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
    pub async fn deliver(
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
        if delivery.seq > sub.last + 1 {
            // Published out of order, or lost on the bus: read the gap (and this) from the log.
            sub.replay = Some(Replay::new(delivery.seq, None, ReplayReason::Gap));
            self.replays.push_back(delivery.topic.clone());
            return Ok(false);
        }
        sub.last = delivery.seq;
        out.send_event(delivery).await.map(|()| true)
    }

    /// The bus may have missed events of `topic` (it just (re)subscribed), or of the feed for
    /// a group's topic: read the log for anything after what the client has.
    pub async fn resync(&mut self, rt: &Realtime, topic: &Arc<str>) {
        let (read, last) = if let Some(sub) = self.topics.get(topic) {
            (&**topic, sub.last)
        } else if let Some(group) = self.groups.get(topic) {
            (FEED, group.last)
        } else {
            return;
        };
        let latest = match rt.inner.store.channel_state(read).await {
            Ok(state) => state.seq,
            Err(err) => {
                tracing::warn!(error = %err, %topic, "resync failed");
                return;
            }
        };
        if latest <= last {
            return;
        }
        let replay = match self.topics.get_mut(topic) {
            Some(sub) => &mut sub.replay,
            None => match self.groups.get_mut(topic) {
                Some(group) => &mut group.replay,
                None => return,
            },
        };
        match replay {
            Some(replay) => replay.up_to = replay.up_to.max(latest),
            None => {
                *replay = Some(Replay::new(latest, None, ReplayReason::Resync));
                self.replays.push_back(topic.clone());
            }
        }
    }

    /// A group's members may have changed: asks the feature again, follows the new members
    /// (and lets go of the old), then reads from the log what the client missed of the new
    /// ones. A group the viewer may no longer read ends with an error frame.
    pub async fn refresh(
        &mut self,
        rt: &Realtime,
        key: &Arc<str>,
        out: &mut impl Outlet,
    ) -> Result<(), Gone> {
        let Some(asked) = self.groups.get(key).map(|g| g.asked.clone()) else {
            return Ok(());
        };
        let members = match rt.inner.kinds.authorize(self.viewer, &asked).await {
            Ok(Some(Grant::Group { members, .. })) => members,
            Ok(_) => {
                if let Some(group) = self.groups.remove(key) {
                    let channel = group.channel.clone();
                    self.leave_group(rt, key, group);
                    let message = format!("You can't subscribe to {channel} any more.");
                    return error(out, Some(&channel), ErrorCode::Forbidden, message).await;
                }
                return Ok(());
            }
            Err(err) => {
                tracing::warn!(error = %err, group = %key, "refreshing a group failed");
                return Ok(());
            }
        };
        let wanted: HashSet<Arc<str>> = members.iter().map(Topic::key).collect();
        let Some(mut group) = self.groups.remove(key) else {
            return Ok(());
        };
        let gone: Vec<Arc<str>> = group
            .members
            .iter()
            .filter(|m| !wanted.contains(*m))
            .cloned()
            .collect();
        group.members.retain(|m| wanted.contains(m));
        for member in &gone {
            self.part(rt, member);
        }
        let new: Vec<Arc<str>> = wanted
            .into_iter()
            .filter(|m| !group.members.contains(m))
            .collect();
        for member in new {
            let member = self.join(rt, &member, TopicKind::Feed);
            group.members.insert(member);
        }
        self.groups.insert(key.clone(), group);
        self.resync(rt, key).await;
        Ok(())
    }

    /// Runs one batch of the oldest waiting replay; one with more to read waits behind the
    /// others' next batch. Ends the replay (and sends its ack) when it has caught up.
    pub async fn replay_step(&mut self, rt: &Realtime, out: &mut impl Outlet) -> Result<(), Gone> {
        let Some(key) = self.replays.pop_front() else {
            return Ok(());
        };
        let store = &rt.inner.store;
        let (channel, last, replay, read) = if let Some(sub) = self.topics.get_mut(&key) {
            let Some(replay) = &mut sub.replay else {
                return Ok(());
            };
            let read = store
                .events_between(&key, sub.last, replay.up_to, self.batch)
                .await;
            (&sub.channel, &mut sub.last, replay, read)
        } else if let Some(group) = self.groups.get_mut(&key) {
            let Some(replay) = &mut group.replay else {
                return Ok(());
            };
            let members: Vec<Arc<str>> = group.members.iter().cloned().collect();
            let read = store
                .feed_events_of(&members, group.last, replay.up_to, self.batch)
                .await;
            (&group.channel, &mut group.last, replay, read)
        } else {
            return Ok(());
        };
        let events = match read {
            Ok(events) => events,
            Err(err) => {
                // Live again from where the client is: the next event that skips a seq starts
                // another replay, and the client can resubscribe with `since` meanwhile.
                tracing::warn!(error = %err, topic = %key, "replay failed");
                let raw = replay.ack.take().unwrap_or_else(|| channel.clone());
                clear_replay(&mut self.topics, &mut self.groups, &key);
                return internal(out, &raw, err).await;
            }
        };
        let full = events.len() as i64 == self.batch;
        for (seq, event) in events {
            send_replayed(out, channel, seq, event).await?;
            *last = seq;
            replay.sent += 1;
            rt.metrics().events_replayed.inc();
        }
        if full && *last < replay.up_to {
            self.replays.push_back(key);
            return Ok(());
        }
        // Caught up. Seqs the log no longer has (pruned), and feed positions of blogs the
        // group does not read, are skipped rather than read again.
        rt.metrics().record_replay(replay.reason, replay.sent);
        *last = (*last).max(replay.up_to);
        let owed = replay.ack.take();
        let caught_up = *last;
        clear_replay(&mut self.topics, &mut self.groups, &key);
        match owed {
            Some(raw) => ack(out, raw, caught_up).await,
            None => Ok(()),
        }
    }

    /// Leaves every topic and group (the socket is closing).
    pub fn leave(&mut self, rt: &Realtime) {
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

/// A group as the feature granted it, with the frame that asked for it.
struct GroupAsked {
    raw: String,
    asked: Channel,
    topic: Topic,
    members: Vec<Topic>,
}

/// Ends the replay of a topic or group (it caught up, or failed).
fn clear_replay(
    topics: &mut HashMap<Arc<str>, Subscription>,
    groups: &mut HashMap<Arc<str>, Group>,
    key: &Arc<str>,
) {
    if let Some(sub) = topics.get_mut(key) {
        sub.replay = None;
    } else if let Some(group) = groups.get_mut(key) {
        group.replay = None;
    }
}

fn live(channel: String, seq: i64) -> Subscription {
    Subscription {
        channel,
        last: seq,
        replay: None,
    }
}

async fn send_replayed(
    out: &mut impl Outlet,
    channel: &str,
    seq: i64,
    event: Event,
) -> Result<(), Gone> {
    let frame = ServerFrame::Event(EventFrame {
        channel: channel.to_owned(),
        seq,
        event,
    });
    out.send_frame(&frame).await
}

async fn ack(out: &mut impl Outlet, channel: String, seq: i64) -> Result<(), Gone> {
    out.send_frame(&ServerFrame::Subscribed { channel, seq })
        .await
}

async fn too_old(out: &mut impl Outlet, raw: &str, since: Option<i64>) -> Result<(), Gone> {
    let since = since.unwrap_or_default();
    let message =
        format!("Events after {since} are no longer kept; reload, then subscribe without since.");
    error(out, Some(raw), ErrorCode::ResumeTooOld, message).await
}

async fn error(
    out: &mut impl Outlet,
    channel: Option<&str>,
    code: ErrorCode,
    message: String,
) -> Result<(), Gone> {
    let frame = ServerFrame::Error {
        channel: channel.map(str::to_owned),
        code,
        message,
    };
    out.send_frame(&frame).await
}

async fn internal(out: &mut impl Outlet, raw: &str, err: sqlx::Error) -> Result<(), Gone> {
    tracing::error!(error = %err, channel = raw, "subscription failed");
    let message = "Something went wrong on our side; subscribe again.".to_owned();
    error(out, Some(raw), ErrorCode::Internal, message).await
}

#[cfg(test)]
mod tests {
    //! The state machine against a real event log (SQLite in a temp folder) and the real
    //! registry, with frames collected in a list instead of written to a socket.

    use dashwire_protocol::{ChannelKind, Event, UnreadCounts};
    use futures_util::future::BoxFuture;

    use super::*;
    use crate::realtime::registry::CloseSignal;
    use crate::realtime::{ChannelAuthority, ChannelKinds, Grant, Settings};
    use crate::store::Store;
    use crate::store::{Published, Topic, log};

    /// Lets anyone read any `inbox`, except `inbox:theirs`.
    struct Inboxes;

    impl ChannelAuthority for Inboxes {
        fn kinds(&self) -> &'static [ChannelKind] {
            &[ChannelKind::Inbox]
        }

        fn authorize<'a>(
            &'a self,
            _viewer: Option<i64>,
            channel: &'a Channel,
        ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>> {
            let allowed = *channel != Channel::Inbox("theirs".into());
            Box::pin(std::future::ready(Ok(
                allowed.then(|| Grant::Topic(Topic::shared(channel.clone())))
            )))
        }
    }

    /// `posts:{blog}` for anyone, and `dashboard`: a group over the `posts:{blog}` topics
    /// named in `blogs` (shared, so a test can change them and refresh).
    struct Dashboards {
        blogs: Arc<std::sync::Mutex<Vec<&'static str>>>,
    }

    impl ChannelAuthority for Dashboards {
        fn kinds(&self) -> &'static [ChannelKind] {
            &[ChannelKind::Dashboard, ChannelKind::Posts]
        }

        fn authorize<'a>(
            &'a self,
            viewer: Option<i64>,
            channel: &'a Channel,
        ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>> {
            let grant = match channel {
                Channel::Posts(blog) => Some(Grant::Topic(posts(blog))),
                _ => viewer.map(|user| Grant::Group {
                    topic: Topic::personal(Channel::Dashboard, user),
                    members: self
                        .blogs
                        .lock()
                        .unwrap()
                        .iter()
                        .map(|b| posts(b))
                        .collect(),
                }),
            };
            Box::pin(std::future::ready(Ok(grant)))
        }
    }

    fn posts(blog: &str) -> Topic {
        Topic::shared(Channel::Posts(blog.into())).in_feed()
    }

    /// What the state machine sent, in order.
    #[derive(Default)]
    struct Sent(Vec<ServerFrame>);

    impl Outlet for Sent {
        fn send_frame(
            &mut self,
            frame: &ServerFrame,
        ) -> impl Future<Output = Result<(), Gone>> + Send {
            self.0.push(frame.clone());
            std::future::ready(Ok(()))
        }

        fn send_event(
            &mut self,
            delivery: &Delivery,
        ) -> impl Future<Output = Result<(), Gone>> + Send {
            self.0.push(delivery.frame().clone());
            std::future::ready(Ok(()))
        }

        fn send_group_event(
            &mut self,
            delivery: &Delivery,
            group: &str,
        ) -> impl Future<Output = Result<(), Gone>> + Send {
            let ServerFrame::Event(frame) = delivery.frame() else {
                panic!("only events reach a group");
            };
            self.0.push(ServerFrame::Event(EventFrame {
                channel: group.to_owned(),
                seq: delivery.feed_seq.expect("in the feed"),
                event: frame.event.clone(),
            }));
            std::future::ready(Ok(()))
        }
    }

    impl Sent {
        /// The seqs of the event frames sent since the last look, and the acks as `-seq`.
        fn take(&mut self) -> Vec<i64> {
            std::mem::take(&mut self.0)
                .into_iter()
                .map(|frame| match frame {
                    ServerFrame::Event(event) => event.seq,
                    ServerFrame::Subscribed { seq, .. } => -seq,
                    other => panic!("unexpected {other:?}"),
                })
                .collect()
        }
    }

    struct Fixture {
        rt: Realtime,
        store: Store,
        subs: Subscriptions,
        out: Sent,
        /// The blogs the `dashboard` group reads.
        dashboard: Arc<std::sync::Mutex<Vec<&'static str>>>,
        _dir: tempfile::TempDir,
    }

    const CHANNEL: &str = "inbox:alice";

    fn topic() -> Topic {
        Topic::shared(Channel::Inbox("alice".into()))
    }

    async fn fixture() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/log.db", dir.path().display());
        let store = Store::connect(&url, 2).await.unwrap();
        let dashboard = Arc::new(std::sync::Mutex::new(vec!["ann", "bob"]));
        let kinds = ChannelKinds::default()
            .register(Inboxes)
            .register(Dashboards {
                blogs: dashboard.clone(),
            });
        let rt = Realtime::start(None, Settings::default(), store.clone(), kinds)
            .await
            .unwrap();
        let (queue, _inbox) = crate::realtime::queue::channel(8);
        let socket = SocketHandle {
            id: 1,
            queue,
            close: Arc::new(CloseSignal::default()),
        };
        Fixture {
            rt,
            store,
            subs: Subscriptions::new(Some(7), socket),
            out: Sent::default(),
            dashboard,
            _dir: dir,
        }
    }

    impl Fixture {
        /// Commits `n` more events on the topic and answers them as deliveries.
        async fn commit(&self, n: usize) -> Vec<Delivery> {
            let mut deliveries = Vec::new();
            for _ in 0..n {
                let mut tx = self.store.begin().await.unwrap();
                let event = Event::Unread(UnreadCounts {
                    messaging: 0,
                    blogs: Vec::new(),
                });
                let published: Vec<Published> = log::record(tx.conn(), vec![(topic(), event)])
                    .await
                    .unwrap();
                tx.commit().await.unwrap();
                deliveries.extend(published.into_iter().map(Delivery::new));
            }
            deliveries
        }

        /// Commits one post event of `blog` (in the feed) and answers it as a delivery.
        async fn post(&self, blog: &str) -> Delivery {
            let mut tx = self.store.begin().await.unwrap();
            let event = Event::Post(dashwire_protocol::PostChange {
                blog: blog.into(),
                id: 1,
                action: dashwire_protocol::PostAction::Created,
            });
            let mut published = log::record(tx.conn(), vec![(posts(blog), event)])
                .await
                .unwrap();
            tx.commit().await.unwrap();
            Delivery::new(published.remove(0))
        }

        async fn refresh(&mut self) {
            let rt = self.rt.clone();
            let key = Topic::personal(Channel::Dashboard, 7).key();
            self.subs.refresh(&rt, &key, &mut self.out).await.unwrap();
        }

        /// Each frame since the last look as `channel seq`, acks as `channel +seq`.
        fn frames(&mut self) -> Vec<String> {
            std::mem::take(&mut self.out.0)
                .into_iter()
                .map(|frame| match frame {
                    ServerFrame::Event(event) => format!("{} {}", event.channel, event.seq),
                    ServerFrame::Subscribed { channel, seq } => format!("{channel} +{seq}"),
                    other => panic!("unexpected {other:?}"),
                })
                .collect()
        }

        async fn subscribe(&mut self, channel: &str, since: Option<i64>) {
            let rt = self.rt.clone();
            self.subs
                .subscribe(&rt, channel.to_owned(), since, &mut self.out)
                .await
                .unwrap();
        }

        async fn deliver(&mut self, delivery: &Delivery) {
            self.subs.deliver(delivery, &mut self.out).await.unwrap();
        }

        async fn step(&mut self) {
            let rt = self.rt.clone();
            self.subs.replay_step(&rt, &mut self.out).await.unwrap();
        }

        fn subscriptions(&self) -> i64 {
            self.rt.metrics().subscriptions.get()
        }

        /// How many replays of `reason` completed and the events they sent, as
        /// `dashwire_replay_events` shows them.
        fn replays(&self, reason: &str) -> (u64, u64) {
            let text = self.rt.metrics().render(0, 0);
            let value = |what: &str| {
                let name = format!("dashwire_replay_events_{what}{{reason=\"{reason}\"}} ");
                text.lines()
                    .find_map(|line| line.strip_prefix(&name))
                    .map_or(0.0, |v| v.parse::<f64>().unwrap()) as u64
            };
            (value("count"), value("sum"))
        }
    }

    /// Every subscription of every socket is one of these (plus its key): 64 bytes before
    /// the replay state was boxed, which is what budgets per socket were measured with.
    #[test]
    fn a_live_subscription_stays_small() {
        assert!(std::mem::size_of::<Subscription>() <= 40);
    }

    #[tokio::test]
    async fn a_subscribe_without_since_goes_live_at_the_latest_seq() {
        let mut f = fixture().await;
        let old = f.commit(3).await;
        f.subscribe(CHANNEL, None).await;
        assert_eq!(
            f.out.take(),
            [-3],
            "acked at the latest seq, nothing replayed"
        );
        assert!(!f.subs.replaying());
        let new = f.commit(1).await;
        f.deliver(&old[2]).await;
        f.deliver(&new[0]).await;
        f.deliver(&new[0]).await;
        assert_eq!(
            f.out.take(),
            [4],
            "only what the client does not have, once"
        );
    }

    #[tokio::test]
    async fn a_replay_then_live_has_no_gap_and_no_duplicate() {
        let mut f = fixture().await;
        f.subs.batch = 2;
        f.commit(5).await;
        f.subscribe(CHANNEL, Some(1)).await;
        assert_eq!(f.out.take(), Vec::<i64>::new(), "no ack before the replay");
        assert!(f.subs.replaying());
        // Live events while the replay runs: one it will read anyway, one newer than it knew.
        let live = f.commit(1).await;
        f.deliver(&live[0]).await;
        assert_eq!(f.out.take(), Vec::<i64>::new(), "held back for the replay");
        f.step().await;
        assert_eq!(f.out.take(), [2, 3]);
        f.step().await;
        assert_eq!(f.out.take(), [4, 5]);
        f.step().await;
        assert_eq!(
            f.out.take(),
            [6, -6],
            "the live one comes from the log, then the ack"
        );
        assert!(!f.subs.replaying());
        let next = f.commit(1).await;
        f.deliver(&live[0]).await;
        f.deliver(&next[0]).await;
        assert_eq!(f.out.take(), [7], "live again, without repeating 6");
        assert_eq!(
            f.replays("resume"),
            (1, 5),
            "one replay, of 2 to 6, recorded when it caught up"
        );
    }

    #[tokio::test]
    async fn a_live_event_that_skips_a_seq_replays_the_gap() {
        let mut f = fixture().await;
        f.subscribe(CHANNEL, None).await;
        f.out.take();
        let events = f.commit(3).await;
        f.deliver(&events[0]).await;
        f.deliver(&events[2]).await;
        assert_eq!(f.out.take(), [1], "3 is not sent ahead of 2");
        assert!(f.subs.replaying());
        f.step().await;
        assert_eq!(f.out.take(), [2, 3], "the gap and 3 from the log, no ack");
        assert_eq!(f.replays("gap"), (1, 2));
        assert_eq!(f.replays("resume"), (0, 0));
        f.deliver(&events[1]).await;
        assert_eq!(
            f.out.take(),
            Vec::<i64>::new(),
            "2 arriving late is a duplicate"
        );
    }

    #[tokio::test]
    async fn refused_channels_get_an_error_and_no_subscription() {
        let mut f = fixture().await;
        f.subscribe("inbox:theirs", None).await;
        f.subscribe("nope:1", None).await;
        f.subscribe("unread", None).await;
        let codes: Vec<ErrorCode> = std::mem::take(&mut f.out.0)
            .into_iter()
            .map(|frame| match frame {
                ServerFrame::Error { code, .. } => code,
                other => panic!("expected an error, got {other:?}"),
            })
            .collect();
        assert_eq!(
            codes,
            [
                ErrorCode::Forbidden,
                ErrorCode::UnknownChannel,
                ErrorCode::Forbidden
            ],
            "not theirs; not a channel; a kind no feature registered"
        );
        assert_eq!(f.subscriptions(), 0);
        assert_eq!(f.rt.metrics().refused_subscriptions.get(), 3);
    }

    #[tokio::test]
    async fn an_unsubscribe_mid_replay_stops_the_replay_and_the_live_events() {
        let mut f = fixture().await;
        f.subs.batch = 2;
        f.commit(5).await;
        f.subscribe(CHANNEL, Some(0)).await;
        f.step().await;
        assert_eq!(f.out.take(), [1, 2]);
        assert_eq!(f.subscriptions(), 1);
        let rt = f.rt.clone();
        f.subs
            .unsubscribe(&rt, CHANNEL.to_owned(), &mut f.out)
            .await
            .unwrap();
        assert!(
            matches!(&f.out.0[..], [ServerFrame::Unsubscribed { channel }] if channel == CHANNEL)
        );
        f.out.0.clear();
        assert!(!f.subs.replaying());
        f.step().await;
        let live = f.commit(1).await;
        f.deliver(&live[0]).await;
        assert_eq!(
            f.out.take(),
            Vec::<i64>::new(),
            "nothing after the unsubscribe"
        );
        assert_eq!(f.subscriptions(), 0, "the registry let go of the socket");
    }

    #[tokio::test]
    async fn a_resync_reads_what_the_bus_missed() {
        let mut f = fixture().await;
        f.subscribe(CHANNEL, None).await;
        f.out.take();
        f.commit(2).await;
        let rt = f.rt.clone();
        f.subs.resync(&rt, &topic().key()).await;
        f.step().await;
        assert_eq!(f.out.take(), [1, 2]);
        f.subs.resync(&rt, &topic().key()).await;
        assert!(!f.subs.replaying(), "nothing more to read");
        assert_eq!(f.replays("resync"), (1, 2));
    }

    #[tokio::test]
    async fn a_group_sends_its_members_events_by_feed_position() {
        let mut f = f_with_posts().await;
        f.subscribe("dashboard", None).await;
        assert_eq!(f.frames(), ["dashboard +3"], "acked at the feed's position");
        let ann = f.post("ann").await;
        let cid = f.post("cid").await;
        let bob = f.post("bob").await;
        f.deliver(&ann).await;
        f.deliver(&cid).await;
        f.deliver(&bob).await;
        f.deliver(&ann).await;
        assert_eq!(
            f.frames(),
            ["dashboard 4", "dashboard 6"],
            "ann's and bob's, once each; not cid's, whom it does not read"
        );
        // One subscription in the registry per member, and one for the group's own topic.
        assert_eq!(f.subscriptions(), 3);
    }

    #[tokio::test]
    async fn a_group_resumes_from_a_feed_position_with_only_its_members_events() {
        let mut f = f_with_posts().await;
        f.subs.batch = 1;
        // Feed: 1 ann, 2 cid, 3 bob (from the fixture); then 4 cid, 5 ann.
        f.post("cid").await;
        let ann = f.post("ann").await;
        f.subscribe("dashboard", Some(1)).await;
        assert!(f.subs.replaying());
        f.deliver(&ann).await;
        assert!(f.frames().is_empty(), "held back for the replay");
        f.step().await;
        assert_eq!(f.frames(), ["dashboard 3"]);
        f.step().await;
        assert_eq!(
            f.frames(),
            ["dashboard 5", "dashboard +5"],
            "caught up, then acked"
        );
        assert!(!f.subs.replaying());
    }

    #[tokio::test]
    async fn a_refreshed_group_follows_its_new_members_from_where_the_client_is() {
        let mut f = f_with_posts().await;
        f.subscribe("dashboard", None).await;
        f.frames();
        // Cid posts before the group knows it reads cid; then it follows cid and unfollows ann.
        let early = f.post("cid").await;
        f.deliver(&early).await;
        f.dashboard.lock().unwrap().splice(.., ["bob", "cid"]);
        f.refresh().await;
        f.step().await;
        assert_eq!(
            f.frames(),
            ["dashboard 4"],
            "what the new member posted since the client's position"
        );
        let ann = f.post("ann").await;
        let cid = f.post("cid").await;
        f.deliver(&ann).await;
        f.deliver(&cid).await;
        assert_eq!(f.frames(), ["dashboard 6"], "not ann's any more");
        assert_eq!(f.subscriptions(), 3, "bob, cid and the group's topic");
    }

    #[tokio::test]
    async fn a_topic_the_socket_reads_twice_is_let_go_only_when_neither_wants_it() {
        let mut f = f_with_posts().await;
        f.subscribe("dashboard", None).await;
        f.subscribe("posts:ann", None).await;
        f.frames();
        assert_eq!(
            f.subscriptions(),
            3,
            "posts:ann is one registration for both"
        );
        let ann = f.post("ann").await;
        f.deliver(&ann).await;
        assert_eq!(
            f.frames(),
            ["posts:ann 2", "dashboard 4"],
            "once on each channel"
        );
        let rt = f.rt.clone();
        f.subs
            .unsubscribe(&rt, "dashboard".to_owned(), &mut f.out)
            .await
            .unwrap();
        f.out.0.clear();
        assert_eq!(
            f.subscriptions(),
            1,
            "posts:ann stays for its own subscription"
        );
        let ann = f.post("ann").await;
        f.deliver(&ann).await;
        assert_eq!(f.frames(), ["posts:ann 3"]);
        f.subs.leave(&rt);
        assert_eq!(f.subscriptions(), 0);
    }

    /// A fixture whose feed already holds posts of ann, cid and bob (positions 1, 2, 3).
    async fn f_with_posts() -> Fixture {
        let f = fixture().await;
        for blog in ["ann", "cid", "bob"] {
            f.post(blog).await;
        }
        f
    }
}
