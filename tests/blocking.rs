//! Blocks and posts over HTTP on SQLite and PostgreSQL: a blocked blog cannot like, reblog
//! or reply to the blocking blog's posts, a blog is blocked by one of its posts and
//! unblocked, and the blocker stops seeing the blocked blog's posts but on its own page.

mod common;

use common::posts::{fast_reblog, like, notes, read_post, reply, text_post};
use common::{Client, on_each_backend};
use serde_json::Value;

/// Whether `client`'s acting blog blocks `blog`, as the blog model says.
async fn ignoring(client: &Client, blog: &str) -> Value {
    let path = format!("/svc/data/tumblelog?tumblelog={blog}");
    client.get(&path).await.response()["ignoring"].clone()
}

#[tokio::test]
async fn a_blocked_blog_cannot_like_reblog_or_reply() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let (id, key) =
            text_post(&ann, "ann", "Not for ben", &[("allow_photo_replies", "1")]).await;
        let blocked = ann
            .post(
                "/svc/block/add",
                &[("tumblelog", "ann"), ("blocked_tumblelog", "ben")],
            )
            .await;
        assert_eq!(blocked.status, 200, "{kind:?}: {}", blocked.body);

        let liked = like(&ben, "/svc/like", id, &key).await;
        assert_eq!(
            (liked.status, liked.code(), liked.detail()),
            (403, "blocked", "You can't like ann's posts."),
            "{kind:?}"
        );
        let reblogged = fast_reblog(&ben, id, &key, false).await;
        assert_eq!(
            (reblogged.status, reblogged.code()),
            (403, "not_rebloggable"),
            "{kind:?}"
        );
        let replied = reply(&ben, id, "hey").await;
        assert_eq!(
            (replied.status, replied.code()),
            (403, "blocked"),
            "{kind:?}"
        );
        assert_eq!(
            read_post(&ann, "ann", id).await["note_count"],
            0,
            "{kind:?}"
        );
        assert_eq!(notes(&ann, id).await, vec![], "{kind:?}");
    })
    .await;
}

