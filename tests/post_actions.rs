//! Post actions over HTTP on SQLite and PostgreSQL (spec 002 §7): likes and unlikes, fast
//! reblogs, replies and deletes, each with its permission rule; the notes they make (the
//! chain's count, the viewer's `liked` and `reblogged`, the notes list); and the
//! notification each writes for the post's blog.

mod common;

use common::{Answer, Client, on_each_backend};
use serde_json::Value;

/// A published text post of `client`'s blog `blog`: `(id, reblog_key)`.
async fn text_post(
    client: &Client,
    blog: &str,
    title: &str,
    extra: &[(&str, &str)],
) -> (i64, String) {
    let mut fields = vec![
        ("post[type]", "text"),
        ("post[state]", "0"),
        ("post[one]", title),
        ("post[two]", "<p>Some words.</p>"),
    ];
    fields.extend_from_slice(extra);
    let post = client.save_post(blog, &fields).await["post"].clone();
    (
        post["id"].as_i64().unwrap(),
        post["reblog_key"].as_str().unwrap().to_owned(),
    )
}

/// `/svc/like` or `/svc/unlike` (`path`) of the post `id`.
async fn like(client: &Client, path: &str, id: i64, key: &str) -> Answer {
    client
        .post(path, &[("id", &id.to_string()), ("key", key)])
        .await
}

/// A new user, dee, reblogs the post `id` from the composer with words and tags; answers
/// the reblog's id.
async fn dee_reblogs(base: &str, id: i64, key: &str) -> i64 {
    let dee = Client::registered(base, "dee@example.com", "dee").await;
    let id = id.to_string();
    let saved = dee
        .save_post(
            "dee",
            &[
                ("reblog_post_id", &id),
                ("reblog_key", key),
                ("post[state]", "0"),
                ("post[two]", "<p>So <b>true</b> &amp; kind</p>"),
                ("post[tags]", "agree,wise words"),
            ],
        )
        .await;
    saved["post"]["id"].as_i64().unwrap()
}

/// Whether `client`'s acting blog blocks `blog`, as the blog model says.
async fn ignoring(client: &Client, blog: &str) -> Value {
    let path = format!("/svc/data/tumblelog?tumblelog={blog}");
    client.get(&path).await.response()["ignoring"].clone()
}

/// `/fast_reblog` of the post `id`, queued when `queue`.
async fn fast_reblog(client: &Client, id: i64, key: &str, queue: bool) -> Answer {
    let id = id.to_string();
    let mut fields = vec![("reblog_post_id", id.as_str()), ("reblog_key", key)];
    if queue {
        fields.push(("queue", "queue"));
    }
    client.post("/fast_reblog", &fields).await
}

async fn reply(client: &Client, id: i64, text: &str) -> Answer {
    client
        .post(
            "/svc/reply",
            &[("post_id", &id.to_string()), ("reply_text", text)],
        )
        .await
}

/// `/publish` of the post `id`, queued when `queue`.
async fn publish(client: &Client, id: i64, queue: bool) -> Answer {
    let id = id.to_string();
    let mut fields = vec![("id", id.as_str())];
    if queue {
        fields.push(("queue", "queue"));
    }
    client.post("/publish", &fields).await
}

async fn delete(client: &Client, id: i64, blog: &str) -> Answer {
    client
        .post(
            "/svc/post/delete",
            &[("post_id", &id.to_string()), ("channel_id", blog)],
        )
        .await
}

/// The post `id` as `client` reads it on its page.
async fn read_post(client: &Client, blog: &str, id: i64) -> Value {
    let path = format!("/svc/indash_blog/posts?tumblelog_name_or_id={blog}&post_id={id}&limit=1");
    let answer = client.get(&path).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response()["posts"][0].clone()
}

/// `blog`'s newest notifications of `kind`, as its owner `client` reads them.
async fn notifications(client: &Client, blog: &str, kind: &str) -> Vec<Value> {
    let path = format!("/svc/data/tumblelog?tumblelog={blog}&include_activity_notifications=1");
    let answer = client.get(&path).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let all = answer.response()["activity_notifications"]
        .as_array()
        .unwrap()
        .clone();
    all.into_iter().filter(|n| n["type"] == kind).collect()
}

