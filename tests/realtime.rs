//! The socket server over real sockets: live chat, refusals, bad frames, resume, slow
//! consumers, both codecs, logout and shutdown, and delivery across two nodes that share
//! PostgreSQL and Redis.

mod common;

use std::time::{Duration, Instant};

use common::ws::{self, Options, Socket};
use common::{Client, Kind, Server, TestDb};
use dashwire_protocol::{ClientFrame, Codec, ErrorCode, Event, ServerFrame};
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::Message;

const REDIS: &str = "redis://127.0.0.1:6379";

/// Where a realtime test runs: one node on SQLite, one on PostgreSQL, or two nodes sharing
/// PostgreSQL and Redis with HTTP calls on the first and sockets on the second, so every
/// delivery crosses the bus.
#[derive(Clone, Copy, Debug)]
enum Setup {
    Sqlite,
    Postgres,
    TwoNodes,
}

const SETUPS: [Setup; 3] = [Setup::Sqlite, Setup::Postgres, Setup::TwoNodes];

/// A Redis prefix of its own for one deployment. Every run on this machine shares the one
/// Redis, and Redis delivers by channel name: a prefix made from the process id repeats in
/// another pid namespace (a container, a sandbox, CI next to a developer), and the runs'
/// nodes would deliver each other's events.
fn redis_prefix() -> String {
    format!("dwtest{:016x}", rand::random::<u64>())
}

/// The servers of one setup and their database.
struct Deployment {
    nodes: Vec<Server>,
    db: TestDb,
}

impl Deployment {
    async fn start(setup: Setup) -> Deployment {
        match setup {
            Setup::Sqlite | Setup::Postgres => {
                let kind = if matches!(setup, Setup::Sqlite) {
                    Kind::Sqlite
                } else {
                    Kind::Postgres
                };
                let db = TestDb::new(kind).await;
                let nodes = vec![Server::start(&db.url, &[])];
                Deployment { nodes, db }
            }
            Setup::TwoNodes => {
                let db = TestDb::new(Kind::Postgres).await;
                let prefix = redis_prefix();
                let args = ["--redis-url", REDIS, "--redis-prefix", &prefix];
                let nodes = vec![Server::start(&db.url, &args), Server::start(&db.url, &args)];
                Deployment { nodes, db }
            }
        }
    }

    /// Where HTTP calls go.
    fn http(&self) -> String {
        self.nodes[0].base.clone()
    }

    /// Where sockets connect (the other node, when there are two).
    fn sockets(&self) -> String {
        self.nodes[self.nodes.len() - 1].base.clone()
    }

    async fn stop(self) {
        drop(self.nodes);
        self.db.cleanup().await;
    }
}

/// A socket on `base` authenticated by a token of the client's user.
async fn socket_on(base: &str, client: &Client) -> Socket {
    let token = client.socket_token().await;
    ws::connect(
        base,
        Options {
            token: Some(&token),
            ..Default::default()
        },
    )
    .await
    .expect("socket")
}

/// Two users with a blog each, on one server.
async fn pair(base: &str, a: &str, b: &str) -> (Client, Client) {
    let a = Client::registered(base, &format!("{a}@example.com"), a).await;
    let b = Client::registered(base, &format!("{b}@example.com"), b).await;
    (a, b)
}

async fn socket_of(client: &Client) -> Socket {
    let token = client.socket_token().await;
    ws::connect(
        &client.base,
        Options {
            token: Some(&token),
            ..Default::default()
        },
    )
    .await
    .expect("socket")
}

/// A socket authenticated by the client's session cookie, as a browser's is, on `base`
/// (which may be another node than the one the client logged in on).
async fn cookie_socket(base: &str, client: &Client) -> Socket {
    let cookie = client.cookie();
    let options = Options {
        cookie: Some(&cookie),
        ..Default::default()
    };
    ws::connect(base, options).await.expect("socket")
}

fn message_text(event: &Event) -> &str {
    match event {
        Event::Message(m) => &m.message,
        other => panic!("expected a message event, got {other:?}"),
    }
}

/// Starts a conversation from `a`'s blog to `b`'s and returns its id.
async fn start_conversation(a: &Client, from: &str, to: &str) -> i64 {
    let sent = a.send_to(from, to, "hello").await;
    assert_eq!(sent.status, 200, "{:?}", sent.body);
    sent.response()["conversation_id"].as_i64().unwrap()
}

