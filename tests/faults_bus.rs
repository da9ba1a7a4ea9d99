//! The fault model's bus faults (docs/architecture.md), on two nodes sharing PostgreSQL and a
//! Redis of the test's own, which the test stops and starts again: nothing acknowledged is
//! lost, and what the bus could not carry (a session's end) is made good once it is back.

mod common;

use std::time::{Duration, Instant};

use common::chat::{Reader, Sent, assert_read_exactly, send_noted};
use common::services::OwnRedis;
use common::ws::cookie_socket;
use common::{Client, Kind, Server, TestDb};

/// Two nodes on `db` fanning out through `redis`.
fn two_nodes(db: &TestDb, redis: &OwnRedis) -> (Server, Server) {
    let url = redis.url();
    let args = [
        "--redis-url",
        url.as_str(),
        "--redis-prefix",
        db.unique_name(),
    ];
    (Server::start(&db.url, &args), Server::start(&db.url, &args))
}

/// Ann and Ben's conversation on two nodes over `redis`: both registered on node one.
struct Chat {
    db: TestDb,
    one: Server,
    two: Server,
    /// The two nodes' base URLs, one then two.
    nodes: [String; 2],
    ann: Client,
    ben: Client,
    /// The conversation's channel.
    channel: String,
}

impl Chat {
    async fn on_two_nodes(redis: &OwnRedis) -> Chat {
        let db = TestDb::new(Kind::Postgres).await;
        let (one, two) = two_nodes(&db, redis);
        let nodes = [one.base.clone(), two.base.clone()];
        let ann = Client::registered(&one.base, "ann@example.com", "ann").await;
        let ben = Client::registered(&one.base, "ben@example.com", "ben").await;
        let id = ann.start_conversation("ann", "ben").await;
        let channel = format!("conversation:{id}");
        Chat {
            db,
            one,
            two,
            nodes,
            ann,
            ben,
            channel,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_ended_while_redis_is_down_close_everywhere_once_it_is_back() {
    let mut redis = OwnRedis::start();
    let db = TestDb::new(Kind::Postgres).await;
    let (mut one, two) = two_nodes(&db, &redis);
    let ann = Client::registered(&one.base, "ann@example.com", "ann").await;
    let ann_elsewhere = Client::logged_in(&one.base, "ann@example.com").await;
    let ben = Client::registered(&one.base, "ben@example.com", "ben").await;
    // Their sockets are on node two, which read (and cached) their sessions to open them.
    let mut ann_socket = cookie_socket(&two.base, &ann_elsewhere).await;
    ann_socket.subscribe("unread", None).await;
    let mut ben_socket = cookie_socket(&two.base, &ben).await;
    ben_socket.subscribe("unread", None).await;

    let cookies = [
        ("ann's other session", ann_elsewhere.cookie()),
        ("ben", ben.cookie()),
    ];
    redis.stop();
    // Ben logs out and Ann changes her password (which ends her other session) on node one:
    // both are stored, and neither can cross the bus.
    assert_eq!(
        ben.logout().await,
        303,
        "logout answers with the login page"
    );
    let changed = ann
        .post(
            "/svc/user/password",
            &[
                ("password", "correct horse"),
                ("new_password", "battery staple"),
            ],
        )
        .await;
    assert_eq!(changed.status, 200, "{:?}", changed.body);
    // Node one dies before Redis is back: whatever it kept to publish again dies with it, so
    // only node two's own reconciliation can close these sockets.
    one.kill();
    assert!(
        ann_socket.ws.get_ref().get_ref().peer_addr().is_ok(),
        "node two keeps its sockets while the bus is away"
    );

    redis.start_again();
    let back = Instant::now();
    let codes = (ann_socket.closed().await, ben_socket.closed().await);
    let healed_in = back.elapsed();
    println!("the ended sessions' sockets closed {healed_in:?} after Redis was back");
    assert_eq!(
        codes,
        (
            dashwire_protocol::CLOSE_SESSION_ENDED,
            dashwire_protocol::CLOSE_SESSION_ENDED
        ),
        "both ended sessions' sockets close with 4001"
    );
    assert!(
        healed_in < Duration::from_secs(5),
        "closed {healed_in:?} after Redis came back (at most 5 s)"
    );
    // Node two no longer takes their cookies either.
    for (who, cookie) in &cookies {
        let answer = reqwest::Client::new()
            .get(format!("{}/svc/user/following", two.base))
            .header("cookie", cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 401, "{who}'s ended session on node two");
    }
    let reconciled = common::server::metric(&two.base, "sessions_reconciled_total").await;
    assert_eq!(reconciled, 2, "node two counts the two sessions it closed");
    let reconnects = common::server::metric(&two.base, "bus_reconnects_total").await;
    assert!(reconnects >= 1, "node two counts its bus reconnect");
    drop(two);
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redis_restart_under_sends_loses_nothing_and_duplicates_nothing() {
    let mut redis = OwnRedis::start();
    let Chat {
        db,
        one,
        two,
        nodes,
        ann,
        ben,
        channel,
    } = Chat::on_two_nodes(&redis).await;
    // A reader on each node: the other node's hears the sends over the bus, this one's
    // locally.
    let mut far = Reader::start(&nodes, 1, &ben, &channel).await;
    let mut near = Reader::start(&nodes, 0, &ben, &channel).await;

    let mut sent = Sent::default();
    for i in 0..150 {
        match i {
            40 => redis.stop(),
            100 => redis.start_again(),
            _ => {}
        }
        send_noted(&ann, "ann", "ben", format!("m{i}"), &mut sent).await;
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(
        sent.refused.is_empty(),
        "sends answer 200 while Redis is down (the database is the truth): {:?}",
        sent.refused
    );
    let want = sent.acknowledged.len();
    for (reader, which) in [
        (&mut far, "the other node's reader"),
        (&mut near, "the sending node's reader"),
    ] {
        let done = reader
            .read_until(Duration::from_secs(10), |r| r.texts.len() >= want)
            .await;
        assert!(done, "{which} read {} of {want}", reader.texts.len());
        // Anything more would be a duplicate: give it a moment to show.
        reader
            .read_until(Duration::from_millis(300), |_| false)
            .await;
        assert_read_exactly(reader, &sent, which);
    }
    let caught_up = common::server::metric(&two.base, "bus_caught_up_events_total").await;
    assert!(caught_up > 0, "node two's reader caught up from the log");
    far.stop().await;
    near.stop().await;
    drop((one, two));
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sending_nodes_sockets_have_its_messages_while_redis_is_down_and_each_once() {
    let mut redis = OwnRedis::start();
    let Chat {
        db,
        one,
        two,
        nodes,
        ann,
        ben,
        channel,
    } = Chat::on_two_nodes(&redis).await;
    let mut near = Reader::start(&nodes, 0, &ben, &channel).await;

    // With Redis up, the node's own message reaches its reader once: the copy Redis brings
    // back is skipped.
    let mut sent = Sent::default();
    send_noted(&ann, "ann", "ben", "before".into(), &mut sent).await;
    let read = near
        .read_until(Duration::from_secs(5), |r| !r.texts.is_empty())
        .await;
    assert!(read, "the sending node's reader has the message");
    // While Redis is down the node's own sockets still have what it commits, at once: they
    // never waited for the round trip through Redis.
    redis.stop();
    for i in 0..5 {
        send_noted(&ann, "ann", "ben", format!("while down {i}"), &mut sent).await;
    }
    assert_eq!(sent.acknowledged.len(), 6, "{:?}", sent.refused);
    let read = near
        .read_until(Duration::from_secs(2), |r| r.texts.len() >= 6)
        .await;
    assert!(
        read,
        "the sending node's reader had {} of 6 with Redis still down",
        near.texts.len()
    );
    redis.start_again();
    // Nothing comes twice once Redis is back (a moment for a duplicate to show).
    near.read_until(Duration::from_millis(500), |_| false).await;
    assert_read_exactly(&near, &sent, "the sending node's reader");
    near.stop().await;
    drop((one, two));
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follow_made_while_redis_is_down_reaches_the_open_dashboard_once_it_is_back() {
    use dashwire_protocol::Event;
    let mut redis = OwnRedis::start();
    let db = TestDb::new(Kind::Postgres).await;
    let (mut one, two) = two_nodes(&db, &redis);
    let ann = Client::registered(&one.base, "ann@example.com", "ann").await;
    let ben = Client::registered(&one.base, "ben@example.com", "ben").await;
    // Ben's dashboard is open on node two; he follows no one yet.
    let mut dashboard = cookie_socket(&two.base, &ben).await;
    dashboard.subscribe("dashboard", None).await;

    redis.stop();
    // He follows Ann on node one: node two's dashboard cannot hear of it over the bus. Node
    // one then dies, with the refresh it kept to send again: only node two's own heal is left.
    let followed = ben.post("/svc/follow", &[("tumblelog", "ann")]).await;
    assert_eq!(followed.status, 200, "{:?}", followed.body);
    one.kill();
    let ann = ann.on(&two.base);
    redis.start_again();
    // Once node two has made good what the outage lost, Ann's posts reach his dashboard.
    let mut posted = None;
    for attempt in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let id = ann
            .save_post(
                "ann",
                &[
                    ("post[type]", "text"),
                    ("post[state]", "0"),
                    ("post[one]", &format!("after the outage {attempt}")),
                ],
            )
            .await["post"]["id"]
            .as_i64()
            .unwrap();
        let heard = tokio::time::timeout(Duration::from_millis(300), dashboard.event()).await;
        if let Ok(frame) = heard {
            posted = Some((id, frame));
            break;
        }
    }
    let (id, frame) = posted.expect("a post of Ann's reached Ben's open dashboard within 5 s");
    match frame.event {
        Event::Post(change) => assert!(change.id <= id, "one of Ann's posts: {change:?}"),
        other => panic!("expected a post, got {other:?}"),
    }
    drop((one, two));
    db.cleanup().await;
}
