//! The socket protocol itself: who may upgrade and from where, which channels a user may
//! subscribe to, bad and oversized frames, both codecs, and how sockets close (logout,
//! SIGTERM, the client's own close); and what `/metrics` tells an operator about it all.

mod common;

use std::time::{Duration, Instant};

use common::client::pair;
use common::deployment::{Deployment, SETUPS, Setup};
use common::server::{metric, metrics_text, sample};
use common::ws::{self, Options, cookie_socket, message_text, socket_on};
use common::{Client, Kind, Server, TestDb};
use dashwire_protocol::{ClientFrame, Codec, ErrorCode, ServerFrame};
use futures_util::SinkExt;
use tokio::io::AsyncReadExt;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn subscriptions_are_authorised_and_refusals_keep_the_socket() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let _cat = Client::registered(&base, "cat@example.com", "cat").await;
        let private = ann.start_conversation("ann", "cat").await;

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
                other => panic!("{setup:?}: {channel} should be refused: {other:?}"),
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
                    assert_eq!(code, ErrorCode::UnknownChannel, "{setup:?}: {channel}")
                }
                other => panic!("{setup:?}: {channel} should be unknown: {other:?}"),
            }
        }
        // Still open and usable.
        ben_ws.send(&ClientFrame::Ping { id: 7 }).await;
        assert_eq!(
            ben_ws.next().await,
            ServerFrame::Pong { id: 7 },
            "{setup:?}: still usable after refusals"
        );
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
            },
            "{setup:?}"
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
    let mut sock = socket_on(&server.base, &ann).await;
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
    // Far over the limit (tungstenite refuses it before reading it): still a 1009 close
    // frame, not a reset of the connection.
    for codec in [Codec::Json, Codec::MsgPack] {
        let token = ann.socket_token().await;
        let options = Options {
            token: Some(&token),
            codec: Some(codec),
            ..Default::default()
        };
        let mut huge = ws::connect(&server.base, options).await.unwrap();
        let payload = vec![b'x'; 4 * 1024 * 1024];
        let message = match codec {
            Codec::Json => Message::Text(String::from_utf8(payload).unwrap().into()),
            Codec::MsgPack => Message::Binary(payload.into()),
        };
        // The send may fail part way when the server stops reading; the close must arrive.
        let _ = huge.ws.send(message).await;
        assert_eq!(huge.closed().await, 1009, "{codec:?}");
    }
    // The server lives on.
    let mut again = socket_on(&server.base, &ann).await;
    again.send(&ClientFrame::Ping { id: 2 }).await;
    assert_eq!(again.next().await, ServerFrame::Pong { id: 2 });
}

#[tokio::test]
async fn msgpack_and_json_carry_the_same_events() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let id = ann.start_conversation("ann", "ben").await;
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
        assert_eq!(message_text(&b.event), "in both", "{setup:?}");
        // The msgpack socket really speaks binary frames.
        packed.send(&ClientFrame::Ping { id: 5 }).await;
        assert_eq!(
            packed.next().await,
            ServerFrame::Pong { id: 5 },
            "{setup:?}"
        );
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
        .get(format!("{}/logout?form_key={}", server.base, ann.form_key))
        .send()
        .await
        .unwrap();
    assert_eq!(sock.closed().await, dashwire_protocol::CLOSE_SESSION_ENDED);
}

