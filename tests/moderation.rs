//! Moderation on SQLite and PostgreSQL (spec 002 §6, §7): `dashwire admin` makes an account
//! an administrator; only administrators toggle a blog's spam, nsfw and suspended flags; a
//! suspended blog posts nothing; spam and suspended blogs leave explore and mention
//! suggestions.

mod common;

use common::server::dashwire;
use common::{BOTH, Client, Server, TestDb};

/// Runs `dashwire admin` on the database; answers its exit code and output.
fn admin(database_url: &str, args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["admin", "--database-url", database_url];
    all.extend_from_slice(args);
    let out = dashwire().args(&all).output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

/// The state of one of `client`'s posts.
async fn post_state(client: &Client, id: &str) -> serde_json::Value {
    let answer = client.post("/svc/post/fetch", &[("post_id", id)]).await;
    answer.response()["post"]["state"].clone()
}

/// The names of the blogs explore shows `client`.
async fn explored(client: &Client) -> Vec<String> {
    let answer = client.get("/svc/blogs/explore").await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let blogs = answer.response()["blogs"].as_array().unwrap().clone();
    blogs
        .iter()
        .map(|b| b["name"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn only_administrators_toggle_and_a_suspended_blog_posts_nothing() {
    for kind in BOTH {
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let base = server.base.clone();
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let mod_ = Client::registered(&base, "mod@example.com", "mod").await;
        let cal = Client::registered(&base, "cal@example.com", "cal").await;

        for path in ["/spam/toggle", "/nsfw/toggle", "/suspended/toggle"] {
            let refused = mod_.post(path, &[("tumblelog", "ann")]).await;
            assert_eq!(
                (refused.status, refused.code(), refused.detail()),
                (403, "not_admin", "Only administrators can do that."),
                "{kind:?} {path}"
            );
        }
        assert_eq!(mod_.info().await["is_admin"], false, "{kind:?}");
        let (code, out) = admin(&db.url, &["--email", "nobody@example.com"]);
        assert_eq!(code, Some(1), "{kind:?}: {out}");
        assert!(
            out.contains("no account has the email nobody@example.com"),
            "{kind:?}: {out}"
        );
        let (code, out) = admin(&db.url, &["--email", "MOD@example.com"]);
        assert_eq!(code, Some(0), "{kind:?}: {out}");
        assert_eq!(mod_.info().await["is_admin"], true, "{kind:?}");

        let nsfw = mod_.post("/nsfw/toggle", &[("tumblelog", "ann")]).await;
        assert_eq!(nsfw.status, 200, "{kind:?}: {}", nsfw.body);
        assert_eq!(
            (&nsfw.response()["is_nsfw"], &nsfw.response()["is_spam"]),
            (&true.into(), &false.into()),
            "{kind:?}"
        );
        assert_eq!(
            cal.get("/svc/data/tumblelog?tumblelog=ann")
                .await
                .response()["is_nsfw"],
            true,
            "{kind:?}"
        );
        assert_eq!(
            mod_.post("/spam/toggle", &[("tumblelog", "nobody")])
                .await
                .status,
            404,
            "{kind:?}"
        );

        // Spam leaves explore and the mention suggestions; toggling again brings it back.
        assert!(explored(&cal).await.contains(&"ann".to_owned()), "{kind:?}");
        mod_.post("/spam/toggle", &[("tumblelog", "ann")]).await;
        assert!(
            !explored(&cal).await.contains(&"ann".to_owned()),
            "{kind:?}"
        );
        let mentions = cal.post("/svc/mention", &[("q", "an")]).await;
        assert_eq!(
            mentions.response()["blogs"],
            serde_json::json!([]),
            "{kind:?}"
        );
        // The flags as they are, for the toggles to start from: administrators only.
        let flags = mod_.get("/svc/admin/blog_flags?tumblelog=ann").await;
        assert_eq!(flags.status, 200, "{kind:?}: {}", flags.body);
        assert_eq!(
            (
                &flags.response()["is_spam"],
                &flags.response()["is_nsfw"],
                &flags.response()["is_suspended"]
            ),
            (&true.into(), &true.into(), &false.into()),
            "{kind:?}"
        );
        assert_eq!(
            cal.get("/svc/admin/blog_flags?tumblelog=ann").await.code(),
            "not_admin",
            "{kind:?}"
        );
        mod_.post("/spam/toggle", &[("tumblelog", "ann")]).await;
        assert!(explored(&cal).await.contains(&"ann".to_owned()), "{kind:?}");

        // A suspended blog cannot post, reblog or reply; its owner's model says so.
        let text = [
            ("post[type]", "text"),
            ("post[state]", "0"),
            ("post[one]", "Before"),
        ];
        let posted = cal.save_post("cal", &text).await["post"].clone();
        let suspended = mod_
            .post("/suspended/toggle", &[("tumblelog", "ann")])
            .await;
        assert_eq!(suspended.response()["is_suspended"], true, "{kind:?}");
        assert_eq!(ann.info().await["is_suspended"], true, "{kind:?}");
        let mut fields = vec![("channel_id", "ann")];
        fields.extend_from_slice(&text);
        let refused = ann.post("/svc/post/update", &fields).await;
        assert_eq!(
            (refused.status, refused.code(), refused.detail()),
            (403, "blog_suspended", "This blog is suspended."),
            "{kind:?}"
        );
        let id = posted["id"].as_i64().unwrap().to_string();
        let key = posted["reblog_key"].as_str().unwrap();
        let reblog = ann
            .post(
                "/fast_reblog",
                &[("reblog_post_id", &id), ("reblog_key", key)],
            )
            .await;
        assert_eq!(reblog.code(), "blog_suspended", "{kind:?}");
        mod_.post("/suspended/toggle", &[("tumblelog", "ann")])
            .await;
        assert_eq!(
            ann.post("/svc/post/update", &fields).await.status,
            200,
            "{kind:?}: allowed again"
        );

        // A suspended blog's scheduled post waits; it goes out once the blog is back.
        let at = (std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
            + 2)
        .to_string();
        let scheduled = ann
            .save_post(
                "ann",
                &[
                    ("post[type]", "text"),
                    ("post[state]", "on.2"),
                    ("post[one]", "Later"),
                    ("post[publish_on]", &at),
                ],
            )
            .await["post"]["id"]
            .as_i64()
            .unwrap();
        mod_.post("/suspended/toggle", &[("tumblelog", "ann")])
            .await;
        tokio::time::sleep(std::time::Duration::from_millis(3500)).await;
        let scheduled = scheduled.to_string();
        assert_eq!(
            post_state(&ann, &scheduled).await,
            "scheduled",
            "{kind:?}: held while suspended"
        );
        mod_.post("/suspended/toggle", &[("tumblelog", "ann")])
            .await;
        let mut out = serde_json::Value::Null;
        for _ in 0..50 {
            out = post_state(&ann, &scheduled).await;
            if out == "published" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(out, "published", "{kind:?}: out once the blog is back");

        let (code, out) = admin(&db.url, &["--email", "mod@example.com", "--revoke"]);
        assert_eq!(code, Some(0), "{kind:?}: {out}");
        assert_eq!(
            mod_.post("/nsfw/toggle", &[("tumblelog", "ann")])
                .await
                .status,
            403,
            "{kind:?}"
        );
        drop(server);
        db.cleanup().await;
    }
}
