//! The state machine against a real event log (SQLite in a temp folder) and the real
//! registry, with frames collected in a list instead of written to a socket.

use dashwire_protocol::{ChannelKind, ConversationSummary, Event, EventFrame, MessageData};
use futures_util::future::BoxFuture;

use super::*;
use crate::realtime::metrics::SubscribeRead;
use crate::realtime::routing::registry::CloseSignal;
use crate::realtime::{ChannelAuthority, ChannelKinds, CurrentState, Grant, Settings, StateNow};
use crate::store::Store;
use crate::store::{Published, Topic};

mod groups;

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

/// `unread`, each socket's user their own: a kind the log keeps no row of
/// (`log::READ_AS_IT_IS_NOW`). The core imports no feature, so not the unread feature's own
/// authority; the tests here only go live on it, and a replay there, which reads the counts
/// as they are now, is tested with the feature (`tests/realtime_activity.rs`).
struct Unreads;

impl ChannelAuthority for Unreads {
    fn kinds(&self) -> &'static [ChannelKind] {
        &[ChannelKind::Unread]
    }

    fn authorize<'a>(
        &'a self,
        viewer: Option<i64>,
        _channel: &'a Channel,
    ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>> {
        let grant = viewer.map(|user| Grant::Topic(Topic::personal(Channel::Unread, user)));
        Box::pin(std::future::ready(Ok(grant)))
    }

    fn current_state(&self) -> Option<&dyn CurrentState> {
        Some(self)
    }
}

impl CurrentState for Unreads {
    /// No state to send: nothing here replays `unread`.
    fn read<'a>(&'a self, topics: &'a [String]) -> BoxFuture<'a, sqlx::Result<Vec<StateNow>>> {
        Box::pin(std::future::ready(Ok(vec![None; topics.len()])))
    }
}

fn posts(blog: &str) -> Topic {
    Topic::shared(Channel::Posts(blog.into())).in_feed()
}

/// What the state machine sent, in order.
#[derive(Default)]
struct Sent(Vec<ServerFrame>);

impl Outlet for Sent {
    fn send_frame(&mut self, frame: &ServerFrame) -> impl Future<Output = Result<(), Gone>> + Send {
        self.0.push(frame.clone());
        std::future::ready(Ok(()))
    }

