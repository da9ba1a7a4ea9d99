//! Black-box tests of the HTTP API: the real `dashwire` binary on a free port, on SQLite and
//! on PostgreSQL, driven over real sockets like a browser would.

mod common;

use common::{BOTH, Client, Kind, Server, TestDb};
use serde_json::Value;

/// Runs `body` against a fresh server on each backend.
async fn on_each_backend<F, Fut>(body: F)
where
    F: Fn(String, Kind) -> Fut,
    Fut: Future<Output = ()>,
{
    for kind in BOTH {
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        body(server.base.clone(), kind).await;
        drop(server);
        db.cleanup().await;
    }
}

fn names(channels: &Value) -> Vec<String> {
    channels
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn register_login_logout_and_the_form_key() {
    on_each_backend(|base, kind| async move {
        let visitor = Client::visitor(&base).await;
        let info = visitor.info().await;
        assert!(
            info.get("name").is_none(),
            "{kind:?}: a visitor has no name: {info}"
        );
        assert!(!visitor.form_key.is_empty());

        let fields = [
            ("email", "ann@example.com"),
            ("password", "correct horse"),
            ("blog_name", "ann"),
        ];
        let missing = visitor.post_raw("/register", &fields).await;
        assert_eq!(
            (missing.status, missing.code()),
            (403, "bad_form_key"),
            "{kind:?}"
        );
        let mut wrong = fields.to_vec();
        wrong.push(("form_key", "not-the-key"));
        let wrong = visitor.post_raw("/register", &wrong).await;
        assert_eq!(
            (wrong.status, wrong.code()),
            (403, "bad_form_key"),
            "{kind:?}"
        );

        let registered = visitor.post("/register", &fields).await;
        assert_eq!(registered.status, 200, "{kind:?}: {:?}", registered.body);
        let user = registered.response();
        assert_eq!(user["name"], "ann");
        assert_eq!(user["email"], "ann@example.com");
        assert_ne!(
            user["form_key"],
            visitor.form_key.as_str(),
            "login rotates the session"
        );
        // The visitor's form key is worthless now.
        let stale = visitor.post("/svc/post/set_seen_atg", &[]).await;
        assert_eq!(stale.status, 403, "{kind:?}");

        let mut ann = visitor;
        ann.form_key = user["form_key"].as_str().unwrap().to_owned();
        let info = ann.info().await;
        for field in ["liked_post_count", "friend_count", "unread_count"] {
            assert_eq!(info[field], 0, "{kind:?} {field}");
        }
        assert_eq!(info["seen_atg"], false);
        assert_eq!(info["can_message"], true);
        assert_eq!(info["primary_channel"], "ann");
        assert_eq!(info["current_channel"], "ann");
        let channel = &info["channels"][0];
        assert_eq!(channel["name"], "ann");
        assert_eq!(channel["is_current"], true);
        assert_eq!(channel["avatar_url"], "/avatar/ann/128");
        for field in [
            "title",
            "unread_count",
            "can_message",
            "is_private_group_channel",
        ] {
            assert!(
                channel.get(field).is_some(),
                "{kind:?}: channel lacks {field}"
            );
        }

        let seen = ann.post("/svc/post/set_seen_atg", &[]).await;
        assert_eq!(seen.status, 200);
        assert_eq!(ann.info().await["seen_atg"], true);

        let out = ann.http.get(format!("{base}/logout")).send().await.unwrap();
        assert_eq!(out.status().as_u16(), 303);
        assert_eq!(out.headers()["location"], "/login");
        assert!(
            ann.info().await.get("name").is_none(),
            "{kind:?}: logged out"
        );

        let again = Client::visitor(&base).await;
        let bad = again
            .post(
                "/login",
                &[("email", "ann@example.com"), ("password", "wrong password")],
            )
            .await;
        let unknown = again
            .post(
                "/login",
                &[
                    ("email", "nobody@example.com"),
                    ("password", "wrong password"),
                ],
            )
            .await;
        assert_eq!((bad.status, bad.code()), (401, "invalid_credentials"));
        assert_eq!(
            bad.detail(),
            unknown.detail(),
            "same message whether the email exists or not"
        );
        let ok = again
            .post(
                "/login",
                &[
                    ("email", " ANN@example.com "),
                    ("password", "correct horse"),
                ],
            )
            .await;
        assert_eq!(ok.status, 200, "{kind:?}: {:?}", ok.body);
        assert_eq!(ok.response()["name"], "ann");
    })
    .await;
}

#[tokio::test]
async fn registration_refuses_bad_input_with_clear_errors() {
    on_each_backend(|base, kind| async move {
        Client::registered(&base, "taken@example.com", "taken").await;
        let v = Client::visitor(&base).await;
        let cases: &[(&str, &str, &str, u16, &str)] = &[
            (
                "not-an-email",
                "correct horse",
                "fresh",
                400,
                "invalid_email",
            ),
            ("", "correct horse", "fresh", 400, "invalid_email"),
            ("new@example.com", "", "fresh", 400, "invalid_password"),
            ("new@example.com", "short", "fresh", 400, "invalid_password"),
            (
                "new@example.com",
                "correct horse",
                "",
                400,
                "invalid_blog_name",
            ),
            (
                "new@example.com",
                "correct horse",
                "www",
                400,
                "invalid_blog_name",
            ),
            (
                "new@example.com",
                "correct horse",
                "Capital",
                400,
                "invalid_blog_name",
            ),
            (
                "new@example.com",
                "correct horse",
                "no_underscores",
                400,
                "invalid_blog_name",
            ),
            (
                "new@example.com",
                "correct horse",
                &"x".repeat(33),
                400,
                "invalid_blog_name",
            ),
            (
                "TAKEN@example.com",
                "correct horse",
                "fresh",
                409,
                "email_taken",
            ),
            (
                "new@example.com",
                "correct horse",
                "taken",
                409,
                "blog_name_taken",
            ),
        ];
        for (email, password, blog, status, code) in cases {
            let answer = v
                .post(
                    "/register",
                    &[
                        ("email", email),
                        ("password", password),
                        ("blog_name", blog),
                    ],
                )
                .await;
            assert_eq!(
                (answer.status, answer.code()),
                (*status, *code),
                "{kind:?} {email} {password} {blog}"
            );
            assert!(!answer.detail().is_empty());
            assert_eq!(answer.body["meta"]["status"], *status);
        }
        // Missing fields altogether are the same clear 400s, not a parse error.
        let empty = v.post("/register", &[]).await;
        assert_eq!((empty.status, empty.code()), (400, "invalid_email"));
        // Logged-in calls refuse visitors.
        let anon = v.post("/new/blog", &[("blog_name", "sneaky")]).await;
        assert_eq!((anon.status, anon.code()), (401, "not_logged_in"));
        let unknown = v.get("/svc/no-such-call").await;
        assert_eq!(unknown.status, 404);
        assert_eq!(unknown.body["meta"]["status"], 404);
    })
    .await;
}

#[tokio::test]
async fn blogs_order_and_current_blog() {
    on_each_backend(|base, kind| async move {
        let amy = Client::registered(&base, "amy@example.com", "amy").await;
        let made = amy
            .post(
                "/new/blog",
                &[("blog_name", "amy-art"), ("title", "Amy's art")],
            )
            .await;
        assert_eq!(made.status, 200, "{kind:?}: {:?}", made.body);
        assert_eq!(made.response()["blog"]["title"], "Amy's art");
        assert_eq!(
            names(&made.response()["user"]["channels"]),
            ["amy", "amy-art"]
        );
        let dup = amy.post("/new/blog", &[("blog_name", "amy-art")]).await;
        assert_eq!((dup.status, dup.code()), (409, "blog_name_taken"));
        let bad = amy.post("/new/blog", &[("blog_name", "amy art")]).await;
        assert_eq!((bad.status, bad.code()), (400, "invalid_blog_name"));

        let same = amy
            .post("/order", &[("channel_names", r#"["amy","amy-art"]"#)])
            .await;
        assert_eq!(
            same.response()["saved"],
            false,
            "{kind:?}: unchanged order is not saved"
        );
        let moved = amy
            .post("/order", &[("channel_names", r#"["amy-art","amy"]"#)])
            .await;
        assert_eq!(
            moved.response()["saved"],
            true,
            "{kind:?}: {:?}",
            moved.body
        );
        assert_eq!(
            names(&amy.info().await["channels"]),
            ["amy-art", "amy"],
            "{kind:?}: order persisted"
        );
        for bad in [
            r#"["amy"]"#,
            r#"["amy","amy-art","x"]"#,
            r#"["amy","amy"]"#,
            "not json",
            "",
        ] {
            let answer = amy.post("/order", &[("channel_names", bad)]).await;
            assert_eq!(
                (answer.status, answer.code()),
                (400, "invalid_order"),
                "{kind:?} {bad}"
            );
        }

        let switched = amy
            .post("/svc/user/current_blog", &[("tumblelog", "amy-art")])
            .await;
        assert_eq!(switched.response()["current_channel"], "amy-art");
        let info = amy.info().await;
        assert_eq!(info["current_channel"], "amy-art");
        assert_eq!(
            info["primary_channel"], "amy",
            "the primary blog stays the first one made"
        );
        let not_mine = amy
            .post("/svc/user/current_blog", &[("tumblelog", "nobody")])
            .await;
        assert_eq!(not_mine.status, 400);

        // One blog: reordering saves nothing.
        let solo = Client::registered(&base, "solo@example.com", "solo").await;
        let one = solo
            .post("/order", &[("channel_names", r#"["solo"]"#)])
            .await;
        assert_eq!(one.response()["saved"], false);
    })
    .await;
}

#[tokio::test]
async fn follow_and_unfollow_keep_counts_right() {
    on_each_backend(|base, kind| async move {
        let fay = Client::registered(&base, "fay@example.com", "fay").await;
        let gus = Client::registered(&base, "gus@example.com", "gus").await;
        fay.post("/new/blog", &[("blog_name", "fay-two")]).await;
        fay.post("/svc/user/current_blog", &[("tumblelog", "fay-two")]).await;

        let followed = fay.post("/svc/follow", &[("tumblelog", "gus"), ("source", "blog_card")]).await;
        assert_eq!(followed.status, 200, "{kind:?}: {:?}", followed.body);
        assert_eq!(followed.response()["tumblelog"]["following"], true);
        assert_eq!(followed.response()["tumblelog"]["follower_count"], 1);
        assert_eq!(followed.response()["friend_count"], 1);
        let twice = fay.post("/svc/follow", &[("tumblelog", "gus")]).await;
        assert_eq!(twice.response()["tumblelog"]["follower_count"], 1, "following twice counts once");
        assert_eq!(fay.info().await["friend_count"], 1);

        // The followed blog's owner sees the new follower, from the blog fay acted as.
        let data = gus.get("/svc/data/tumblelog?tumblelog=gus&include_member_data=1&include_activity_data=1&include_activity_notifications=1").await;
        assert_eq!(data.status, 200, "{kind:?}: {:?}", data.body);
        let blog = data.response();
        assert_eq!(blog["follower_count"], 1);
        assert_eq!(blog["unread_count"], 1);
        assert_eq!(blog["member_count"], 0);
        let sparkline = blog["activity_data"]["sparkline"].as_array().unwrap();
        assert_eq!(sparkline.len(), 30);
        assert_eq!(sparkline.last().unwrap(), 1, "today's follow is in the last day");
        let note = &blog["activity_notifications"][0];
        assert_eq!(note["type"], "follower");
        assert_eq!(note["from_tumblelog"]["name"], "fay-two");
        assert_eq!(note["from_tumblelog"]["avatar_url_48"], "/avatar/fay-two/48");
        assert_eq!(gus.info().await["channels"][0]["unread_count"], 1);

        // Owner-only data is refused to others; public data is not.
        let peek = fay.get("/svc/data/tumblelog?tumblelog=gus&include_activity_data=1").await;
        assert_eq!((peek.status, peek.code()), (403, "not_your_blog"));
        let public = fay.get("/svc/data/tumblelog?tumblelog=gus").await;
        assert_eq!(public.response()["following"], true);
        assert!(public.response().get("unread_count").is_none(), "owner counts stay private");
        let following = fay.get("/svc/user/following").await;
        assert_eq!(names(&following.response()["blogs"]), ["gus"]);

        let unfollowed = fay.post("/svc/unfollow", &[("tumblelog", "gus")]).await;
        assert_eq!(unfollowed.response()["tumblelog"]["following"], false);
        assert_eq!(unfollowed.response()["tumblelog"]["follower_count"], 0);
        assert_eq!(unfollowed.response()["friend_count"], 0);
        let again = fay.post("/svc/unfollow", &[("tumblelog", "gus")]).await;
        assert_eq!(again.status, 200, "unfollowing twice is not an error");

        let own = fay.post("/svc/follow", &[("tumblelog", "fay")]).await;
        assert_eq!((own.status, own.code()), (400, "own_blog"));
        let missing = fay.post("/svc/follow", &[("tumblelog", "nobody-here")]).await;
        assert_eq!(missing.status, 404);
        let blank = fay.post("/svc/follow", &[]).await;
        assert_eq!((blank.status, blank.code()), (400, "missing_tumblelog"));
        let visitor = Client::visitor(&base).await;
        let anon = visitor.post("/svc/follow", &[("tumblelog", "gus")]).await;
        assert_eq!(anon.status, 401);
        let anon_data = visitor.get("/svc/data/tumblelog?tumblelog=gus").await;
        assert_eq!(anon_data.response()["following"], false);
        let explore = visitor.get("/svc/blogs/explore").await;
        assert!(names(&explore.response()["blogs"]).contains(&"gus".to_owned()));
    })
    .await;
}

#[tokio::test]
async fn failed_logins_are_rate_limited() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    Client::registered(&server.base, "rita@example.com", "rita").await;
    let v = Client::visitor(&server.base).await;
    for _ in 0..10 {
        let answer = v
            .post(
                "/login",
                &[
                    ("email", "rita@example.com"),
                    ("password", "wrong password"),
                ],
            )
            .await;
        assert_eq!(answer.status, 401);
    }
    let limited = v
        .post(
            "/login",
            &[("email", "rita@example.com"), ("password", "correct horse")],
        )
        .await;
    assert_eq!((limited.status, limited.code()), (429, "too_many_attempts"));
}

#[tokio::test]
async fn avatars_come_in_the_spec_sizes() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let http = reqwest::Client::new();
    for (path, size) in [
        ("/avatar/bob", 128),
        ("/avatar/bob/16", 16),
        ("/avatar/bob/50", 64),
        ("/avatar/bob/9000", 512),
    ] {
        let resp = http
            .get(format!("{}{path}", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.headers()["content-type"], "image/svg+xml");
        assert!(
            resp.text()
                .await
                .unwrap()
                .contains(&format!("width=\"{size}\"")),
            "{path}"
        );
    }
    let bad = http
        .get(format!("{}/avatar/bob/huge", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status().as_u16(), 400);
}

#[tokio::test]
async fn serves_the_web_app_on_client_routes() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let http = reqwest::Client::new();
    for path in [
        "/",
        "/dashboard",
        "/login",
        "/new/blog",
        "/blog/someone",
        "/following",
        "/likes",
        "/settings",
    ] {
        let resp = http
            .get(format!("{}{path}", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status().as_u16(), 200, "{path}");
        assert!(
            resp.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        assert!(
            resp.text().await.unwrap().contains("id=\"root\""),
            "{path} serves the app"
        );
    }
    let health = http
        .get(format!("{}/healthz", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status().as_u16(), 200);
}

#[test]
fn bad_configuration_exits_with_code_2_naming_the_setting() {
    for (args, setting) in [
        (vec!["serve", "--bind", "not-an-address"], "--bind"),
        (
            vec!["serve", "--database-url", "mysql://localhost/x"],
            "DATABASE_URL",
        ),
        (vec!["serve", "--no-such-flag"], "--no-such-flag"),
    ] {
        let out = common::dashwire().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(err.contains(setting), "{err}");
    }
}

#[tokio::test]
async fn sending_answers_the_conversation_and_refuses_outsiders_blocks_and_disabled_blogs() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let bob = Client::registered(&base, "bob@example.com", "bob").await;
        let cat = Client::registered(&base, "cat@example.com", "cat").await;

        let first = ann.send_to("ann", "bob", "hello").await;
        assert_eq!(first.status, 200, "{kind:?}: {:?}", first.body);
        let sent = first.response();
        let id = sent["conversation_id"].as_i64().unwrap();
        let conversation = &sent["conversation"];
        assert_eq!(conversation["id"], id, "{kind:?}");
        assert_eq!(
            conversation["unread"], false,
            "{kind:?}: the sender has read it"
        );
        assert_eq!(
            conversation["last_read_ts"], conversation["last_modified_ts"],
            "{kind:?}"
        );
        let mut names: Vec<&str> = conversation["participants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        names.sort_unstable();
        assert_eq!(names, ["ann", "bob"], "{kind:?}");
        assert_eq!(sent["message"]["participant"], "ann", "{kind:?}");

        // Messages sent at once into one conversation each get their own ts.
        let id_text = id.to_string();
        let replies = futures_util::future::join_all((0..8).map(|i| {
            let fields = [
                ("participant", "bob".to_owned()),
                ("conversation_id", id_text.clone()),
                ("message", format!("reply {i}")),
            ];
            let bob = &bob;
            async move {
                let fields: Vec<(&str, &str)> =
                    fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
                bob.post("/svc/conversations/messages", &fields).await
            }
        }))
        .await;
        let mut stamps: Vec<i64> = replies
            .iter()
            .map(|answer| {
                assert_eq!(answer.status, 200, "{kind:?}: {:?}", answer.body);
                answer.response()["message"]["ts"].as_i64().unwrap()
            })
            .collect();
        stamps.sort_unstable();
        stamps.dedup();
        assert_eq!(stamps.len(), 8, "{kind:?}: each message has its own ts");

        // Someone who is not in it cannot post into it.
        let outsider = cat
            .post(
                "/svc/conversations/messages",
                &[
                    ("participant", "cat"),
                    ("conversation_id", &id.to_string()),
                    ("message", "let me in"),
                ],
            )
            .await;
        assert_eq!(
            (outsider.status, outsider.code()),
            (404, "not_found"),
            "{kind:?}"
        );

        // A blog that turned messaging off cannot be written to.
        let off = cat
            .post(
                "/svc/blog/messaging",
                &[("tumblelog", "cat"), ("enabled", "0")],
            )
            .await;
        assert_eq!(off.status, 200, "{kind:?}: {:?}", off.body);
        let disabled = ann.send_to("ann", "cat", "hi cat").await;
        assert_eq!(
            (disabled.status, disabled.code(), disabled.detail()),
            (
                403,
                "messaging_disabled",
                "This blog does not have messaging enabled."
            ),
            "{kind:?}"
        );

        // A blog that blocked you cannot be written to, in a new or an existing conversation.
        let block = bob
            .post(
                "/svc/block/add",
                &[("tumblelog", "bob"), ("blocked_tumblelog", "ann")],
            )
            .await;
        assert_eq!(block.status, 200, "{kind:?}: {:?}", block.body);
        let blocked = ann.send_to("ann", "bob", "still there?").await;
        assert_eq!(
            (blocked.status, blocked.code(), blocked.detail()),
            (403, "blocked", "You can't message this blog."),
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn the_inbox_lists_each_conversation_with_its_participants_and_last_message() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let bob = Client::registered(&base, "bob@example.com", "bob").await;
        let _cat = Client::registered(&base, "cat@example.com", "cat").await;
        assert_eq!(ann.send_to("ann", "cat", "to cat").await.status, 200);
        let group = ann
            .post(
                "/svc/conversations/messages",
                &[
                    ("participant", "ann"),
                    ("participants[]", "cat"),
                    ("participants[]", "bob"),
                    ("message", "to both"),
                ],
            )
            .await;
        assert_eq!(group.status, 200, "{kind:?}: {:?}", group.body);
        assert_eq!(ann.send_to("ann", "bob", "to bob").await.status, 200);
        assert_eq!(bob.send_to("bob", "ann", "from bob").await.status, 200);

        let inbox = ann.get("/svc/conversations?participant=ann").await;
        assert_eq!(inbox.status, 200, "{kind:?}: {:?}", inbox.body);
        let summary: Vec<(Vec<String>, String, String)> = inbox.response()["conversations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let names = c["participants"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["name"].as_str().unwrap().to_owned())
                    .collect();
                let last = &c["messages"]["data"][0];
                (
                    names,
                    last["participant"].as_str().unwrap().to_owned(),
                    last["message"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let expect = |names: &[&str], from: &str, text: &str| {
            (
                names.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
                from.to_owned(),
                text.to_owned(),
            )
        };
        assert_eq!(
            summary,
            [
                expect(&["ann", "bob"], "bob", "from bob"),
                expect(&["ann", "bob", "cat"], "ann", "to both"),
                expect(&["ann", "cat"], "ann", "to cat"),
            ],
            "{kind:?}: newest first, participants by name, each with its own last message"
        );
    })
    .await;
}
