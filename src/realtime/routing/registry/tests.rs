//! The registry routing real deliveries to real socket queues, in seq and feed order.

use super::*;
use crate::store::{Published, Topic as RoutedTopic};
use dashwire_protocol::{Channel, Event, MessageData, UnreadCounts};

/// A conversation: each of its events is a change of its own, so a missing seq is waited for.
fn topic() -> RoutedTopic {
    RoutedTopic::shared(Channel::Conversation(1))
}

fn event(seq: i64) -> Arc<Delivery> {
    Arc::new(Delivery::new(Published {
        topic: topic(),
        seq,
        feed_seq: None,
        event: Event::Message(MessageData {
            conversation_id: 1,
            id: seq,
            ts: seq,
            participant: "ann".into(),
            message: "hi".into(),
            r#type: "TEXT".into(),
        }),
    }))
}

/// A registry with one subscriber of the topic, and that subscriber's queue.
fn subscribed() -> (Registry, queue::Receiver<Outbound>) {
    let registry = Registry::default();
    let (queue, inbox) = queue::channel(16);
    let socket = SocketHandle {
        id: 1,
        queue,
        close: Arc::new(CloseSignal::default()),
    };
    registry.subscribe(&topic().key(), TopicKind::Own, socket, || {});
    (registry, inbox)
}

fn received(inbox: &mut queue::Receiver<Outbound>) -> Vec<i64> {
    let mut seqs = Vec::new();
    while let Some(Outbound::Event(delivery)) = inbox.try_recv() {
        seqs.push(delivery.seq);
    }
    seqs
}

#[test]
fn a_held_event_reaches_subscribers_in_order_and_is_counted() {
    let (registry, mut inbox) = subscribed();
    let metrics = Metrics::default();
    assert!(registry.route(event(1), &metrics).hold.is_none());
    let hold = registry
        .route(event(3), &metrics)
        .hold
        .expect("3 waits for 2");
    assert_eq!(registry.missing(&hold), Some((1, 2)));
    assert_eq!(received(&mut inbox), [1]);
    registry.route(event(2), &metrics);
    assert_eq!(received(&mut inbox), [2, 3]);
    assert_eq!(metrics.events_held.get(), 1);
    assert_eq!(metrics.events_delivered.get(), 3);
}

/// A user's unread counts: each event holds every change before it, so none waits for a
/// missing seq (`Reorder::accept_whole_state`).
#[test]
fn a_whole_state_that_skips_a_seq_goes_out_at_once() {
    let registry = Registry::default();
    let (socket, mut inbox) = socket(1);
    let unread = RoutedTopic::personal(Channel::Unread, 1);
    registry.subscribe(&unread.key(), TopicKind::Own, socket, || {});
    let counts = |seq: i64| {
        Arc::new(Delivery::new(Published {
            topic: unread.clone(),
            seq,
            feed_seq: None,
            event: Event::Unread(UnreadCounts {
                messaging: seq,
                blogs: Vec::new(),
            }),
        }))
    };
    let metrics = Metrics::default();
    for seq in [1, 3] {
        assert!(registry.route(counts(seq), &metrics).hold.is_none());
    }
    assert_eq!(received(&mut inbox), [1, 3]);
    assert_eq!(metrics.events_held.get(), 0);
}

#[test]
fn a_resync_tells_every_subscriber_and_stops_the_wait() {
    let (registry, mut inbox) = subscribed();
    let metrics = Metrics::default();
    registry.route(event(1), &metrics);
    assert!(registry.route(event(3), &metrics).hold.is_some());
    registry.resync(&topic().key());
    assert!(matches!(inbox.try_recv(), Some(Outbound::Event(d)) if d.seq == 1));
    assert!(matches!(inbox.try_recv(), Some(Outbound::Resync(t)) if *t == *topic().key()));
    assert!(registry.route(event(5), &metrics).hold.is_none());
    assert_eq!(received(&mut inbox), [5]);
}

#[test]
fn a_full_queue_closes_its_socket_as_a_slow_consumer() {
    let registry = Registry::default();
    let (queue, _inbox) = queue::channel(1);
    let close = Arc::new(CloseSignal::default());
    let socket = SocketHandle {
        id: 9,
        queue,
        close: close.clone(),
    };
    registry.subscribe(&topic().key(), TopicKind::Own, socket, || {});
    let metrics = Metrics::default();
    registry.route(event(1), &metrics);
    registry.route(event(2), &metrics);
    assert_eq!(metrics.slow_consumers.get(), 1);
    assert!(!close.close(1000), "the slow-consumer close came first");
}

fn post_in_feed(blog: &str, seq: i64, feed_seq: i64) -> Arc<Delivery> {
    Arc::new(Delivery::new(Published {
        topic: RoutedTopic::shared(Channel::Posts(blog.into())).in_feed(),
        seq,
        feed_seq: Some(feed_seq),
        event: Event::Post(dashwire_protocol::PostChange {
            blog: blog.into(),
            id: feed_seq,
            action: dashwire_protocol::PostAction::Created,
        }),
    }))
}

