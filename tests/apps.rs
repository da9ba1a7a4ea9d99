//! Apps, on each setup (SQLite, PostgreSQL, two nodes over Redis): a user makes an app in
//! Settings and its token posts as them, with no form key, and only posts; what it posts
//! says which app made it until the owner removes that, and readers hear the change; a
//! revoked token stops at once on every node.

mod common;

use common::Client;
use common::client::pair;
use common::deployment::{Deployment, SETUPS};
use common::ws::socket_on;
use dashwire_protocol::{Event, PostAction};
use serde_json::Value;

/// A bearer request: status and the JSON envelope.
async fn with_token(request: reqwest::RequestBuilder, token: &str) -> (u16, Value) {
    let resp = request.bearer_auth(token).send().await.expect("request");
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

fn code(body: &Value) -> &str {
    body["errors"][0]["code"].as_str().unwrap_or("")
}

#[tokio::test]
async fn an_apps_token_posts_with_attribution_until_the_owner_removes_it() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let other_node = ann.on(&sockets);
        let made = ann
            .post("/svc/user/apps/create", &[("name", "  Feed importer ")])
            .await;
        assert_eq!(made.status, 200, "{setup:?}: {}", made.body);
        let token = made.response()["token"].as_str().unwrap().to_owned();
        let app_id = made.response()["app"]["id"].as_i64().unwrap();
        assert!(token.starts_with("dwapp_"), "{token}");
        assert_eq!(made.response()["app"]["name"], "Feed importer");
        assert_eq!(made.response()["app"]["last_used_at"], Value::Null);

        // The token posts as Ann, with no cookie and no form key.
        let http = reqwest::Client::new();
        let mut ben_ws = socket_on(&sockets, &ben).await;
        ben_ws.subscribe("posts:ann", None).await;
        let save = http.post(format!("{base}/svc/post/update")).form(&[
            ("channel_id", "ann"),
            ("post[type]", "text"),
            ("post[one]", "From the feed"),
        ]);
        let (status, body) = with_token(save, &token).await;
        assert_eq!(status, 200, "{setup:?}: {body}");
        let post = &body["response"]["post"];
        assert_eq!(post["app_name"], "Feed importer", "{setup:?}");
        let id = post["id"].as_i64().unwrap();
        let frame = ben_ws.event().await;
        assert!(
            matches!(frame.event, Event::Post(ref c) if c.id == id && c.action == PostAction::Created)
        );
        let read = common::posts::read_post(&ben, "ann", id).await;
        assert_eq!(
            read["app_name"], "Feed importer",
            "{setup:?}: readers see it"
        );
        let listed = ann.get("/svc/user/apps").await;
        assert!(
            listed.response()["apps"][0]["last_used_at"].is_i64(),
            "{setup:?}: {}",
            listed.body
        );

        // An edit made on the site keeps the attribution; a post made on the site has none.
        let id_text = id.to_string();
        let edited = ann
            .save_post(
                "ann",
                &[
                    ("post_id", &id_text),
                    ("post[type]", "text"),
                    ("post[one]", "From the feed, tidied"),
                ],
            )
            .await;
        assert_eq!(edited["post"]["app_name"], "Feed importer", "{setup:?}");
        ben_ws.event().await;
        let by_hand = ann
            .save_post("ann", &[("post[type]", "text"), ("post[one]", "By hand")])
            .await;
        assert_eq!(by_hand["post"]["app_name"], Value::Null, "{setup:?}");
        ben_ws.event().await;

        // Only posting: any other call with the token is refused, whatever its method.
        let refused = [
            http.get(format!("{base}/svc/user/apps")),
            http.post(format!("{base}/svc/post/delete"))
                .form(&[("post_id", id_text.as_str()), ("channel_id", "ann")]),
            http.post(format!("{base}/svc/user/apps/create"))
                .form(&[("name", "Another")]),
            http.post(format!("{base}/svc/post/remove_app_attribution"))
                .form(&[("post_id", id_text.as_str())]),
        ];
        for request in refused {
            let (status, body) = with_token(request, &token).await;
            assert_eq!((status, code(&body)), (403, "app_not_allowed"), "{setup:?}");
        }
        let info = http.get(format!("{base}/svc/user/info"));
        let (status, body) = with_token(info, &token).await;
        assert_eq!(status, 200, "{setup:?}");
        assert_eq!(body["response"]["name"], "ann", "{setup:?}");
        let forged = http.get(format!("{base}/svc/user/info"));
        let (status, body) = with_token(forged, "dwapp_0000").await;
        assert_eq!((status, code(&body)), (401, "bad_app_token"), "{setup:?}");

        // Someone else cannot take the attribution away; the owner can, and readers hear it.
        let not_bens = ben
            .post(
                "/svc/post/remove_app_attribution",
                &[("post_id", &id_text), ("tumblelog_id", "ann")],
            )
            .await;
        assert_eq!(not_bens.status, 404, "{setup:?}");
        let wrong_blog = ann
            .post(
                "/svc/post/remove_app_attribution",
                &[("post_id", &id_text), ("tumblelog_id", "ben")],
            )
            .await;
        assert_eq!(wrong_blog.status, 404, "{setup:?}");
        let removed = other_node
            .post(
                "/svc/post/remove_app_attribution",
                &[("post_id", &id_text), ("tumblelog_id", "ann")],
            )
            .await;
        assert_eq!(removed.status, 200, "{setup:?}: {}", removed.body);
        assert_eq!(removed.response()["post"]["app_name"], Value::Null);
        let frame = ben_ws.event().await;
        assert!(
            matches!(frame.event, Event::Post(ref c) if c.id == id && c.action == PostAction::Updated),
            "{setup:?}: {frame:?}"
        );
        let read = common::posts::read_post(&ben, "ann", id).await;
        assert_eq!(read["app_name"], Value::Null, "{setup:?}");

        // Revoked on one node, the token stops on the other at once; the post keeps what it says.
        let revoked = other_node
            .post("/svc/user/apps/revoke", &[("id", &app_id.to_string())])
            .await;
        assert_eq!(revoked.status, 200, "{setup:?}: {}", revoked.body);
        assert_eq!(revoked.response()["apps"], serde_json::json!([]));
        let after = http.post(format!("{base}/svc/post/update")).form(&[
            ("channel_id", "ann"),
            ("post[type]", "text"),
            ("post[one]", "Too late"),
        ]);
        let (status, body) = with_token(after, &token).await;
        assert_eq!((status, code(&body)), (401, "bad_app_token"), "{setup:?}");
        let again = ann
            .post("/svc/user/apps/revoke", &[("id", &app_id.to_string())])
            .await;
        assert_eq!(again.status, 404, "{setup:?}");
        deployment.stop().await;
    }
}

