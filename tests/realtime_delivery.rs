//! How events reach sockets: a dropped socket resumes with exactly what it missed, a slow
//! consumer is cut off without holding others back, two nodes deliver to each other's
//! sockets through Redis, and an event the bus never carried is read from the log once per
//! node and delivered in order.

mod common;

use std::time::{Duration, Instant};

use common::client::pair;
use common::db::execute;
use common::deployment::{Deployment, SETUPS, Setup};
use common::server::metric;
use common::ws::{self, Options, cookie_socket, message_text, socket_on};
use common::{Client, Kind, Server, TestDb};
use dashwire_protocol::Event;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn a_dropped_socket_resumes_with_since_and_gets_exactly_what_it_missed() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let id = ann.start_conversation("ann", "ben").await;
        let channel = format!("conversation:{id}");

        let mut first = socket_on(&sockets, &ben).await;
        let (_, seq) = first.subscribe(&channel, None).await;
        ann.send_to("ann", "ben", "one").await;
        let seen = first.event().await;
        assert_eq!(
            seen.seq,
            seq + 1,
            "{setup:?}: the first event after subscribing follows the seq it acknowledged"
        );
        drop(first);

        for text in ["two", "three", "four"] {
            ann.send_to("ann", "ben", text).await;
        }
        let mut second = socket_on(&sockets, &ben).await;
        let (replayed, latest) = second.subscribe(&channel, Some(seen.seq)).await;
        let texts: Vec<&str> = replayed.iter().map(|e| message_text(&e.event)).collect();
        assert_eq!(
            texts,
            ["two", "three", "four"],
            "{setup:?}: exactly the missed ones, in order"
        );
        let seqs: Vec<i64> = replayed.iter().map(|e| e.seq).collect();
        assert_eq!(
            seqs,
            [seen.seq + 1, seen.seq + 2, seen.seq + 3],
            "{setup:?}: no gap"
        );
        assert_eq!(
            latest,
            seen.seq + 3,
            "{setup:?}: acknowledged after the replay"
        );
        ann.send_to("ann", "ben", "five").await;
        let live = second.event().await;
        assert_eq!(
            (message_text(&live.event), live.seq),
            ("five", latest + 1),
            "{setup:?}: live after replay, no duplicate"
        );

        // Resuming from the start replays the whole channel.
        let mut third = socket_on(&sockets, &ben).await;
        let (all, _) = third.subscribe(&channel, Some(0)).await;
        assert_eq!(all.len() as i64, latest + 1, "{setup:?}: the whole channel");
        deployment.stop().await;
    }
}

// Two workers: the reading socket drains on one while this test sends on the other. On one
// thread the reader only ran while a send awaited, and on a busy machine that left it behind
// by more than its four queued events, so it was cut off as the slow one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_consumer_is_cut_off_while_others_keep_receiving() {
    let db = TestDb::new(Kind::Sqlite).await;
    // Small kernel buffers on both ends, so that a client that stops reading backs up into
    // the server's queue after kilobytes rather than megabytes.
    let server = Server::start(&db.url, &["--ws-queue", "4", "--tcp-send-buffer", "16384"]);
    let (ann, ben) = pair(&server.base, "ann", "ben").await;
    let id = ann.start_conversation("ann", "ben").await;
    let channel = format!("conversation:{id}");

    // The slow one subscribes, then never reads again.
    let token = ben.socket_token().await;
    let tiny = Options {
        token: Some(&token),
        recv_buffer: Some(4096),
        ..Default::default()
    };
    let mut slow = ws::connect(&server.base, tiny).await.unwrap();
    slow.subscribe(&channel, None).await;
    slow.subscribe("inbox:ben", None).await;
    // The reader keeps up: a large receive buffer takes a burst while its task waits to run.
    let reader_token = ben.socket_token().await;
    let roomy = Options {
        token: Some(&reader_token),
        recv_buffer: Some(4 << 20),
        ..Default::default()
    };
    let mut reader = ws::connect(&server.base, roomy).await.unwrap();
    reader.subscribe(&channel, None).await;
    let reading = tokio::spawn(async move {
        let mut texts = Vec::new();
        while texts.len() < 400 {
            if let Event::Message(m) = reader.event().await.event {
                texts.push(m.message);
            }
        }
        texts
    });

    // Big messages fill the kernel's buffers quickly; then the slow socket's queue fills.
    let big = "x".repeat(2000);
    let started = Instant::now();
    for i in 0..400 {
        let sent = ann.send_to("ann", "ben", &format!("{i} {big}")).await;
        assert_eq!(sent.status, 200);
    }
    let texts = tokio::time::timeout(Duration::from_secs(60), reading)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(texts.len(), 400, "the reading socket got every message");
    assert!(texts[399].starts_with("399 "));
    println!("400 messages of 4 KB sent in {:?}", started.elapsed());

    // The slow socket's stream ends with the slow-consumer code after what was buffered.
    let code = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            match futures_util::StreamExt::next(&mut slow.ws).await {
                Some(Ok(Message::Close(Some(frame)))) => return u16::from(frame.code),
                Some(Ok(_)) => continue,
                _ => return 0,
            }
        }
    })
    .await
    .unwrap();
    assert_eq!(code, dashwire_protocol::CLOSE_SLOW_CONSUMER);
    assert_eq!(metric(&server.base, "slow_consumers_total").await, 1);
}