/// The `(type, blog)` of each note of the post `id`, newest first.
async fn notes(client: &Client, id: i64) -> Vec<(String, String)> {
    let answer = client.get(&format!("/svc/post/notes?post_id={id}")).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let notes = answer.response()["notes"].as_array().unwrap().clone();
    notes
        .iter()
        .map(|n| {
            (
                n["type"].as_str().unwrap().to_owned(),
                n["blog_name"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn note(kind: &str, blog: &str) -> (String, String) {
    (kind.to_owned(), blog.to_owned())
}

#[tokio::test]
async fn likes_count_once_notify_the_author_and_are_refused_on_ones_own_posts() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let (id, key) = text_post(&ann, "ann", "Likeable", &[]).await;

        let answer = like(&ben, "/svc/like", id, &key).await;
        assert_eq!(answer.status, 200, "{kind:?}: {}", answer.body);
        let r = answer.response();
        assert_eq!(
            (&r["liked"], &r["note_count"], &r["liked_post_count"]),
            (&true.into(), &1.into(), &1.into()),
            "{kind:?}"
        );
        // Liking again changes nothing.
        assert_eq!(
            like(&ben, "/svc/like", id, &key).await.response()["note_count"],
            1,
            "{kind:?}"
        );
        assert_eq!(ben.info().await["liked_post_count"], 1, "{kind:?}");

        let seen = read_post(&ben, "ann", id).await;
        assert_eq!(
            (&seen["liked"], &seen["note_count"], &seen["is_mine"]),
            (&true.into(), &1.into(), &false.into()),
            "{kind:?}"
        );
        let own = read_post(&ann, "ann", id).await;
        assert_eq!(
            (&own["liked"], &own["is_mine"]),
            (&false.into(), &true.into()),
            "{kind:?}"
        );

        // One notification for the like, about the post, from ben.
        let likes = notifications(&ann, "ann", "like").await;
        assert_eq!(likes.len(), 1, "{kind:?}: {likes:?}");
        assert_eq!(
            (&likes[0]["from_tumblelog"]["name"], &likes[0]["post"]["id"]),
            (&"ben".into(), &id.into()),
            "{kind:?}"
        );
        assert_eq!(likes[0]["message"], "liked your post", "{kind:?}");

        // The author cannot like her own post; a wrong key finds no post; a visitor must log in.
        let refused = like(&ann, "/svc/like", id, &key).await;
        assert_eq!(
            (refused.status, refused.code(), refused.detail()),
            (403, "own_post", "You can't like your own post."),
            "{kind:?}"
        );
        assert_eq!(
            like(&ben, "/svc/like", id, "nope").await.status,
            404,
            "{kind:?}"
        );
        assert_eq!(
            like(&Client::visitor(&base).await, "/svc/like", id, &key)
                .await
                .status,
            401,
            "{kind:?}"
        );

        let unliked = like(&ben, "/svc/unlike", id, &key).await;
        assert_eq!(unliked.status, 200, "{kind:?}: {}", unliked.body);
        let r = unliked.response();
        assert_eq!(
            (&r["liked"], &r["note_count"]),
            (&false.into(), &0.into()),
            "{kind:?}"
        );
        assert_eq!(notes(&ben, id).await, vec![], "{kind:?}");
        assert_eq!(ben.info().await["liked_post_count"], 0, "{kind:?}");
    })
    .await;
}

/// The ids of a page of posts.
async fn page_ids(client: &Client, path: &str) -> Vec<i64> {
    let answer = client.get(path).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    let posts = answer.response()["posts"].as_array().unwrap().clone();
    posts.iter().map(|p| p["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn the_likes_page_lists_what_the_user_likes_and_pages_through_it() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let (first, first_key) = text_post(&ann, "ann", "One", &[]).await;
        let (second, second_key) = text_post(&ann, "ann", "Two", &[]).await;
        text_post(&ann, "ann", "Not liked", &[]).await;
        like(&ben, "/svc/like", first, &first_key).await;
        like(&ben, "/svc/like", second, &second_key).await;

        // Liked in the same second, the newer post comes first.
        assert_eq!(
            page_ids(&ben, "/svc/post/likes/after/0").await,
            vec![second, first],
            "{kind:?}"
        );
        assert_eq!(
            page_ids(&ben, &format!("/svc/post/likes/after/{second}")).await,
            vec![first],
            "{kind:?}"
        );
        assert_eq!(
            page_ids(&ben, &format!("/svc/post/likes/before/{first}")).await,
            vec![second],
            "{kind:?}"
        );
        let posts = ben.get("/svc/post/likes/after/0").await;
        assert_eq!(posts.response()["posts"][0]["liked"], true, "{kind:?}");
        assert_eq!(
            page_ids(&ann, "/svc/post/likes/after/0").await,
            Vec::<i64>::new(),
            "{kind:?}: her own"
        );
        assert_eq!(
            Client::visitor(&base)
                .await
                .get("/svc/post/likes/after/0")
                .await
                .status,
            401,
            "{kind:?}"
        );

        // The page said when the second was liked: unliking it keeps the page's place.
        let liked_at = posts.response()["posts"][0]["liked_timestamp"].as_i64();
        assert!(liked_at.is_some(), "{kind:?}: {}", posts.body);
        like(&ben, "/svc/unlike", second, &second_key).await;
        assert_eq!(
            page_ids(&ben, "/svc/post/likes/after/0").await,
            vec![first],
            "{kind:?}"
        );
        assert_eq!(
            page_ids(
                &ben,
                &format!(
                    "/svc/post/likes/after/{second}?liked_at={}",
                    liked_at.unwrap()
                )
            )
            .await,
            vec![first],
            "{kind:?}: the page goes on below the unliked post"
        );
    })
    .await;
}

#[tokio::test]
async fn a_deleted_first_post_leaves_its_reblogs_with_their_notes_counted() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let cal = Client::registered(&base, "cal@example.com", "cal").await;
        let (id, key) = text_post(&ann, "ann", "Short-lived", &[]).await;
        let reblog = fast_reblog(&ben, id, &key, false).await.response()["post"].clone();
        let (reblog_id, reblog_key) = (
            reblog["id"].as_i64().unwrap(),
            reblog["reblog_key"].as_str().unwrap().to_owned(),
        );
        like(&cal, "/svc/like", reblog_id, &reblog_key).await;
        like(&cal, "/svc/like", id, &key).await;
        assert_eq!(
            read_post(&cal, "ben", reblog_id).await["note_count"],
            3,
            "{kind:?}"
        );

        // Ann's post goes with its like and Ben's reblog note; Cal's like of the reblog stays.
        assert_eq!(delete(&ann, id, "ann").await.status, 200, "{kind:?}");
        assert_eq!(
            read_post(&cal, "ben", reblog_id).await["note_count"],
            1,
            "{kind:?}: the chain's count outlives its first post"
        );
        assert_eq!(
            notes(&cal, reblog_id).await,
            vec![note("like", "cal")],
            "{kind:?}"
        );
        assert_eq!(
            like(&ben, "/svc/like", reblog_id, &reblog_key).await.status,
            403,
            "{kind:?}: still Ben's own"
        );
        let more = Client::registered(&base, "dee@example.com", "dee").await;
        assert_eq!(
            like(&more, "/svc/like", reblog_id, &reblog_key)
                .await
                .response()["note_count"],
            2,
            "{kind:?}: and goes on counting"
        );
    })
    .await;
}