#[tokio::test]
async fn two_users_chat_live_and_polling_returns_the_same() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let id = start_conversation(&ann, "ann", "ben").await;

        // ben's socket authenticates with the session cookie, as a browser's does.
        let mut ben_ws = cookie_socket(&sockets, &ben).await;
        let (_, inbox_seq) = ben_ws.subscribe("inbox:ben", None).await;
        assert!(
            inbox_seq >= 1,
            "{setup:?}: the first message already made an inbox event"
        );
        ben_ws.subscribe(&format!("conversation:{id}"), None).await;
        let mut ann_ws = socket_on(&sockets, &ann).await;
        ann_ws.subscribe(&format!("conversation:{id}"), None).await;
        ann_ws.subscribe("unread", None).await;

        let sent_at = Instant::now();
        ann.send_to("ann", "ben", "are you there?").await;
        // The conversation event and the message event may come in either order.
        let mut got_message = false;
        let mut got_inbox = false;
        while !(got_message && got_inbox) {
            let event = ben_ws.event().await;
            match &event.event {
                Event::Message(m) => {
                    assert_eq!(event.channel, format!("conversation:{id}"));
                    assert_eq!(
                        (m.message.as_str(), m.participant.as_str()),
                        ("are you there?", "ann")
                    );
                    got_message = true;
                }
                Event::Conversation(c) => {
                    assert_eq!(event.channel, "inbox:ben");
                    assert_eq!(event.seq, inbox_seq + 1);
                    assert!(c.unread, "{setup:?}: unread for ben");
                    assert_eq!(c.last_message.as_ref().unwrap().message, "are you there?");
                    got_inbox = true;
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        println!(
            "{setup:?}: HTTP send to socket delivery took {:?}",
            sent_at.elapsed()
        );
        let own = ann_ws.event().await;
        assert_eq!(
            message_text(&own.event),
            "are you there?",
            "the sender's other tabs see it too"
        );

        ben.send_to("ben", "ann", "yes!").await;
        // ann: her own unread event may come first (ben's reply makes it unread for her).
        loop {
            let event = ann_ws.event().await;
            match event.event {
                Event::Message(m) => {
                    assert_eq!(m.message, "yes!");
                    break;
                }
                Event::Unread(counts) => assert!(counts.messaging <= 1),
                other => panic!("unexpected {other:?}"),
            }
        }

        // The polling endpoint answers the same messages.
        let polled = ann
            .get(&format!(
                "/svc/conversations/messages?conversation_id={id}&participant=ann.example"
            ))
            .await;
        let texts: Vec<&str> = polled.response()["messages"]["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["message"].as_str().unwrap())
            .collect();
        assert_eq!(texts, ["hello", "are you there?", "yes!"], "{setup:?}");
        let inbox = ben.get("/svc/conversations?participant=ben.example").await;
        assert_eq!(inbox.response()["conversations"][0]["id"], id);
        deployment.stop().await;
    }
}

#[tokio::test]
async fn subscriptions_are_authorised_and_refusals_keep_the_socket() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let cat = Client::registered(&base, "cat@example.com", "cat").await;
        let private = start_conversation(&ann, "ann", "cat").await;
        let _ = &cat;

        let mut ben_ws = socket_on(&sockets, &ben).await;
        for channel in [
            "inbox:ann",
            "activity:ann",
            &format!("conversation:{private}"),
        ] {
            ben_ws
                .send(&ClientFrame::Subscribe {
                    channel: channel.into(),
                    since: None,
                })
                .await;
            match ben_ws.next().await {
                ServerFrame::Error {
                    channel: c, code, ..
                } => {
                    assert_eq!(
                        (c.as_deref(), code),
                        (Some(channel), ErrorCode::Forbidden),
                        "{setup:?}"
                    );
                }
                other => panic!("{channel} should be refused: {other:?}"),
            }
        }
        for channel in ["nope:1", "inbox", "conversation:abc", "unread:9"] {
            ben_ws
                .send(&ClientFrame::Subscribe {
                    channel: channel.into(),
                    since: None,
                })
                .await;
            match ben_ws.next().await {
                ServerFrame::Error { code, .. } => {
                    assert_eq!(code, ErrorCode::UnknownChannel, "{channel}")
                }
                other => panic!("{channel} should be unknown: {other:?}"),
            }
        }
        // Still open and usable.
        ben_ws.send(&ClientFrame::Ping { id: 7 }).await;
        assert_eq!(ben_ws.next().await, ServerFrame::Pong { id: 7 });
        ben_ws.subscribe("inbox:ben", None).await;
        ben_ws
            .send(&ClientFrame::Unsubscribe {
                channel: "inbox:ben".into(),
            })
            .await;
        assert_eq!(
            ben_ws.next().await,
            ServerFrame::Unsubscribed {
                channel: "inbox:ben".into()
            }
        );
        deployment.stop().await;
    }
}