#[tokio::test]
async fn two_nodes_sharing_postgres_and_redis_deliver_to_each_others_sockets() {
    let deployment = Deployment::start(Setup::TwoNodes).await;
    let (one, two) = (deployment.http(), deployment.sockets());
    let ann = Client::registered(&one, "ann@example.com", "ann").await;
    let ben = Client::registered(&two, "ben@example.com", "ben").await;
    let id = ann.start_conversation("ann", "ben").await;
    let channel = format!("conversation:{id}");

    // ben listens on node two; ann posts on node one.
    let token = ben.socket_token().await;
    let mut on_two = ws::connect(
        &two,
        Options {
            token: Some(&token),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    let (_, seq) = on_two.subscribe(&channel, None).await;
    on_two.subscribe("inbox:ben", None).await;
    let sent_at = Instant::now();
    ann.send_to("ann", "ben", "across nodes").await;
    let mut got = None;
    while got.is_none() {
        let frame = on_two.event().await;
        if let Event::Message(m) = &frame.event {
            assert_eq!(frame.seq, seq + 1);
            got = Some(m.message.clone());
        }
    }
    println!(
        "node one HTTP send to node two socket: {:?}",
        sent_at.elapsed()
    );
    assert_eq!(got.as_deref(), Some("across nodes"));

    // Dropped on node two, ben resumes on node one and misses nothing.
    drop(on_two);
    ann.send_to("ann", "ben", "while away").await;
    let mut on_one = ws::connect(
        &one,
        Options {
            token: Some(&token),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    let (replayed, _) = on_one.subscribe(&channel, Some(seq + 1)).await;
    let texts: Vec<&str> = replayed.iter().map(|e| message_text(&e.event)).collect();
    assert_eq!(texts, ["while away"]);

    // Logging out on node two closes the session's socket on node one.
    let old_cookie = ben.cookie();
    let mut via_cookie = cookie_socket(&one, &ben).await;
    via_cookie.subscribe("unread", None).await;
    ben.http
        .get(format!("{two}/logout?form_key={}", ben.form_key))
        .send()
        .await
        .unwrap();
    assert_eq!(
        via_cookie.closed().await,
        dashwire_protocol::CLOSE_SESSION_ENDED
    );
    // Node one had read the session (for the socket): it no longer takes it either.
    let after = reqwest::Client::new()
        .get(format!("{one}/svc/user/following"))
        .header("cookie", old_cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(
        after.status(),
        401,
        "the ended session is forgotten on node one too"
    );
    deployment.stop().await;
}

#[tokio::test]
async fn an_event_the_bus_never_carried_is_read_once_per_node_and_delivered_in_order() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let cat = Client::registered(&base, "cat@example.com", "cat").await;
        let mut ben_sockets = Vec::new();
        for _ in 0..3 {
            let mut socket = socket_on(&sockets, &ben).await;
            socket.subscribe("activity:ben", None).await;
            ben_sockets.push(socket);
        }
        ann.post("/svc/follow", &[("tumblelog", "ben")]).await;
        let mut first = Vec::new();
        for socket in &mut ben_sockets {
            first.push(socket.event().await.seq);
        }
        let seq = first[0];
        assert!(first.iter().all(|&s| s == seq), "{setup:?}: {first:?}");

        // A change committed after it whose publication never happened (its node died
        // between commit and publish): in the log, never on the bus.
        let channel = "'activity:ben'";
        execute(
            deployment.database_url(),
            &format!(
                "INSERT INTO events (channel, seq, payload, created_at) \
                 SELECT channel, seq + 1, payload, created_at FROM events \
                 WHERE channel = {channel} AND seq = {seq}"
            ),
        )
        .await;
        execute(
            deployment.database_url(),
            &format!("UPDATE channel_seqs SET seq = seq + 1 WHERE channel = {channel}"),
        )
        .await;
        let replayed_before = metric(&sockets, "events_replayed_total").await;

        cat.post("/svc/follow", &[("tumblelog", "ben")]).await;
        for socket in &mut ben_sockets {
            let missed = socket.event().await;
            let next = socket.event().await;
            assert_eq!((missed.seq, next.seq), (seq + 1, seq + 2), "{setup:?}");
            match next.event {
                Event::Notification(n) => {
                    assert_eq!(n.from_tumblelog.unwrap().name, "cat", "{setup:?}")
                }
                other => panic!("{setup:?}: unexpected {other:?}"),
            }
        }
        assert!(
            metric(&sockets, "events_held_total").await >= 1,
            "{setup:?}"
        );
        assert_eq!(
            metric(&sockets, "events_replayed_total").await - replayed_before,
            1,
            "{setup:?}: the node read the missing event once, not each socket"
        );
        deployment.stop().await;
    }
}
