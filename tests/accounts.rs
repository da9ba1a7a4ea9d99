//! Accounts over HTTP, on SQLite and PostgreSQL: registering, logging in and out, the form
//! key that guards every POST, refusals of bad input, and the login rate limit.

mod common;

use common::{Client, Kind, Server, TestDb, on_each_backend};

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

        // A post's <img src="/logout"> is fetched as an image: it must not log its reader out.
        let as_image = ann
            .http
            .get(format!("{base}/logout"))
            .header("sec-fetch-mode", "no-cors")
            .header("sec-fetch-dest", "image")
            .send()
            .await
            .unwrap();
        assert_eq!(as_image.status().as_u16(), 403, "{kind:?}");
        assert_eq!(ann.info().await["name"], "ann", "{kind:?}: still logged in");

        // A link on another site: a navigation without the form key logs nobody out.
        let cross_site = ann
            .http
            .get(format!("{base}/logout"))
            .header("sec-fetch-mode", "navigate")
            .header("sec-fetch-dest", "document")
            .header("sec-fetch-site", "cross-site")
            .send()
            .await
            .unwrap();
        assert_eq!(
            (
                cross_site.status().as_u16(),
                &cross_site.headers()["location"]
            ),
            (303, &"/".parse::<reqwest::header::HeaderValue>().unwrap()),
            "{kind:?}"
        );
        assert_eq!(ann.info().await["name"], "ann", "{kind:?}: still logged in");
        let wrong = ann
            .http
            .get(format!("{base}/logout?form_key=guess"))
            .send()
            .await
            .unwrap();
        assert_eq!(wrong.status().as_u16(), 303, "{kind:?}");
        assert_eq!(
            ann.info().await["name"],
            "ann",
            "{kind:?}: a wrong key neither"
        );

        let out = ann
            .http
            .get(format!("{base}/logout?form_key={}", ann.form_key))
            .header("sec-fetch-mode", "navigate")
            .header("sec-fetch-dest", "document")
            .send()
            .await
            .unwrap();
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
async fn the_login_limit_holds_across_nodes_sharing_redis() {
    let db = TestDb::new(Kind::Postgres).await;
    let prefix = db.unique_name().to_owned();
    let args = [
        "--redis-url",
        common::deployment::REDIS,
        "--redis-prefix",
        &prefix,
    ];
    let one = Server::start(&db.url, &args);
    let two = Server::start(&db.url, &args);
    Client::registered(&one.base, "rita@example.com", "rita").await;
    let wrong = [
        ("email", "rita@example.com"),
        ("password", "wrong password"),
    ];
    // Failures spread over both nodes count together.
    for i in 0..10 {
        let node = if i % 2 == 0 { &one.base } else { &two.base };
        let answer = Client::visitor(node).await.post("/login", &wrong).await;
        assert_eq!(answer.status, 401, "attempt {i}");
    }
    for node in [&one.base, &two.base] {
        let limited = Client::visitor(node)
            .await
            .post(
                "/login",
                &[("email", "rita@example.com"), ("password", "correct horse")],
            )
            .await;
        assert_eq!(
            (limited.status, limited.code()),
            (429, "too_many_attempts"),
            "{node}"
        );
    }
    drop((one, two));
    db.cleanup().await;
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_the_other_sessions() {
    on_each_backend(|base, kind| async move {
        let here = Client::registered(&base, "pat@example.com", "pat").await;
        let mut there = Client::visitor(&base).await;
        let login = there
            .post(
                "/login",
                &[("email", "pat@example.com"), ("password", "correct horse")],
            )
            .await;
        assert_eq!(login.status, 200, "{kind:?}: {}", login.body);
        there.form_key = login.response()["form_key"].as_str().unwrap().to_owned();

        let change = |current: &'static str, new: &'static str| {
            let here = &here;
            async move {
                here.post(
                    "/svc/user/password",
                    &[("password", current), ("new_password", new)],
                )
                .await
            }
        };
        let wrong = change("not it at all", "battery staple").await;
        assert_eq!(
            (wrong.status, wrong.detail()),
            (403, "Your current password is incorrect."),
            "{kind:?}"
        );
        let short = change("correct horse", "short").await;
        assert_eq!(
            (short.status, short.detail()),
            (400, "Password must be at least 8 characters."),
            "{kind:?}"
        );
        assert_eq!(
            there.info().await["name"],
            "pat",
            "{kind:?}: nothing changed yet"
        );

        let changed = change("correct horse", "battery staple").await;
        assert_eq!(changed.status, 200, "{kind:?}: {}", changed.body);
        assert_eq!(
            here.info().await["name"],
            "pat",
            "{kind:?}: this session stays"
        );
        assert!(
            there.info().await.get("name").is_none(),
            "{kind:?}: the other session ended"
        );
        let v = Client::visitor(&base).await;
        let old = v
            .post(
                "/login",
                &[("email", "pat@example.com"), ("password", "correct horse")],
            )
            .await;
        assert_eq!(old.status, 401, "{kind:?}");
        let new = v
            .post(
                "/login",
                &[("email", "pat@example.com"), ("password", "battery staple")],
            )
            .await;
        assert_eq!(new.status, 200, "{kind:?}: {}", new.body);
    })
    .await;
}
