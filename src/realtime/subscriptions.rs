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
//! Replays run one batch at a time ([`Subscriptions::replay_step`]), so a socket keeps
//! answering pings and frames (an unsubscribe, say) while it catches up.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use dashwire_protocol::{Channel, ErrorCode, EventFrame, ServerFrame};

use super::Realtime;
use super::delivery::Delivery;
use super::metrics::ReplayReason;
use super::registry::SocketHandle;

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
}

/// One socket's subscriptions.
#[derive(Debug)]
pub struct Subscriptions {
    /// The socket's user; `None` for a visitor.
    viewer: Option<i64>,
    socket: SocketHandle,
    /// Each subscribed topic, by key.
    topics: HashMap<Arc<str>, Subscription>,
    /// Topics with a replay to run, oldest first.
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

impl Subscriptions {
    /// No subscriptions yet, for a socket of `viewer` (`None`: a visitor).
    pub fn new(viewer: Option<i64>, socket: SocketHandle) -> Subscriptions {
        Subscriptions {
            viewer,
            socket,
            topics: HashMap::new(),
            replays: VecDeque::new(),
            batch: REPLAY_BATCH,
        }
    }

    /// Whether a replay is waiting for its next step.
    pub fn replaying(&self) -> bool {
        !self.replays.is_empty()
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
        let topic = match rt.inner.kinds.authorize(self.viewer, &channel).await {
            Ok(Some(topic)) => topic,
            Ok(None) => {
                refused.inc();
                let message = format!("You can't subscribe to {raw}: it isn't yours.");
                return error(out, Some(&raw), ErrorCode::Forbidden, message).await;
            }
            Err(err) => return internal(out, &raw, err).await,
        };
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
        rt.subscribe(&key, self.socket.clone());
        let state = match rt.inner.store.channel_state(&key).await {
            Ok(state) => state,
            Err(err) => {
                rt.unsubscribe(&key, self.socket.id);
                return internal(out, &raw, err).await;
            }
        };
        rt.registry().seen(&key, state.seq);
        let channel = topic.channel().to_string();
        match since {
            Some(since) if since < state.pruned_through => {
                self.topics.insert(key, live(channel, state.seq));
                let message = format!(
                    "Events after {since} are no longer kept; reload, then subscribe without since."
                );
                error(out, Some(&raw), ErrorCode::ResumeTooOld, message).await?;
                ack(out, raw, state.seq).await
            }
            Some(since) if since < state.seq => {
                let replay = Replay::new(state.seq, Some(raw), ReplayReason::Resume);
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
            _ => {
                self.topics.insert(key, live(channel, state.seq));
                ack(out, raw, state.seq).await
            }
        }
    }

    /// An `unsubscribe` frame: stops the topic at once, replay included.
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
        let key = self
            .topics
            .iter()
            .find(|(_, sub)| sub.channel == channel)
            .map(|(key, _)| key.clone());
        if let Some(key) = key {
            self.topics.remove(&key);
            self.replays.retain(|k| *k != key);
            rt.unsubscribe(&key, self.socket.id);
        }
        out.send_frame(&ServerFrame::Unsubscribed { channel: raw })
            .await
    }