#[tokio::test]
async fn upgrades_need_a_session_and_our_origin() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    assert_eq!(
        ws::connect(&server.base, Options::default()).await.err(),
        Some(401)
    );
    assert_eq!(
        ws::connect(
            &server.base,
            Options {
                token: Some("forged"),
                ..Default::default()
            }
        )
        .await
        .err(),
        Some(401)
    );
    let cookie = ann.cookie();
    let evil = Options {
        cookie: Some(&cookie),
        origin: Some("https://evil.example"),
        ..Default::default()
    };
    assert_eq!(
        ws::connect(&server.base, evil).await.err(),
        Some(403),
        "cross-site socket hijacking"
    );
    let own_origin = server.base.clone();
    let ok = Options {
        cookie: Some(&cookie),
        origin: Some(&own_origin),
        ..Default::default()
    };
    assert!(ws::connect(&server.base, ok).await.is_ok());
}

#[tokio::test]
async fn malformed_frames_get_errors_and_oversized_frames_close_with_1009() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    let mut sock = socket_of(&ann).await;
    for bad in [
        Message::Text("not json".into()),
        Message::Text(r#"{"type":"dance"}"#.into()),
        Message::Text(r#"{"type":"subscribe"}"#.into()),
        Message::Binary(vec![0x81, 0xa4].into()),
    ] {
        sock.ws.send(bad.clone()).await.unwrap();
        match sock.next().await {
            ServerFrame::Error { code, message, .. } => {
                assert_eq!(code, ErrorCode::BadFrame, "{bad:?}");
                assert!(!message.is_empty());
            }
            other => panic!("{bad:?} should be refused: {other:?}"),
        }
    }
    sock.send(&ClientFrame::Ping { id: 1 }).await;
    assert_eq!(
        sock.next().await,
        ServerFrame::Pong { id: 1 },
        "still usable after bad frames"
    );
    sock.ws
        .send(Message::Text("x".repeat(10_000).into()))
        .await
        .unwrap();
    assert_eq!(sock.closed().await, 1009);
    // The server lives on.
    let mut again = socket_of(&ann).await;
    again.send(&ClientFrame::Ping { id: 2 }).await;
    assert_eq!(again.next().await, ServerFrame::Pong { id: 2 });
}

#[tokio::test]
async fn a_dropped_socket_resumes_with_since_and_gets_exactly_what_it_missed() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let id = start_conversation(&ann, "ann", "ben").await;
        let channel = format!("conversation:{id}");

        let mut first = socket_on(&sockets, &ben).await;
        let (_, seq) = first.subscribe(&channel, None).await;
        ann.send_to("ann", "ben", "one").await;
        let seen = first.event().await;
        assert_eq!(seen.seq, seq + 1);
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
        assert_eq!(latest, seen.seq + 3);
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
        assert_eq!(all.len() as i64, latest + 1);
        deployment.stop().await;
    }
}

#[tokio::test]
async fn a_slow_consumer_is_cut_off_while_others_keep_receiving() {
    let db = TestDb::new(Kind::Sqlite).await;
    // Small kernel buffers on both ends, so that a client that stops reading backs up into
    // the server's queue after kilobytes rather than megabytes.
    let server = Server::start(&db.url, &["--ws-queue", "4", "--tcp-send-buffer", "16384"]);
    let (ann, ben) = pair(&server.base, "ann", "ben").await;
    let id = start_conversation(&ann, "ann", "ben").await;
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
    let mut reader = socket_of(&ben).await;
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
async fn msgpack_and_json_carry_the_same_events() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let id = start_conversation(&ann, "ann", "ben").await;
        let token = ben.socket_token().await;
        let connect = |codec| {
            let options = Options {
                token: Some(&token),
                codec: Some(codec),
                ..Default::default()
            };
            ws::connect(&sockets, options)
        };
        let mut json = connect(Codec::Json).await.unwrap();
        let mut packed = connect(Codec::MsgPack).await.unwrap();
        let channel = format!("conversation:{id}");
        json.subscribe(&channel, None).await;
        packed.subscribe(&channel, None).await;
        ann.send_to("ann", "ben", "in both").await;
        let a = json.event().await;
        let b = packed.event().await;
        assert_eq!(a, b, "{setup:?}");
        assert_eq!(message_text(&b.event), "in both");
        // The msgpack socket really speaks binary frames.
        packed.send(&ClientFrame::Ping { id: 5 }).await;
        assert_eq!(packed.next().await, ServerFrame::Pong { id: 5 });
        deployment.stop().await;
    }
}