#[tokio::test]
async fn a_blog_is_blocked_by_one_of_its_posts_and_unblocked() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let (bens_post, _) = text_post(&ben, "ben", "Spam, spam, spam", &[]).await;
        let (anns_post, anns_key) = text_post(&ann, "ann", "Mine", &[]).await;

        let by_post = |post: String| {
            let ann = &ann;
            async move {
                ann.post(
                    "/svc/block/add",
                    &[("tumblelog", "ann"), ("blocked_post", post.as_str())],
                )
                .await
            }
        };
        let blocked = by_post(bens_post.to_string()).await;
        assert_eq!(blocked.status, 200, "{kind:?}: {}", blocked.body);
        assert_eq!(blocked.response()["changed"], true, "{kind:?}");
        assert_eq!(
            like(&ben, "/svc/like", anns_post, &anns_key).await.status,
            403,
            "{kind:?}: ben is blocked"
        );

        let unknown = by_post("999999".into()).await;
        assert_eq!(
            (unknown.status, unknown.detail()),
            (404, "No such post."),
            "{kind:?}"
        );
        let nonsense = by_post("not-a-post".into()).await;
        assert_eq!(nonsense.status, 404, "{kind:?}");
        let own = by_post(anns_post.to_string()).await;
        assert_eq!(own.status, 400, "{kind:?}: not her own blog");
        let both = ann
            .post(
                "/svc/block/add",
                &[
                    ("tumblelog", "ann"),
                    ("blocked_tumblelog", "ben"),
                    ("blocked_post", &bens_post.to_string()),
                ],
            )
            .await;
        assert_eq!(both.status, 400, "{kind:?}");
        let neither = ann.post("/svc/block/add", &[("tumblelog", "ann")]).await;
        assert_eq!(neither.status, 400, "{kind:?}");

        // Ann sees that her blog blocks ben's; unblocking lets ben act again.
        assert_eq!(ignoring(&ann, "ben").await, true, "{kind:?}");
        assert_eq!(ignoring(&ben, "ben").await, false, "{kind:?}: his own blog");
        let unblock = [("tumblelog", "ann"), ("blocked_tumblelog", "ben")];
        let removed = ann.post("/svc/block/remove", &unblock).await;
        assert_eq!(removed.status, 200, "{kind:?}: {}", removed.body);
        assert_eq!(
            (
                &removed.response()["blocked"],
                &removed.response()["changed"]
            ),
            (&false.into(), &true.into()),
            "{kind:?}"
        );
        assert_eq!(ignoring(&ann, "ben").await, false, "{kind:?}");
        assert_eq!(
            like(&ben, "/svc/like", anns_post, &anns_key).await.status,
            200,
            "{kind:?}: ben may like again"
        );
        let again = ann.post("/svc/block/remove", &unblock).await;
        assert_eq!(
            again.response()["changed"],
            false,
            "{kind:?}: nothing to remove"
        );
        let theirs = ben
            .post(
                "/svc/block/remove",
                &[("tumblelog", "ann"), ("blocked_tumblelog", "ben")],
            )
            .await;
        assert_eq!(
            (theirs.status, theirs.code()),
            (403, "not_your_blog"),
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_blocked_blog_is_not_offered_as_a_favourite_to_write_to() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let cat = Client::registered(&base, "cat@example.com", "cat").await;
        ann.send_to("ann", "ben", "hi ben").await;
        ann.send_to("ann", "cat", "hi cat").await;
        let favourites = |client: &'static str| {
            let ann = &ann;
            async move {
                let answer = ann
                    .get("/svc/conversations/participant_suggestions?limit=8")
                    .await;
                assert_eq!(answer.status, 200, "{kind:?} {client}: {}", answer.body);
                let mut names: Vec<String> = answer.response()["blogs"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b["name"].as_str().unwrap().to_owned())
                    .collect();
                names.sort();
                names
            }
        };
        assert_eq!(favourites("before").await, ["ben", "cat"], "{kind:?}");
        let blocked = ann
            .post(
                "/svc/block/add",
                &[("tumblelog", "ann"), ("blocked_tumblelog", "ben")],
            )
            .await;
        assert_eq!(blocked.status, 200, "{kind:?}: {}", blocked.body);
        // cat blocks ann: cat is no one ann can write to either.
        let blocking = cat
            .post(
                "/svc/block/add",
                &[("tumblelog", "cat"), ("blocked_tumblelog", "ann")],
            )
            .await;
        assert_eq!(blocking.status, 200, "{kind:?}: {}", blocking.body);
        assert_eq!(favourites("after").await, Vec::<String>::new(), "{kind:?}");
        drop(ben);
    })
    .await;
}

/// The ids of the posts a page lists.
async fn listed(client: &Client, path: &str) -> Vec<i64> {
    let answer = client.get(path).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    answer.response()["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn a_blocked_blogs_posts_leave_the_blockers_dashboard_likes_and_search() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        ann.post("/svc/follow", &[("tumblelog", "ben")]).await;
        let (id, key) = text_post(&ben, "ben", "A lantern", &[("post[tags]", "glow")]).await;
        assert_eq!(like(&ann, "/svc/like", id, &key).await.status, 200);
        let pages = [
            "/svc/post/dashboard/after/0",
            "/svc/post/likes/after/0",
            "/svc/search/posts?q=lantern",
            "/svc/search/tagged/glow",
        ];
        for path in pages {
            assert_eq!(listed(&ann, path).await, [id], "{kind:?} {path}");
        }

        let blocked = ann
            .post(
                "/svc/block/add",
                &[("tumblelog", "ann"), ("blocked_tumblelog", "ben")],
            )
            .await;
        assert_eq!(blocked.status, 200, "{kind:?}: {}", blocked.body);
        for path in pages {
            assert_eq!(listed(&ann, path).await, [0i64; 0], "{kind:?} {path}");
        }
        // Ann no longer follows ben; ben's own page still shows his post to her.
        let ben_blog = ann.get("/svc/data/tumblelog?tumblelog=ben").await;
        assert_eq!(ben_blog.response()["following"], false, "{kind:?}");
        assert_eq!(
            listed(&ann, "/svc/post/blog/after/0?blog=ben").await,
            [id],
            "{kind:?}"
        );
    })
    .await;
}
