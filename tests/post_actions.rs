//! Post actions over HTTP on SQLite and PostgreSQL (spec 002 §7): replies, deletes and
//! publishing, each with its permission rule; the notes they make or take (the chain's
//! count, the notes list, a page's counts in one call); and the notification each writes
//! for the post's blog or the blogs it mentions.

mod common;

use common::posts::{
    delete, fast_reblog, like, note, notes, notifications, read_post, reply, text_post,
};
use common::{Answer, Client, on_each_backend};
use serde_json::Value;

/// `/publish` of the post `id`, queued when `queue`.
async fn publish(client: &Client, id: i64, queue: bool) -> Answer {
    let id = id.to_string();
    let mut fields = vec![("id", id.as_str())];
    if queue {
        fields.push(("queue", "queue"));
    }
    client.post("/publish", &fields).await
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

        // Ann's post goes with its like; Ben's reblog is still there, and so is its note, and
        // Cal's like of the reblog stays.
        assert_eq!(delete(&ann, id, "ann").await.status, 200, "{kind:?}");
        assert_eq!(
            read_post(&cal, "ben", reblog_id).await["note_count"],
            2,
            "{kind:?}: the chain's count outlives its first post"
        );
        assert_eq!(
            notes(&cal, reblog_id).await,
            vec![note("like", "cal"), note("reblog", "ben")],
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
            3,
            "{kind:?}: and goes on counting"
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