#[tokio::test]
async fn fast_reblogs_and_likes_of_reblogs_count_on_the_whole_chain() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let cal = Client::registered(&base, "cal@example.com", "cal").await;
        let (id, key) = text_post(&ann, "ann", "Worth passing on", &[]).await;

        let answer = fast_reblog(&ben, id, &key, false).await;
        assert_eq!(answer.status, 200, "{kind:?}: {}", answer.body);
        assert_eq!(
            answer.response()["message"],
            "Reblogged to ben.",
            "{kind:?}"
        );
        let reblog = answer.response()["post"].clone();
        assert_eq!(
            (&reblog["is_reblog"], &reblog["state"], &reblog["tumblelog"]),
            (&true.into(), &"published".into(), &"ben".into()),
            "{kind:?}"
        );
        assert_eq!(
            (&reblog["root_id"], &reblog["note_count"]),
            (&id.into(), &1.into()),
            "{kind:?}: the chain's count"
        );
        let (reblog_id, reblog_key) = (
            reblog["id"].as_i64().unwrap(),
            reblog["reblog_key"].as_str().unwrap().to_owned(),
        );

        let original = read_post(&ben, "ann", id).await;
        assert_eq!(
            (&original["reblogged"], &original["note_count"]),
            (&true.into(), &1.into()),
            "{kind:?}"
        );
        assert_eq!(
            read_post(&cal, "ann", id).await["reblogged"],
            false,
            "{kind:?}"
        );
        let reblogs = notifications(&ann, "ann", "reblog").await;
        assert_eq!(reblogs.len(), 1, "{kind:?}");
        assert_eq!(reblogs[0]["from_tumblelog"]["name"], "ben", "{kind:?}");
        assert_eq!(
            (
                &reblogs[0]["post"]["summary"],
                &reblogs[0]["post"]["media_url"]
            ),
            (&"Worth passing on".into(), &"".into()),
            "{kind:?}: the post in its words"
        );

        // Cal likes Ben's reblog: the note is Ben's to hear about, and the chain counts it.
        assert_eq!(
            like(&cal, "/svc/like", reblog_id, &reblog_key)
                .await
                .response()["note_count"],
            2,
            "{kind:?}"
        );
        assert_eq!(
            notifications(&ben, "ben", "like").await.len(),
            1,
            "{kind:?}"
        );
        assert_eq!(
            notifications(&ann, "ann", "like").await.len(),
            0,
            "{kind:?}"
        );
        assert_eq!(
            read_post(&cal, "ann", id).await["note_count"],
            2,
            "{kind:?}"
        );
        assert_eq!(
            notes(&cal, id).await,
            vec![note("like", "cal"), note("reblog", "ben")],
            "{kind:?}"
        );
        let listed = cal
            .get(&format!("/svc/post/notes?post_id={reblog_id}"))
            .await;
        assert_eq!(listed.response()["root_id"], id, "{kind:?}");
        assert_eq!(
            listed.response()["notes"][1]["reblog_url"],
            format!("/blog/ben/post/{reblog_id}"),
            "{kind:?}"
        );
        assert_eq!(
            (
                &listed.response()["notes"][1]["reblog_comment"],
                &listed.response()["notes"][1]["reblog_tags"]
            ),
            (&"".into(), &serde_json::json!([])),
            "{kind:?}: a fast reblog adds nothing"
        );
        assert!(
            listed.response()["notes"][0]
                .get("reblog_comment")
                .is_none(),
            "{kind:?}: a like says no reblog's words"
        );

        // A queued fast reblog is no note until it goes out.
        let queued = fast_reblog(&cal, id, &key, true).await;
        assert_eq!(queued.status, 200, "{kind:?}: {}", queued.body);
        assert_eq!(
            (
                &queued.response()["post"]["state"],
                &queued.response()["message"]
            ),
            (&"queued".into(), &"Added to cal's queue.".into()),
            "{kind:?}"
        );
        assert_eq!(
            read_post(&cal, "ann", id).await["note_count"],
            2,
            "{kind:?}"
        );

        // A wrong key cannot reblog.
        let refused = fast_reblog(&cal, id, "nope", false).await;
        assert_eq!(
            (refused.status, refused.detail()),
            (403, "This post cannot be reblogged."),
            "{kind:?}"
        );

        // Deleting the reblog takes its note and the like on it out of the count.
        let deleted = delete(&ben, reblog_id, "ben").await;
        assert_eq!(deleted.status, 200, "{kind:?}: {}", deleted.body);
        assert_eq!(
            read_post(&cal, "ann", id).await["note_count"],
            0,
            "{kind:?}"
        );
        assert_eq!(notes(&cal, id).await, vec![], "{kind:?}");
        // A reblog from the composer says what it added: its words as text, and its tags.
        let said = dee_reblogs(&base, id, &key).await;
        let listed = cal.get(&format!("/svc/post/notes?post_id={id}")).await;
        let newest = &listed.response()["notes"][0];
        assert_eq!(
            (&newest["type"], &newest["blog_name"], &newest["reblog_url"]),
            (
                &"reblog".into(),
                &"dee".into(),
                &format!("/blog/dee/post/{said}").into()
            ),
            "{kind:?}"
        );
        assert_eq!(
            (&newest["reblog_comment"], &newest["reblog_tags"]),
            (
                &"So true & kind".into(),
                &serde_json::json!(["agree", "wise words"])
            ),
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn replies_go_only_where_the_post_takes_them_and_deletes_only_by_the_owner() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let (closed, _) = text_post(&ann, "ann", "No replies", &[]).await;
        let (open, _) = text_post(
            &ann,
            "ann",
            "Replies welcome",
            &[("allow_photo_replies", "1")],
        )
        .await;

        let off = reply(&ben, closed, "Hi").await;
        assert_eq!(
            (off.status, off.code(), off.detail()),
            (403, "replies_off", "This post doesn't take replies."),
            "{kind:?}"
        );
        let empty = reply(&ben, open, "   ").await;
        assert_eq!(
            (empty.status, empty.code(), empty.detail()),
            (400, "invalid_reply", "Reply cannot be empty."),
            "{kind:?}"
        );
        let too_long = reply(&ben, open, &"x".repeat(501)).await;
        assert_eq!(
            (too_long.status, too_long.detail()),
            (400, "A reply can be at most 500 characters."),
            "{kind:?}"
        );

        let answer = reply(&ben, open, " Nice <b>one</b> ").await;
        assert_eq!(answer.status, 200, "{kind:?}: {}", answer.body);
        assert_eq!(answer.response()["note_count"], 1, "{kind:?}");
        let replies = notifications(&ann, "ann", "reply").await;
        assert_eq!(replies.len(), 1, "{kind:?}");
        assert_eq!(
            replies[0]["note_meta"]["reply_text"], "Nice <b>one</b>",
            "{kind:?}: kept as plain text"
        );
        let listed = ben.get(&format!("/svc/post/notes?post_id={open}")).await;
        assert_eq!(
            listed.response()["notes"][0]["reply_text"],
            "Nice <b>one</b>",
            "{kind:?}"
        );

        // Only the owner deletes: anyone else finds no such post, and it stays.
        assert_eq!(delete(&ben, open, "ann").await.status, 404, "{kind:?}");
        assert_eq!(read_post(&ben, "ann", open).await["id"], open, "{kind:?}");
        let deleted = delete(&ann, open, "ann").await;
        assert_eq!(deleted.status, 200, "{kind:?}: {}", deleted.body);
        assert_eq!(
            deleted.response()["context_tumblelog"]["post_count"],
            1,
            "{kind:?}"
        );
        assert_eq!(
            ben.get(&format!("/svc/post/notes?post_id={open}"))
                .await
                .status,
            404,
            "{kind:?}"
        );
    })
    .await;
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
async fn publishing_a_draft_sends_it_out_and_notifies_the_blogs_it_mentions_once() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let body = r#"<p>Hi <a href="/blog/ben">@ben</a>, <a href="/blog/ann">@ann</a> and <a href="/blog/nobody">@nobody</a></p>"#;
        let draft = |state: &'static str| {
            [("post[type]", "text"), ("post[state]", state), ("post[one]", "Hello"), ("post[two]", body)]
        };
        let saved = ann.save_post("ann", &draft("1")).await;
        let id = saved["post"]["id"].as_i64().unwrap();
        assert!(notifications(&ben, "ben", "user_mention").await.is_empty(), "{kind:?}: a draft mentions nobody yet");

        assert_eq!(publish(&ben, id, false).await.status, 404, "{kind:?}: not ben's post");
        let answer = publish(&ann, id, false).await;
        assert_eq!(answer.status, 200, "{kind:?}: {}", answer.body);
        assert_eq!((&answer.response()["post"]["state"], &answer.response()["message"]), (&"published".into(), &"Posted to ann.".into()), "{kind:?}");
        assert_eq!(answer.response()["context_tumblelog"]["draft_count"], 0, "{kind:?}");

        let mentions = notifications(&ben, "ben", "user_mention").await;
        assert_eq!(mentions.len(), 1, "{kind:?}: {mentions:?}");
        assert_eq!((&mentions[0]["from_tumblelog"]["name"], &mentions[0]["post"]["id"], &mentions[0]["message"]), (&"ann".into(), &id.into(), &"mentioned you".into()), "{kind:?}");
        assert!(notifications(&ann, "ann", "user_mention").await.is_empty(), "{kind:?}: not her own blog");

        // Saving it again mentions nobody twice; publishing it again is refused.
        let id_text = id.to_string();
        let mut edit = draft("0").to_vec();
        edit.push(("post_id", &id_text));
        ann.save_post("ann", &edit).await;
        assert_eq!(notifications(&ben, "ben", "user_mention").await.len(), 1, "{kind:?}");
        let again = publish(&ann, id, false).await;
        assert_eq!((again.status, again.detail()), (400, "Only a draft or a queued post can be published."), "{kind:?}");

        let second = ann.save_post("ann", &draft("1")).await["post"]["id"].as_i64().unwrap();
        let queued = publish(&ann, second, true).await;
        assert_eq!(queued.status, 200, "{kind:?}: {}", queued.body);
        assert_eq!((&queued.response()["post"]["state"], &queued.response()["message"]), (&"queued".into(), &"Added to ann's queue.".into()), "{kind:?}");
        assert_eq!(notifications(&ben, "ben", "user_mention").await.len(), 1, "{kind:?}: queued is not out yet");
    })
    .await;
}

