//! Blogs over HTTP, on SQLite and PostgreSQL: making blogs, their order and the current
//! blog, following and unfollowing with the counts and notifications that follow, and
//! avatars.

mod common;

use common::{Client, Kind, Server, TestDb, on_each_backend};
use serde_json::Value;

/// The names of a list of blogs (channels), in order.
fn names(channels: &Value) -> Vec<String> {
    channels
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect()
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
        // /svc/{blogname}/posts/highlighted would read a blog named "post" as /svc/post/….
        let reserved = amy.post("/new/blog", &[("blog_name", "post")]).await;
        assert_eq!(
            (reserved.status, reserved.detail()),
            (400, "The name 'post' is reserved.")
        );

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
        // Every call that names one of the caller's blogs refuses another's the same way
        // (issue #9: this call alone answered 400).
        assert_eq!((not_mine.status, not_mine.code()), (403, "not_your_blog"));

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
        // Without member data the owner gets the blog as anyone does.
        let plain = gus.get("/svc/data/tumblelog?tumblelog=gus&include_activity_data=1").await;
        assert!(plain.response().get("member_count").is_none(), "{kind:?}: no member data asked");
        assert!(plain.response().get("unread_count").is_none(), "{kind:?}");
        assert_eq!(plain.response()["follower_count"], 1, "{kind:?}: public counts stay");

        // The owner lists who follows, each by the blog it followed as; nobody else may.
        let followers = gus.get("/svc/blog/followers?tumblelog=gus").await;
        assert_eq!(followers.status, 200, "{kind:?}: {:?}", followers.body);
        assert_eq!(names(&followers.response()["blogs"]), ["fay-two"], "{kind:?}");
        assert_eq!(followers.response()["total"], 1, "{kind:?}");
        assert_eq!(followers.response()["blogs"][0]["following"], false, "{kind:?}: gus has not followed back");
        let theirs = fay.get("/svc/blog/followers?tumblelog=gus").await;
        assert_eq!((theirs.status, theirs.code()), (403, "not_your_blog"), "{kind:?}");
        let past = gus.get("/svc/blog/followers?tumblelog=gus&offset=1").await;
        assert_eq!(names(&past.response()["blogs"]), Vec::<String>::new(), "{kind:?}");

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
async fn the_activity_history_pages_through_every_notification_newest_first() {
    on_each_backend(|base, kind| async move {
        let fay = Client::registered(&base, "fay@example.com", "fay").await;
        let gus = Client::registered(&base, "gus@example.com", "gus").await;
        fay.post("/svc/follow", &[("tumblelog", "gus")]).await;
        for title in ["One", "Two"] {
            let post = gus
                .save_post(
                    "gus",
                    &[
                        ("post[type]", "text"),
                        ("post[state]", "0"),
                        ("post[one]", title),
                    ],
                )
                .await["post"]
                .clone();
            let id = post["id"].as_i64().unwrap().to_string();
            let key = post["reblog_key"].as_str().unwrap().to_owned();
            let liked = fay.post("/svc/like", &[("id", &id), ("key", &key)]).await;
            assert_eq!(liked.status, 200, "{kind:?}: {:?}", liked.body);
        }
        let page = |query: String| {
            let gus = &gus;
            async move {
                let answer = gus
                    .get(&format!("/svc/blog/activity?tumblelog=gus{query}"))
                    .await;
                assert_eq!(answer.status, 200, "{:?}", answer.body);
                let response = answer.response().clone();
                let kinds: Vec<(i64, String)> = response["notifications"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| {
                        (
                            n["id"].as_i64().unwrap(),
                            n["type"].as_str().unwrap().into(),
                        )
                    })
                    .collect();
                (kinds, response["more"].as_bool().unwrap())
            }
        };
        let (first, more) = page("&limit=2".into()).await;
        let kinds: Vec<&str> = first.iter().map(|(_, k)| k.as_str()).collect();
        assert_eq!((kinds, more), (vec!["like", "like"], true), "{kind:?}");
        let (rest, more) = page(format!("&limit=2&before_id={}", first[1].0)).await;
        let kinds: Vec<&str> = rest.iter().map(|(_, k)| k.as_str()).collect();
        assert_eq!((kinds, more), (vec!["follower"], false), "{kind:?}");
        let (all, _) = page(String::new()).await;
        assert_eq!(
            all.len(),
            3,
            "{kind:?}: a page holds 50 unless asked for fewer"
        );

        let theirs = fay.get("/svc/blog/activity?tumblelog=gus").await;
        assert_eq!(
            (theirs.status, theirs.code()),
            (403, "not_your_blog"),
            "{kind:?}"
        );
        let visitor = Client::visitor(&base).await;
        let anon = visitor.get("/svc/blog/activity?tumblelog=gus").await;
        assert_eq!(anon.status, 401, "{kind:?}");
    })
    .await;
}