#[tokio::test]
async fn follows_arrive_on_activity_and_unread_counts_follow_reads() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let mut ben_ws = socket_on(&sockets, &ben).await;
        ben_ws.subscribe("activity:ben", None).await;
        ben_ws.subscribe("unread", None).await;
        ann.post("/svc/follow", &[("tumblelog", "ben")]).await;
        let mut got_note = false;
        let mut got_counts = false;
        while !(got_note && got_counts) {
            let frame = ben_ws.event().await;
            match frame.event {
                Event::Notification(n) => {
                    assert_eq!((n.r#type.as_str(), n.blog.as_str()), ("follower", "ben"));
                    assert_eq!(n.from_tumblelog.unwrap().name, "ann");
                    got_note = true;
                }
                Event::Unread(counts) => {
                    assert_eq!(frame.channel, "unread");
                    assert_eq!(counts.blogs[0].activity, 1, "{setup:?}");
                    got_counts = true;
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        // A message makes one conversation unread; reading it clears it.
        let id = start_conversation(&ann, "ann", "ben").await;
        let unread = loop {
            if let Event::Unread(c) = ben_ws.event().await.event {
                break c;
            }
        };
        assert_eq!(unread.messaging, 1, "{setup:?}");
        assert_eq!(ben.info().await["unread_count"], 1);
        ben.get(&format!(
            "/svc/conversations/messages?conversation_id={id}&participant=ben"
        ))
        .await;
        let read = loop {
            if let Event::Unread(c) = ben_ws.event().await.event {
                break c;
            }
        };
        assert_eq!(read.messaging, 0, "{setup:?}");
        assert_eq!(ben.info().await["unread_count"], 0);
        deployment.stop().await;
    }
}

#[tokio::test]
async fn logging_out_closes_the_sessions_sockets() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    let mut sock = cookie_socket(&server.base, &ann).await;
    sock.subscribe("unread", None).await;
    ann.http
        .get(format!("{}/logout", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(sock.closed().await, dashwire_protocol::CLOSE_SESSION_ENDED);
}

#[tokio::test]
async fn sigterm_closes_sockets_with_1001_and_exits_quickly() {
    let db = TestDb::new(Kind::Sqlite).await;
    let mut server = Server::start(&db.url, &[]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    let mut sock = socket_of(&ann).await;
    sock.subscribe("unread", None).await;
    let started = Instant::now();
    server.terminate();
    assert_eq!(sock.closed().await, 1001);
    let status = server
        .wait_exit(Duration::from_secs(10))
        .expect("exits within a few seconds");
    assert!(status.success(), "{status:?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "took {:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn two_nodes_sharing_postgres_and_redis_deliver_to_each_others_sockets() {
    let db = TestDb::new(Kind::Postgres).await;
    let prefix = redis_prefix();
    let args = ["--redis-url", REDIS, "--redis-prefix", &prefix];
    let one = Server::start(&db.url, &args);
    let two = Server::start(&db.url, &args);
    let ann = Client::registered(&one.base, "ann@example.com", "ann").await;
    let ben = Client::registered(&two.base, "ben@example.com", "ben").await;
    let id = start_conversation(&ann, "ann", "ben").await;
    let channel = format!("conversation:{id}");

    // ben listens on node two; ann posts on node one.
    let token = ben.socket_token().await;
    let mut on_two = ws::connect(
        &two.base,
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
        &one.base,
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
    let mut via_cookie = cookie_socket(&one.base, &ben).await;
    via_cookie.subscribe("unread", None).await;
    ben.http
        .get(format!("{}/logout", two.base))
        .send()
        .await
        .unwrap();
    assert_eq!(
        via_cookie.closed().await,
        dashwire_protocol::CLOSE_SESSION_ENDED
    );
    drop((one, two));
    db.cleanup().await;
}

#[tokio::test]
async fn a_client_close_is_answered_with_a_close() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    let mut sock = socket_of(&ann).await;
    sock.subscribe("unread", None).await;
    sock.ws.close(None).await.unwrap();
    // The server's close reply arrives (a dropped connection would end the stream with an
    // error instead), and the stream then ends cleanly.
    let reply = tokio::time::timeout(ws::WAIT, futures_util::StreamExt::next(&mut sock.ws))
        .await
        .unwrap();
    assert!(
        matches!(reply, Some(Ok(Message::Close(_))) | None),
        "{reply:?}"
    );
}

/// Runs one statement on the deployment's database, as another writer would.
async fn execute(url: &str, sql: &str) {
    use sqlx::Connection;
    let sql = sqlx::AssertSqlSafe(sql.to_owned());
    if url.starts_with("sqlite:") {
        let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    } else {
        let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    }
}

/// A counter from a node's `/metrics`.
async fn metric(base: &str, name: &str) -> u64 {
    let text = reqwest::get(format!("{base}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .find_map(|line| line.strip_prefix(&format!("dashwire_{name} ")))
        .and_then(|value| value.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in /metrics"))
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
            &deployment.db.url,
            &format!(
                "INSERT INTO events (channel, seq, payload, created_at) \
                 SELECT channel, seq + 1, payload, created_at FROM events \
                 WHERE channel = {channel} AND seq = {seq}"
            ),
        )
        .await;
        execute(
            &deployment.db.url,
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