#[tokio::test]
async fn sigterm_closes_sockets_with_1012_and_exits_quickly() {
    let db = TestDb::new(Kind::Sqlite).await;
    let mut server = Server::start(&db.url, &[]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    let mut sock = socket_on(&server.base, &ann).await;
    sock.subscribe("unread", None).await;
    let started = Instant::now();
    server.terminate();
    assert_eq!(
        sock.closed().await,
        dashwire_protocol::CLOSE_SERVICE_RESTART,
        "1012: service restart, reconnect at once"
    );
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
async fn a_client_close_is_answered_with_a_close() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    let mut sock = socket_on(&server.base, &ann).await;
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

#[tokio::test]
async fn after_a_1009_the_server_closes_once_the_client_answers_and_cuts_one_that_does_not() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    // A frame far over the limit, sent whole: tungstenite refuses it after its header, and
    // the server reads and drops the rest of it.
    let far_too_big = || Message::Binary(vec![b'x'; 4 * 1024 * 1024].into());

    // A client that answers the 1009 with its own Close is let go at once (RFC 6455
    // §5.5.1), not after the drain's 5 s.
    let mut answering = socket_on(&server.base, &ann).await;
    answering.ws.send(far_too_big()).await.unwrap();
    assert_eq!(answering.closed().await, 1009);
    // Reading sends tungstenite's queued Close reply, then waits for the server's FIN.
    let answered = Instant::now();
    let end = tokio::time::timeout(ws::WAIT, futures_util::StreamExt::next(&mut answering.ws))
        .await
        .unwrap();
    assert!(end.is_none(), "the connection should end cleanly: {end:?}");
    assert!(
        answered.elapsed() < Duration::from_secs(1),
        "the server took {:?} to close after the client's Close",
        answered.elapsed()
    );

    // One that never answers is still cut, after the drain's 5 s.
    let mut silent = socket_on(&server.base, &ann).await;
    silent.ws.send(far_too_big()).await.unwrap();
    assert_eq!(silent.closed().await, 1009);
    let refused = Instant::now();
    // Read below tungstenite, which would otherwise send its queued Close reply.
    let mut rest = Vec::new();
    let read = tokio::time::timeout(
        Duration::from_secs(15),
        silent.ws.get_mut().read_to_end(&mut rest),
    )
    .await
    .expect("the server should cut a client that never answers");
    assert!(
        read.is_ok() && rest.is_empty(),
        "{read:?}, {} bytes",
        rest.len()
    );
    let waited = refused.elapsed();
    assert!(
        (Duration::from_secs(3)..Duration::from_secs(8)).contains(&waited),
        "cut after {waited:?}, not after the drain's 5 s"
    );
}

/// Every sample name `/metrics` had before its histograms, as the load tools and the tests
/// read them (a counter's value by `metric`, which parses `dashwire_{name} {integer}`).
const OLD_SAMPLES: [&str; 15] = [
    "sockets_open",
    "sockets_total",
    "subscriptions",
    "events_published_total",
    "events_delivered_total",
    "socket_writes_total",
    "events_held_total",
    "events_replayed_total",
    "slow_consumers_total",
    "bus_messages_in_total",
    "bus_messages_out_total",
    "refused_subscriptions_total",
    "bad_frames_total",
    "db_pool_connections",
    "db_pool_idle",
];

#[tokio::test]
async fn metrics_time_requests_deliveries_replays_and_the_bus_and_keep_the_old_counters() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let two_nodes = matches!(setup, Setup::TwoNodes);
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let id = ann.start_conversation("ann", "ben").await;
        let channel = format!("conversation:{id}");
        // A route with parameters, and a path no route takes.
        let popover = ann.get("/svc/ann/posts/highlighted").await.status;
        assert_eq!(ann.get("/svc/no/such/call").await.status, 404);

        // A live event, then a second socket that resumes from before it: a replay of one.
        let mut live = socket_on(&sockets, &ben).await;
        let (_, seq) = live.subscribe(&channel, None).await;
        ann.send_to("ann", "ben", "timed").await;
        assert_eq!(live.event().await.seq, seq + 1, "{setup:?}");
        let mut resumed = socket_on(&sockets, &ben).await;
        let (replayed, _) = resumed.subscribe(&channel, Some(seq)).await;
        assert_eq!(replayed.len(), 1, "{setup:?}");

        // Requests on the node that took the HTTP calls, by route template and status class.
        let http = metrics_text(&base).await;
        let requests = "dashwire_http_request_duration_seconds";
        let series = |method: &str, route: &str, status: &str| {
            format!("{{method=\"{method}\",route=\"{route}\",status=\"{status}\"}}")
        };
        let sent = series("POST", "/svc/conversations/messages", "2xx");
        let count = sample(&http, &format!("{requests}_count{sent}"));
        assert!(count >= Some(2.0), "{setup:?}: {count:?} in\n{http}");
        let sent_le_inf = sent.replace('{', "{le=\"+Inf\",");
        assert_eq!(
            sample(&http, &format!("{requests}_bucket{sent_le_inf}")),
            count,
            "{setup:?}: every request falls in the +Inf bucket"
        );
        assert!(sample(&http, &format!("{requests}_sum{sent}")) > Some(0.0));
        let class = format!("{}xx", popover / 100);
        let templated = series("GET", "/svc/{blogname}/posts/highlighted", &class);
        assert!(
            sample(&http, &format!("{requests}_count{templated}")) >= Some(1.0),
            "{setup:?}: labelled by the route's template\n{http}"
        );
        let unmatched = series("GET", "unmatched", "4xx");
        assert!(
            sample(&http, &format!("{requests}_count{unmatched}")) >= Some(1.0),
            "{setup:?}\n{http}"
        );
        assert!(
            !http.contains("route=\"/svc/ann/") && !http.contains("no/such"),
            "{setup:?}: no raw paths as labels\n{http}"
        );

        // Delivery, replay and bus figures on the node the sockets are on. The delivery is
        // recorded once its write completes, which may be just after the client read it, and
        // only for an event that came live: on two nodes, one published before the sockets'
        // node had its Redis subscription reaches them from the log instead. So another
        // message goes out now and then until one has come live.
        let delivery = "dashwire_publish_to_delivery_seconds_count";
        let mut node = metrics_text(&sockets).await;
        for attempt in 1..=50 {
            if sample(&node, delivery) >= Some(1.0) {
                break;
            }
            if attempt % 10 == 0 {
                ann.send_to("ann", "ben", "timed again").await;
                live.event().await;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            node = metrics_text(&sockets).await;
        }
        assert!(sample(&node, delivery) >= Some(1.0), "{setup:?}\n{node}");
        assert!(sample(&node, "dashwire_publish_to_delivery_seconds_sum") > Some(0.0));
        assert_eq!(
            sample(&node, "dashwire_replay_events_count{reason=\"resume\"}"),
            Some(1.0),
            "{setup:?}\n{node}"
        );
        assert_eq!(
            sample(&node, "dashwire_replay_events_sum{reason=\"resume\"}"),
            Some(1.0),
            "{setup:?}: one event replayed"
        );
        let bus_lag = sample(&node, "dashwire_bus_lag_seconds_count");
        if two_nodes {
            assert!(bus_lag >= Some(1.0), "{setup:?}: {bus_lag:?}\n{node}");
        } else {
            assert_eq!(bus_lag, Some(0.0), "{setup:?}: no Redis bus, nothing timed");
        }
        assert!(
            node.ends_with("# EOF\n"),
            "{setup:?}: OpenMetrics closes with EOF"
        );
        let answer = reqwest::get(format!("{sockets}/metrics")).await.unwrap();
        let content_type = answer.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            content_type.starts_with("application/openmetrics-text"),
            "{content_type}"
        );

        // The counters and gauges from before keep their names and meanings.
        for name in OLD_SAMPLES {
            metric(&base, name).await;
            metric(&sockets, name).await;
        }
        assert_eq!(metric(&sockets, "sockets_open").await, 2, "{setup:?}");
        assert_eq!(metric(&sockets, "sockets_total").await, 2, "{setup:?}");
        assert_eq!(metric(&sockets, "subscriptions").await, 2, "{setup:?}");
        assert_eq!(
            metric(&sockets, "events_replayed_total").await,
            1,
            "{setup:?}"
        );
        assert!(metric(&sockets, "events_delivered_total").await >= 1);
        assert!(metric(&sockets, "socket_writes_total").await >= 1);
        assert!(metric(&base, "events_published_total").await >= 2);
        let (bus_out, bus_in) = (
            metric(&base, "bus_messages_out_total").await,
            metric(&sockets, "bus_messages_in_total").await,
        );
        if two_nodes {
            assert!(
                bus_out >= 2 && bus_in >= 1,
                "{setup:?}: {bus_out} out, {bus_in} in"
            );
        } else {
            assert_eq!((bus_out, bus_in), (0, 0), "{setup:?}");
        }
        assert!(metric(&base, "db_pool_connections").await >= 1);
        deployment.stop().await;
    }
}