#[tokio::test]
async fn app_names_are_checked_and_counted() {
    let deployment = Deployment::start(SETUPS[0]).await;
    let base = deployment.http();
    let ann = Client::registered(&base, "ann@example.com", "ann").await;
    let ben = Client::registered(&base, "ben@example.com", "ben").await;
    for (name, status, code) in [
        ("", 400, "invalid_app_name"),
        ("   ", 400, "invalid_app_name"),
        (&"x".repeat(51), 400, "invalid_app_name"),
    ] {
        let refused = ann.post("/svc/user/apps/create", &[("name", name)]).await;
        assert_eq!((refused.status, refused.code()), (status, code), "{name:?}");
    }
    let fifty = "é".repeat(50);
    let made = ann.post("/svc/user/apps/create", &[("name", &fifty)]).await;
    assert_eq!(made.status, 200, "50 characters is the limit, not 50 bytes");
    ann.post("/svc/user/apps/create", &[("name", "Bot")]).await;
    let taken = ann.post("/svc/user/apps/create", &[("name", "bot")]).await;
    assert_eq!((taken.status, taken.code()), (409, "app_name_taken"));
    let bens = ben.post("/svc/user/apps/create", &[("name", "Bot")]).await;
    assert_eq!(bens.status, 200, "names are each user's own");
    for n in 2..20 {
        let made = ann
            .post("/svc/user/apps/create", &[("name", &format!("Bot {n}"))])
            .await;
        assert_eq!(made.status, 200, "{}", made.body);
    }
    let over = ann
        .post("/svc/user/apps/create", &[("name", "One more")])
        .await;
    assert_eq!((over.status, over.code()), (400, "too_many_apps"));
    assert_eq!(over.detail(), "You can have at most 20 apps.");
    let listed = ann.get("/svc/user/apps").await;
    let names: Vec<&str> = listed.response()["apps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 20);
    assert_eq!(names[0], "Bot 19", "newest first");
    let bens_id = bens.response()["app"]["id"].as_i64().unwrap().to_string();
    let not_hers = ann.post("/svc/user/apps/revoke", &[("id", &bens_id)]).await;
    assert_eq!(not_hers.status, 404);
    let visitor = Client::visitor(&base).await;
    assert_eq!(visitor.get("/svc/user/apps").await.status, 401);
    deployment.stop().await;
}