#[test]
fn events_in_the_feed_go_out_in_feed_order_whatever_their_topic() {
    let registry = Registry::default();
    let (queue, mut inbox) = queue::channel(16);
    let socket = SocketHandle {
        id: 1,
        queue,
        close: Arc::new(CloseSignal::default()),
    };
    for blog in ["ann", "bob"] {
        let key: Arc<str> = Arc::from(format!("posts:{blog}"));
        registry.subscribe(&key, TopicKind::Feed, socket.clone(), || {});
    }
    let metrics = Metrics::default();
    let first = registry.route(post_in_feed("ann", 1, 1), &metrics);
    assert!(first.hold.is_none());
    let hold = registry
        .route(post_in_feed("ann", 2, 3), &metrics)
        .hold
        .expect("3 waits for 2");
    assert_eq!(registry.missing(&hold), Some((1, 2)));
    // 2 is bob's: a topic of its own, but the feed is one order.
    registry.route(post_in_feed("bob", 1, 2), &metrics);
    let mut order = Vec::new();
    while let Some(Outbound::Event(d)) = inbox.try_recv() {
        order.push(d.feed_seq.unwrap());
    }
    assert_eq!(order, [1, 2, 3]);
    assert_eq!(metrics.events_held.get(), 1);
}

#[test]
fn a_feed_resync_tells_the_feeds_topics_and_the_groups_but_no_other() {
    let registry = Registry::default();
    let mut inboxes = Vec::new();
    for (id, (key, kind)) in [
        ("posts:ann", TopicKind::Feed),
        ("dashboard:7", TopicKind::Group),
        ("unread:7", TopicKind::Own),
    ]
    .into_iter()
    .enumerate()
    {
        let (queue, inbox) = queue::channel(4);
        let socket = SocketHandle {
            id: id as u64,
            queue,
            close: Arc::new(CloseSignal::default()),
        };
        registry.subscribe(&Arc::from(key), kind, socket, || {});
        inboxes.push(inbox);
    }
    registry.resync_feed();
    let told: Vec<bool> = inboxes
        .iter_mut()
        .map(|inbox| matches!(inbox.try_recv(), Some(Outbound::Resync(_))))
        .collect();
    assert_eq!(told, [true, true, false]);
}

#[test]
fn a_big_busy_topic_queues_its_events_together_at_the_flush() {
    let registry = Registry::default();
    let mut inboxes = Vec::new();
    for id in 0..crate::realtime::routing::coalesce::MIN_SUBSCRIBERS as u64 {
        let (queue, inbox) = queue::channel(4);
        let socket = SocketHandle {
            id,
            queue,
            close: Arc::new(CloseSignal::default()),
        };
        registry.subscribe(&topic().key(), TopicKind::Own, socket, || {});
        inboxes.push(inbox);
    }
    let metrics = Metrics::default();
    assert!(
        registry.route(event(1), &metrics).flush.is_empty(),
        "quiet: at once"
    );
    let second = registry.route(event(2), &metrics);
    assert_eq!(second.flush, [topic().key()], "busy: held, to flush");
    assert!(
        registry.route(event(3), &metrics).flush.is_empty(),
        "held behind it"
    );
    assert_eq!(received(&mut inboxes[7]), [1]);
    registry.flush(&topic().key(), &metrics);
    assert_eq!(received(&mut inboxes[7]), [2, 3], "together, in order");
    assert_eq!(metrics.events_delivered.get(), 3 * inboxes.len() as u64);
}

/// A socket with a small queue of its own (left open), and that queue.
fn socket(id: u64) -> (SocketHandle, queue::Receiver<Outbound>) {
    let (queue, inbox) = queue::channel(4);
    let socket = SocketHandle {
        id,
        queue,
        close: Arc::new(CloseSignal::default()),
    };
    (socket, inbox)
}

/// The code a socket was asked to close with; 0 if none.
fn close_code(socket: &SocketHandle) -> u16 {
    socket.close.code.load(Ordering::Acquire)
}

#[test]
fn ending_a_session_closes_its_sockets_here_and_no_others() {
    const ANN: &str = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";
    const BOB: &str = "0000000000000000000000000000000000000000000000000000000000000000";
    const ENDED: u16 = dashwire_protocol::CLOSE_SESSION_ENDED;
    let registry = Registry::default();
    let (ann_1, _a1) = socket(1);
    let (ann_2, _a2) = socket(2);
    let (ann_gone, _a3) = socket(3);
    let (bob, _b) = socket(4);
    for socket in [&ann_1, &ann_2, &ann_gone] {
        registry.add_session_socket(TokenHash::of(ANN), true, socket.clone());
    }
    registry.add_session_socket(TokenHash::of(BOB), true, bob.clone());
    registry.remove_session_socket(&TokenHash::of(ANN), ann_gone.id);
    // As the bus names the session: its hash in hex.
    registry.close_session(&TokenHash::of(ANN), ENDED);
    assert_eq!(close_code(&ann_1), ENDED);
    assert_eq!(close_code(&ann_2), ENDED);
    assert_eq!(close_code(&ann_gone), 0, "it had left the registry");
    assert_eq!(close_code(&bob), 0);
    for (session, socket) in [(ANN, &ann_1), (ANN, &ann_2), (BOB, &bob)] {
        registry.remove_session_socket(&TokenHash::of(session), socket.id);
    }
    assert!(
        registry.sessions.is_empty(),
        "a session with no socket left is forgotten"
    );
}

/// One entry per open socket's session: the session's key and its one socket, inline.
#[test]
fn a_session_entry_stays_small() {
    assert!(std::mem::size_of::<(TokenHash, SmallVec<[SocketHandle; 1]>)>() <= 64);
}
