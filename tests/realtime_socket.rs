//! The socket protocol itself: who may upgrade and from where, which channels a user may
//! subscribe to, bad and oversized frames, both codecs, and how sockets close (logout,
//! SIGTERM, the client's own close).

mod common;

use std::time::{Duration, Instant};

use common::client::pair;
use common::deployment::{Deployment, SETUPS};
use common::ws::{self, Options, cookie_socket, message_text, socket_on};
use common::{Client, Kind, Server, TestDb};
use dashwire_protocol::{ClientFrame, Codec, ErrorCode, ServerFrame};
use futures_util::SinkExt;
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
async fn sigterm_closes_sockets_with_1001_and_exits_quickly() {
    let db = TestDb::new(Kind::Sqlite).await;
    let mut server = Server::start(&db.url, &[]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    let mut sock = socket_on(&server.base, &ann).await;
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
