//! Sharing on SQLite and PostgreSQL (spec 002 §5, §7 Sharing): a share by email is delivered
//! through a real SMTP server (aiosmtpd) and read back from its mailbox; without SMTP it
//! waits in the outbox, listed for administrators; addresses are checked, headers cannot be
//! injected, mail is rate-limited per person; every share call is recorded against its post;
//! the popover's model and the embed pages.

mod common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::posts::save;
use common::server::make_admin;
use common::{BOTH, Client, RunningOn, Server, TestDb, on_each_backend};

/// A real SMTP server that keeps what it receives in a Maildir.
struct Smtp {
    url: String,
    maildir: tempfile::TempDir,
    child: Child,
}

impl Smtp {
    fn start() -> Smtp {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let maildir = tempfile::tempdir().unwrap();
        let child = Command::new("python3")
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(maildir.path().join("box"))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("aiosmtpd, a test SMTP server, is needed: pip install aiosmtpd");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "aiosmtpd did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Smtp {
            url: format!("smtp://127.0.0.1:{port}"),
            maildir,
            child,
        }
    }

    /// The messages delivered so far, as text.
    fn messages(&self) -> Vec<String> {
        let new = self.maildir.path().join("box").join("new");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&new)
            .map(|dir| dir.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect()
    }

    /// Waits until `n` messages have arrived.
    async fn wait_for(&self, n: usize) -> Vec<String> {
        let started = Instant::now();
        loop {
            let messages = self.messages();
            if messages.len() >= n {
                return messages;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "{} of {n} mails arrived",
                messages.len()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for Smtp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn published(client: &Client, blog: &str, text: &str) -> String {
    let saved = save(client, blog, &[("post[type]", "text"), ("post[two]", text)]).await;
    saved["post"]["id"].as_i64().unwrap().to_string()
}

fn header<'a>(message: &'a str, name: &str) -> Vec<&'a str> {
    let head = message.split("\r\n\r\n").next().unwrap_or(message);
    let head = head.split("\n\n").next().unwrap_or(head);
    head.lines()
        .filter_map(|line| line.split_once(':'))
        .filter(|(key, _)| key.eq_ignore_ascii_case(name))
        .map(|(_, value)| value.trim())
        .collect()
}

#[tokio::test]
async fn a_share_by_email_is_delivered_through_smtp() {
    for kind in BOTH {
        let _running_on = RunningOn(format!("{kind:?}"));
        let smtp = Smtp::start();
        let db = TestDb::new(kind).await;
        let server = Server::start(
            &db.url,
            &[
                "--smtp-url",
                &smtp.url,
                "--public-url",
                "http://dash.example:8080",
            ],
        );
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
        let ben = Client::registered(&server.base, "ben@example.com", "ben").await;
        let post = published(&ann, "ann", "<p>worth sharing</p>").await;

        let shared = ben
            .post(
                "/svc/share/email",
                &[
                    ("post_id", &post),
                    ("tumblelog_name", "ann"),
                    ("email_address", "cal@example.org"),
                    ("message", "Look at this!\r\nBcc: eve@example.com"),
                    ("allow_reply_to", "true"),
                ],
            )
            .await;
        assert_eq!(shared.status, 200, "{kind:?}: {}", shared.body);
        assert_eq!(shared.response()["delivered"], true, "{kind:?}");
        let mail = smtp.wait_for(1).await.remove(0);
        assert_eq!(
            header(&mail, "To"),
            vec!["cal@example.org"],
            "{kind:?}: {mail}"
        );
        assert_eq!(
            header(&mail, "Reply-To"),
            vec!["ben@example.com"],
            "{kind:?}"
        );
        assert_eq!(
            header(&mail, "Subject"),
            vec!["ben shared a post from ann"],
            "{kind:?}"
        );
        assert!(
            header(&mail, "Bcc").is_empty(),
            "{kind:?}: the message is the body's: {mail}"
        );
        assert_eq!(
            header(&mail, "X-RcptTo"),
            vec!["cal@example.org"],
            "{kind:?}: one recipient"
        );
        assert!(
            mail.contains(&format!("http://dash.example:8080/blog/ann/post/{post}")),
            "{kind:?}: the post's whole address: {mail}"
        );
        assert!(mail.contains("Look at this!"), "{kind:?}");

        // Addresses: the spec's loose pattern, 100 characters, and no header in them.
        for bad in [
            "cal",
            "cal@example",
            "cal@example.org\r\nBcc: eve@example.com",
            "cal@example.org\nCc:eve@example.com",
            &format!("{}@example.org", "c".repeat(95)),
        ] {
            let refused = ben
                .post(
                    "/svc/share/email",
                    &[("post_id", &post), ("email_address", bad)],
                )
                .await;
            assert_eq!(
                (refused.status, refused.code()),
                (400, "invalid_email"),
                "{kind:?} {bad:?}: {}",
                refused.body
            );
        }
        let long = "m".repeat(256);
        let refused = ben
            .post(
                "/svc/share/email",
                &[
                    ("post_id", &post),
                    ("email_address", "cal@example.org"),
                    ("message", &long),
                ],
            )
            .await;
        assert_eq!(
            (refused.status, refused.code()),
            (400, "message_too_long"),
            "{kind:?}"
        );
        let visitor = Client::visitor(&server.base).await;
        let refused = visitor
            .post(
                "/svc/share/email",
                &[("post_id", &post), ("email_address", "cal@example.org")],
            )
            .await;
        assert_eq!(refused.status, 401, "{kind:?}: email needs a login");
        let refused = ben
            .post(
                "/svc/share/email",
                &[("post_id", "999999"), ("email_address", "cal@example.org")],
            )
            .await;
        assert_eq!(refused.status, 404, "{kind:?}");

        // Ten mails an hour each.
        for _ in 1..10 {
            let sent = ben
                .post(
                    "/svc/share/email",
                    &[("post_id", &post), ("email_address", "cal@example.org")],
                )
                .await;
            assert_eq!(sent.status, 200, "{kind:?}: {}", sent.body);
        }
        let limited = ben
            .post(
                "/svc/share/email",
                &[("post_id", &post), ("email_address", "cal@example.org")],
            )
            .await;
        assert_eq!(
            (limited.status, limited.code()),
            (429, "too_many_attempts"),
            "{kind:?}"
        );
        assert_eq!(smtp.wait_for(10).await.len(), 10, "{kind:?}");
        drop(server);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn without_smtp_mail_waits_in_the_outbox_for_administrators() {
    for kind in BOTH {
        let _running_on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
        let ben = Client::registered(&server.base, "ben@example.com", "ben").await;
        let post = published(&ann, "ann", "<p>kept</p>").await;
        let shared = ben
            .post(
                "/svc/share/email",
                &[
                    ("post_id", &post),
                    ("email_address", "cal@example.org"),
                    ("message", "hi"),
                ],
            )
            .await;
        assert_eq!(shared.status, 200, "{kind:?}: {}", shared.body);
        assert_eq!(
            shared.response()["delivered"],
            false,
            "{kind:?}: kept, not sent"
        );
        let refused = ben.get("/svc/admin/outbox").await;
        assert_eq!(
            (refused.status, refused.code()),
            (403, "not_admin"),
            "{kind:?}"
        );
        make_admin(&db.url, "ann@example.com");
        let outbox = ann.get("/svc/admin/outbox").await;
        assert_eq!(outbox.status, 200, "{kind:?}: {}", outbox.body);
        let mails = outbox.response()["mails"].as_array().unwrap().clone();
        assert_eq!(outbox.response()["smtp"], false, "{kind:?}");
        assert_eq!(mails.len(), 1, "{kind:?}");
        assert_eq!(mails[0]["to_address"], "cal@example.org", "{kind:?}");
        assert!(mails[0]["sent_at"].is_null(), "{kind:?}");
        assert!(
            mails[0]["body"].as_str().unwrap().starts_with("hi\n"),
            "{kind:?}"
        );
        drop(server);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn share_calls_are_recorded_and_the_popover_has_its_model() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let post = published(&ann, "ann", "<p>share me</p>").await;
        for network in ["twitter", "facebook", "pinterest", "reddit"] {
            let shared = ben
                .post(
                    &format!("/svc/share/{network}"),
                    &[
                        ("post_id", &post),
                        ("tumblelog_name", "ann"),
                        ("share_fallback", "true"),
                    ],
                )
                .await;
            assert_eq!(shared.status, 200, "{kind:?} {network}: {}", shared.body);
        }
        let fallback = ben
            .post(
                "/svc/share/email",
                &[("post_id", &post), ("share_fallback", "true")],
            )
            .await;
        assert_eq!(
            fallback.status, 200,
            "{kind:?}: the mail-client fallback is recorded only"
        );
        assert_eq!(
            ben.post("/svc/share/myspace", &[("post_id", &post)])
                .await
                .status,
            404,
            "{kind:?}"
        );
        let wrong_blog = ben
            .post(
                "/svc/share/twitter",
                &[("post_id", &post), ("tumblelog_name", "ben")],
            )
            .await;
        assert_eq!(wrong_blog.status, 404, "{kind:?}");

        let model = ben.get(&format!("/svc/share/popover?post_id={post}")).await;
        assert_eq!(model.status, 200, "{kind:?}: {}", model.body);
        let model = model.response().clone();
        assert_eq!(model["twitter_window"]["width"], 626, "{kind:?}");
        assert_eq!(model["reddit_window"]["height"], 600, "{kind:?}");
        assert!(
            model["post_url"]
                .as_str()
                .unwrap()
                .ends_with(&format!("/blog/ann/post/{post}")),
            "{kind:?}"
        );
        let code = model["embed_code"].as_str().unwrap();
        assert!(
            code.contains(&format!("/blog/ann/post/{post}/embed\"")) && code.contains("/embed.js"),
            "{kind:?}: {code}"
        );
        assert_eq!(
            model["show_pinterest"], false,
            "{kind:?}: no picture to pin"
        );
        assert_eq!(
            model["show_flagging"], true,
            "{kind:?}: ben may flag ann's post"
        );
        let own = ann.get(&format!("/svc/share/popover?post_id={post}")).await;
        assert_eq!(
            own.response()["show_flagging"],
            false,
            "{kind:?}: not one's own"
        );

        let mut private = vec![("post[type]", "text"), ("post[two]", "<p>mine</p>")];
        private.push(("is_private", "1"));
        let private = save(&ann, "ann", &private).await["post"]["id"]
            .as_i64()
            .unwrap();
        assert_eq!(
            ben.get(&format!("/svc/share/popover?post_id={private}"))
                .await
                .status,
            404,
            "{kind:?}: a private post has no share options"
        );
        assert_eq!(
            ben.post("/svc/share/twitter", &[("post_id", &private.to_string())])
                .await
                .status,
            404,
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn the_embed_page_runs_no_script_but_its_own() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let post = published(&ann, "ann", "<p>embedded <b>words</b></p>").await;
        let http = reqwest::Client::new();
        let page = http
            .get(format!("{base}/blog/ann/post/{post}/embed"))
            .send()
            .await
            .unwrap();
        assert_eq!(page.status(), 200, "{kind:?}");
        let policy = page.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            policy.contains("script-src 'self'") && policy.contains("default-src 'none'"),
            "{kind:?}: {policy}"
        );
        assert!(
            policy.contains("frame-ancestors *"),
            "{kind:?}: other sites may frame it"
        );
        let html = page.text().await.unwrap();
        assert!(html.contains("embedded <b>words</b>"), "{kind:?}: {html}");
        assert!(
            html.contains("<script src=\"/embed/frame.js\"></script>"),
            "{kind:?}"
        );
        let wrong = http
            .get(format!("{base}/blog/ben/post/{post}/embed"))
            .send()
            .await
            .unwrap();
        assert_eq!(wrong.status(), 404, "{kind:?}: the post is ann's");
        let script = http.get(format!("{base}/embed.js")).send().await.unwrap();
        assert_eq!(
            script.headers()["content-type"],
            "text/javascript; charset=utf-8",
            "{kind:?}"
        );

        let inline = |target: &str| {
            let target: String = url::form_urlencoded::byte_serialize(target.as_bytes()).collect();
            http.get(format!(
                "{base}/svc/embed/inline/{}?w=500",
                target.replace('+', "%20")
            ))
        };
        let video = inline("https://www.youtube.com/watch?v=dQw4w9WgXcQ")
            .send()
            .await
            .unwrap();
        assert_eq!(video.status(), 200, "{kind:?}");
        assert!(
            video.headers()["content-security-policy"]
                .to_str()
                .unwrap()
                .starts_with("sandbox"),
            "{kind:?}"
        );
        let html = video.text().await.unwrap();
        assert!(
            html.contains("https://www.youtube.com/embed/dQw4w9WgXcQ"),
            "{kind:?}: {html}"
        );
        let own = inline(&format!("/blog/ann/post/{post}"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            own.contains(&format!("/blog/ann/post/{post}/embed")),
            "{kind:?}: {own}"
        );
        let nothing = inline("<script>alert(1)</script>").send().await.unwrap();
        assert_eq!(nothing.status(), 404, "{kind:?}");
        assert!(
            !nothing.text().await.unwrap().contains("<script>alert"),
            "{kind:?}"
        );
    })
    .await;
}