/// `/svc/promote` or `/svc/unpromote` (`path`) of ann's post `id` for `tag`.
async fn promote(client: &Client, path: &str, id: i64, tag: &str) -> Answer {
    let id = id.to_string();
    client
        .post(
            path,
            &[
                ("post_id", id.as_str()),
                ("tag", tag),
                ("tumblelog_name", "ann"),
            ],
        )
        .await
}

/// The ids of `blog`'s page for `tag`, with the one marked promoted.
async fn tag_page(client: &Client, blog: &str, tag: &str) -> (Vec<i64>, Vec<i64>) {
    let answer = client
        .get(&format!("/svc/post/blog/after/0?blog={blog}&tag={tag}"))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let posts = answer.response()["posts"].as_array().unwrap().clone();
    let ids = posts.iter().map(|p| p["id"].as_i64().unwrap()).collect();
    let promoted = posts
        .iter()
        .filter(|p| p["is_promoted"] == true)
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    (ids, promoted)
}

#[tokio::test]
async fn a_promoted_post_heads_its_tag_on_its_blog_and_only_its_owner_promotes() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let tagged = [("post[tags]", "Art")];
        let (old, old_key) = text_post(&ann, "ann", "Old", &tagged).await;
        let (mid, _) = text_post(&ann, "ann", "Middle", &tagged).await;
        let (new, _) = text_post(&ann, "ann", "New", &tagged).await;
        let (untagged, _) = text_post(&ann, "ann", "Other", &[]).await;
        assert_eq!(
            tag_page(&ben, "ann", "art").await,
            (vec![new, mid, old], vec![]),
            "{kind:?}"
        );

        let answer = promote(&ann, "/svc/promote", old, "ART").await;
        assert_eq!(answer.status, 200, "{kind:?}: {}", answer.body);
        assert_eq!(answer.response()["tag_id"], "art", "{kind:?}");
        assert_eq!(
            tag_page(&ben, "ann", "art").await,
            (vec![old, new, mid], vec![old]),
            "{kind:?}: pinned first, and not again below"
        );
        // The next page goes on from the last post shown, without the pinned one.
        let after = ben
            .get(&format!("/svc/post/blog/after/{new}?blog=ann&tag=art"))
            .await;
        let ids: Vec<i64> = after.response()["posts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_i64().unwrap())
            .collect();
        assert_eq!(ids, vec![mid], "{kind:?}");

        // One a tag: promoting another replaces it.
        assert_eq!(
            promote(&ann, "/svc/promote", mid, "art").await.status,
            200,
            "{kind:?}"
        );
        assert_eq!(tag_page(&ben, "ann", "art").await.1, vec![mid], "{kind:?}");

        // Refusals.
        let others = promote(&ben, "/svc/promote", new, "art").await;
        assert_eq!(
            (others.status, others.detail()),
            (404, "No such post."),
            "{kind:?}"
        );
        let untagged = promote(&ann, "/svc/promote", untagged, "art").await;
        assert_eq!(
            (untagged.status, untagged.detail()),
            (400, "This post isn't tagged with that tag."),
            "{kind:?}"
        );
        let wrong_key = ann
            .post(
                "/svc/promote",
                &[
                    ("post_id", &old.to_string()),
                    ("tag", "art"),
                    ("reblog_key", "nope"),
                ],
            )
            .await;
        assert_eq!(wrong_key.status, 404, "{kind:?}");
        let right_key = ann
            .post(
                "/svc/promote",
                &[
                    ("post_id", &old.to_string()),
                    ("tag", "art"),
                    ("reblog_key", &old_key),
                ],
            )
            .await;
        assert_eq!(right_key.status, 200, "{kind:?}: {}", right_key.body);
        assert_eq!(
            promote(&ann, "/svc/promote", mid, "art").await.status,
            200,
            "{kind:?}"
        );

        let draft = ann
            .save_post(
                "ann",
                &[
                    ("post[type]", "text"),
                    ("post[state]", "1"),
                    ("post[one]", "Draft"),
                    ("post[tags]", "art"),
                ],
            )
            .await["post"]["id"]
            .as_i64()
            .unwrap();
        let draft = promote(&ann, "/svc/promote", draft, "art").await;
        assert_eq!(
            (draft.status, draft.detail()),
            (400, "Only a published post can be promoted."),
            "{kind:?}"
        );

        // Unpromote with the tag id promote answered.
        let unpinned = ann
            .post(
                "/svc/unpromote",
                &[("post_id", &mid.to_string()), ("tag_id", "art")],
            )
            .await;
        assert_eq!(unpinned.status, 200, "{kind:?}: {}", unpinned.body);
        assert_eq!(unpinned.response()["promoted"], false, "{kind:?}");
        assert_eq!(
            tag_page(&ben, "ann", "art").await,
            (vec![new, mid, old], vec![]),
            "{kind:?}"
        );
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
async fn a_page_asks_for_its_posts_note_counts_in_one_call() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let (shown, key) = text_post(&ann, "ann", "Out", &[]).await;
        let draft = ann
            .save_post(
                "ann",
                &[("post[type]", "text"), ("post[state]", "1"), ("post[one]", "Not yet")],
            )
            .await["post"]["id"]
            .as_i64()
            .unwrap();
        like(&ben, "/svc/like", shown, &key).await;
        let ids = format!("{shown},{draft},999999");
        assert_eq!(
            counts(&ben, &ids).await,
            (200, serde_json::json!([{"post_id": shown, "note_count": 1}])),
            "{kind:?}: another's draft and a missing post are left out"
        );
        assert_eq!(
            counts(&ann, &ids).await.1,
            serde_json::json!([{"post_id": shown, "note_count": 1}, {"post_id": draft, "note_count": 0}]),
            "{kind:?}: her own draft too"
        );
        assert_eq!(counts(&ben, "1,x").await.0, 400, "{kind:?}");
        let many = (1..=101).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        assert_eq!(counts(&ben, &many).await.0, 400, "{kind:?}");
    })
    .await;
}

/// `/svc/post/note_counts` of `ids` as `client` asks: the status and the counts.
async fn counts(client: &Client, ids: &str) -> (u16, Value) {
    let answer = client
        .get(&format!("/svc/post/note_counts?post_ids={ids}"))
        .await;
    (answer.status, answer.response()["counts"].clone())
}
