//! `dashwire seed-load` makes users whose sessions, form keys and conversations work as the
//! load tools use them: cookie or token, over HTTP and over the socket.

mod common;

use common::ws::{self, Options};
use common::{BOTH, Server, TestDb};
use dashwire_protocol::Event;

#[tokio::test]
async fn seeded_users_can_chat_with_their_tokens() {
    for kind in BOTH {
        let db = TestDb::new(kind).await;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("seed.json");
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_dashwire"))
            .args([
                "seed-load",
                "--database-url",
                &db.url,
                "--users",
                "50",
                "--star-sessions",
                "3",
            ])
            .arg("--out")
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success(), "{kind:?}");
        let seed: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
        assert_eq!(seed["users"].as_array().unwrap().len(), 50);
        assert_eq!(seed["star"]["tokens"].as_array().unwrap().len(), 3);
        let pair = &seed["pairs"][0];
        let (a, b) = (
            &seed["users"][pair["a"].as_u64().unwrap() as usize],
            &seed["users"][pair["b"].as_u64().unwrap() as usize],
        );
        let conversation = pair["conversation_id"].as_i64().unwrap();

        let server = Server::start(&db.url, &[]);
        let http = reqwest::Client::new();
        let cookie = |user: &serde_json::Value| {
            format!("dashwire_session={}", user["token"].as_str().unwrap())
        };
        let info: serde_json::Value = http
            .get(format!("{}/svc/user/info", server.base))
            .header("cookie", cookie(a))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(info["response"]["name"], a["blog"], "{kind:?}");
        assert_eq!(info["response"]["form_key"], a["form_key"]);

        let mut b_ws = ws::connect(
            &server.base,
            Options {
                token: b["token"].as_str(),
                ..Default::default()
            },
        )
        .await
        .unwrap();
        b_ws.subscribe(&format!("conversation:{conversation}"), None)
            .await;
        let sent = http
            .post(format!("{}/svc/conversations/messages", server.base))
            .header("cookie", cookie(a))
            .form(&[
                ("conversation_id", conversation.to_string().as_str()),
                ("participant", a["blog"].as_str().unwrap()),
                ("message", "load hello"),
                ("form_key", a["form_key"].as_str().unwrap()),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(sent.status().as_u16(), 200, "{kind:?}");
        match b_ws.event().await.event {
            Event::Message(m) => assert_eq!(m.message, "load hello"),
            other => panic!("{other:?}"),
        }
        // The star's extra sessions are its owner's: they may read its activity.
        let star = seed["star"]["tokens"][2].as_str().unwrap();
        let mut star_ws = ws::connect(
            &server.base,
            Options {
                token: Some(star),
                ..Default::default()
            },
        )
        .await
        .unwrap();
        star_ws
            .subscribe(
                &format!("activity:{}", seed["star"]["blog"].as_str().unwrap()),
                None,
            )
            .await;
        drop(server);
        db.cleanup().await;
    }
}