    fn send_event(&mut self, delivery: &Delivery) -> impl Future<Output = Result<(), Gone>> + Send {
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
        })
        .register(Unreads);
    let rt = Realtime::start(None, Settings::default(), store.clone(), kinds)
        .await
        .unwrap();
    let (queue, _inbox) = crate::realtime::routing::queue::channel(8);
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
    /// Commits `n` more events on the topic, each standing alone (the log keeps them all),
    /// and answers them as deliveries.
    async fn commit(&self, n: usize) -> Vec<Delivery> {
        let mut deliveries = Vec::new();
        for id in 0..n as i64 {
            let event = Event::Message(MessageData {
                conversation_id: 1,
                id,
                ts: id,
                participant: "alice".into(),
                message: "hi".into(),
                r#type: "TEXT".into(),
            });
            deliveries.extend(self.record(event).await);
        }
        deliveries
    }

    /// Commits an inbox's entry for `conversation`: a whole state, which takes the place of
    /// the earlier entry for it in the log.
    async fn commit_entry(&self, conversation: i64) -> Vec<Delivery> {
        self.record(Event::Conversation(ConversationSummary {
            id: conversation,
            blog: "alice".into(),
            last_modified_ts: 0,
            last_read_ts: 0,
            unread: true,
            participants: Vec::new(),
            last_message: None,
        }))
        .await
    }

    async fn record(&self, event: Event) -> Vec<Delivery> {
        let mut tx = self.store.begin().await.unwrap();
        let published: Vec<Published> =
            crate::store::record_unpublished(&mut tx, vec![(topic(), event)])
                .await
                .unwrap();
        tx.commit().await.unwrap();
        published.into_iter().map(Delivery::new).collect()
    }

    /// Commits one post event of `blog` (in the feed) and answers it as a delivery.
    async fn post(&self, blog: &str) -> Delivery {
        let mut tx = self.store.begin().await.unwrap();
        let event = Event::Post(dashwire_protocol::PostChange {
            blog: blog.into(),
            id: 1,
            action: dashwire_protocol::PostAction::Created,
        });
        let mut published = crate::store::record_unpublished(&mut tx, vec![(posts(blog), event)])
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
        let text = self.rt.metrics().render(Default::default());
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
/// the replay state was boxed, which is what budgets per socket were measured with, and 40
/// before it stopped keeping its own copy of a shared topic's channel.
#[test]
fn a_live_subscription_stays_small() {
    assert!(std::mem::size_of::<Subscription>() <= 32);
}

/// A topic everyone reads alike goes out on its key; only a personal topic's channel is
/// kept apart from it.
#[test]
fn a_subscription_keeps_a_channel_only_when_it_is_not_the_key() {
    let posts = Topic::shared(Channel::Posts("ann".into())).in_feed();
    assert_eq!(own_channel(&posts, &posts.key()), None);
    let shared = live(None, 3);
    assert_eq!(shared.channel("posts:ann"), "posts:ann");
    let unread = Topic::personal(Channel::Unread, 7);
    let personal = live(own_channel(&unread, &unread.key()), 3);
    assert_eq!(personal.channel("unread:7"), "unread");
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
    assert_eq!(
        f.out.take(),
        [2, 3],
        "the replay's first batch at once, and no ack before the replay ends"
    );
    assert!(f.subs.replaying());
    // Live events while the replay runs: one it will read anyway, one newer than it knew.
    let live = f.commit(1).await;
    f.deliver(&live[0]).await;
    assert_eq!(f.out.take(), Vec::<i64>::new(), "held back for the replay");
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

/// On a channel the log keeps no row of (`unread`), each event is the whole state and holds
/// every change before it: one that skips seqs is sent at once, with nothing to read.
#[tokio::test]
async fn a_live_event_that_skips_a_seq_of_a_whole_state_is_sent_at_once() {
    let mut f = fixture().await;
    f.subscribe("unread", None).await;
    f.out.take();
    let mut events = Vec::new();
    for messaging in 1..=3 {
        let mut tx = f.store.begin().await.unwrap();
        let counts = Event::Unread(dashwire_protocol::UnreadCounts {
            messaging,
            blogs: Vec::new(),
        });
        let unread = Topic::personal(Channel::Unread, 7);
        let published = crate::store::record_unpublished(&mut tx, vec![(unread, counts)])
            .await
            .unwrap();
        tx.commit().await.unwrap();
        events.extend(published.into_iter().map(Delivery::new));
    }
    f.deliver(&events[0]).await;
    f.deliver(&events[2]).await;
    assert_eq!(f.out.take(), [1, 3], "3 holds what 2 changed");
    assert!(!f.subs.replaying(), "nothing to read");
    f.deliver(&events[1]).await;
    assert_eq!(f.out.take(), Vec::<i64>::new(), "2 arriving late is older");
}

#[tokio::test]
async fn refused_channels_get_an_error_and_no_subscription() {
    let mut f = fixture().await;
    f.subscribe("inbox:theirs", None).await;
    f.subscribe("nope:1", None).await;
    f.subscribe("activity:alice", None).await;
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
    assert_eq!(f.out.take(), [1, 2], "the first batch, with the subscribe");
    assert!(f.subs.replaying());
    assert_eq!(f.subscriptions(), 1);
    let rt = f.rt.clone();
    f.subs
        .unsubscribe(&rt, CHANNEL.to_owned(), &mut f.out)
        .await
        .unwrap();
    assert!(matches!(&f.out.0[..], [ServerFrame::Unsubscribed { channel }] if channel == CHANNEL));
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
async fn a_replay_sends_the_newest_of_each_state_and_skips_the_rest() {
    let mut f = fixture().await;
    f.commit_entry(1).await; // 1, superseded by 4
    f.commit_entry(2).await; // 2
    f.commit(1).await; // 3, a message: kept
    f.commit_entry(1).await; // 4
    f.commit_entry(3).await; // 5, superseded by 6
    f.commit_entry(3).await; // 6
    f.subscribe(CHANNEL, Some(0)).await;
    f.step().await;
    assert_eq!(
        f.out.take(),
        [2, 3, 4, 6, -6],
        "each conversation's newest entry and the message, in order, then the ack"
    );
    assert!(!f.subs.replaying());
    let next = f.commit_entry(2).await;
    f.deliver(&next[0]).await;
    assert_eq!(f.out.take(), [7], "live from there, no gap to replay");
}

#[tokio::test]
async fn sockets_subscribing_at_once_are_read_for_together() {
    let f = fixture().await;
    f.commit(3).await;
    let mut sockets: Vec<(Subscriptions, Sent)> = (0..20)
        .map(|id| {
            let (queue, _inbox) = crate::realtime::routing::queue::channel(8);
            let socket = SocketHandle {
                id: 100 + id,
                queue,
                close: Arc::new(CloseSignal::default()),
            };
            (Subscriptions::new(Some(7), socket), Sent::default())
        })
        .collect();
    // Twenty sockets resume the same channel at once, as after another node went.
    let rt = f.rt.clone();
    futures_util::future::join_all(sockets.iter_mut().map(|(subs, out)| {
        let rt = rt.clone();
        async move {
            subs.subscribe(&rt, CHANNEL.to_owned(), Some(1), out)
                .await
                .unwrap()
        }
    }))
    .await;
    for (subs, out) in &mut sockets {
        assert_eq!(
            out.take(),
            [2, 3, -3],
            "each replays what it missed, then is acked"
        );
        assert!(!subs.replaying());
    }
    for read in [
        SubscribeRead::Authorize,
        SubscribeRead::ChannelState,
        SubscribeRead::Replay,
    ] {
        let (reads, batches) = f.rt.metrics().subscribe_reads(read);
        assert_eq!(reads, 20, "{read:?}: one read a socket");
        assert!(
            batches < 5,
            "{read:?}: read together, not one at a time ({batches} batches)"
        );
    }
}

#[tokio::test]
async fn a_subscribe_whose_read_fails_is_answered_internal_and_asks_nothing_more() {
    let mut f = fixture().await;
    f.commit(3).await;
    // The database goes away: every read fails.
    f.store.close().await;
    f.subscribe(CHANNEL, Some(1)).await;
    match f.out.0.as_slice() {
        [ServerFrame::Error { code, channel, .. }] => {
            assert_eq!(
                (code, channel.as_deref()),
                (&ErrorCode::Internal, Some(CHANNEL))
            );
        }
        other => panic!("an internal error, not {other:?}"),
    }
    assert!(!f.subs.replaying(), "not subscribed: the client asks again");
    assert_eq!(f.subscriptions(), 0, "nor registered");
}