    /// A live event routed to this socket; answers whether it was written (rather than
    /// skipped as a duplicate or left to a replay).
    pub async fn deliver(
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

    /// The bus may have missed events of `topic` (it just (re)subscribed): read the log for
    /// anything after what the client has.
    pub async fn resync(&mut self, rt: &Realtime, topic: &Arc<str>) {
        let Some(sub) = self.topics.get(topic) else {
            return;
        };
        let latest = match rt.inner.store.channel_state(topic).await {
            Ok(state) => state.seq,
            Err(err) => {
                tracing::warn!(error = %err, %topic, "resync failed");
                return;
            }
        };
        if latest <= sub.last {
            return;
        }
        let sub = self.topics.get_mut(topic).expect("checked above");
        match &mut sub.replay {
            Some(replay) => replay.up_to = replay.up_to.max(latest),
            None => {
                sub.replay = Some(Replay::new(latest, None, ReplayReason::Resync));
                self.replays.push_back(topic.clone());
            }
        }
    }

    /// Runs one batch of the oldest waiting replay; a topic with more to read waits behind
    /// the others' next batch. Ends the replay (and sends its ack) when it has caught up.
    pub async fn replay_step(&mut self, rt: &Realtime, out: &mut impl Outlet) -> Result<(), Gone> {
        let Some(key) = self.replays.pop_front() else {
            return Ok(());
        };
        let Some(sub) = self.topics.get_mut(&key) else {
            return Ok(());
        };
        let Some(replay) = &mut sub.replay else {
            return Ok(());
        };
        let read = rt
            .inner
            .store
            .events_between(&key, sub.last, replay.up_to, self.batch)
            .await;
        let events = match read {
            Ok(events) => events,
            Err(err) => {
                // Live again from where the client is: the next event that skips a seq starts
                // another replay, and the client can resubscribe with `since` meanwhile.
                tracing::warn!(error = %err, topic = %key, "replay failed");
                let raw = replay.ack.take().unwrap_or_else(|| sub.channel.clone());
                sub.replay = None;
                return internal(out, &raw, err).await;
            }
        };
        let full = events.len() as i64 == self.batch;
        for (seq, event) in events {
            let frame = ServerFrame::Event(EventFrame {
                channel: sub.channel.clone(),
                seq,
                event,
            });
            out.send_frame(&frame).await?;
            sub.last = seq;
            replay.sent += 1;
            rt.metrics().events_replayed.inc();
        }
        if full && sub.last < replay.up_to {
            self.replays.push_back(key);
            return Ok(());
        }
        // Caught up. Seqs the log no longer has (pruned) are skipped rather than read again.
        rt.metrics().record_replay(replay.reason, replay.sent);
        sub.last = sub.last.max(replay.up_to);
        let owed = replay.ack.take();
        sub.replay = None;
        match owed {
            Some(raw) => ack(out, raw, sub.last).await,
            None => Ok(()),
        }
    }

    /// Leaves every topic (the socket is closing).
    pub fn leave(&mut self, rt: &Realtime) {
        for key in self.topics.keys() {
            rt.unsubscribe(key, self.socket.id);
        }
        self.topics.clear();
        self.replays.clear();
    }
}

fn live(channel: String, seq: i64) -> Subscription {
    Subscription {
        channel,
        last: seq,
        replay: None,
    }
}

async fn ack(out: &mut impl Outlet, channel: String, seq: i64) -> Result<(), Gone> {
    out.send_frame(&ServerFrame::Subscribed { channel, seq })
        .await
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

    use dashwire_protocol::{Event, UnreadCounts};
    use futures_util::future::BoxFuture;
    use tokio::sync::mpsc;

    use super::*;
    use crate::realtime::registry::CloseSignal;
    use crate::realtime::{ChannelAuthority, ChannelKinds, Published, Settings, Topic, log};
    use crate::store::Store;

    /// Lets anyone read any `inbox`, except `inbox:theirs`.
    struct Inboxes;

    impl ChannelAuthority for Inboxes {
        fn kinds(&self) -> &'static [&'static str] {
            &["inbox"]
        }

        fn authorize<'a>(
            &'a self,
            _viewer: Option<i64>,
            channel: &'a Channel,
        ) -> BoxFuture<'a, sqlx::Result<Option<Topic>>> {
            let allowed = *channel != Channel::Inbox("theirs".into());
            Box::pin(std::future::ready(Ok(
                allowed.then(|| Topic::shared(channel.clone()))
            )))
        }
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
        let kinds = ChannelKinds::default().register(Inboxes);
        let rt = Realtime::start(None, Settings::default(), store.clone(), kinds)
            .await
            .unwrap();
        let (queue, _inbox) = mpsc::channel(8);
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
                let published: Vec<Published> =
                    log::record(&mut tx, vec![(topic(), event)]).await.unwrap();
                tx.commit().await.unwrap();
                deliveries.extend(published.into_iter().map(Delivery::new));
            }
            deliveries
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
}
