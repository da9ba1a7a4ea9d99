//! Reblogs over HTTP on SQLite and PostgreSQL: from the composer (the trail and its media,
//! edits, the key, no drafts) and fast reblogs (spec 002 §7), counted on the whole chain
//! with the likes of reblogs, each with its note (its words and tags) and the notification
//! for the post's blog.

mod common;

use common::posts::{
    delete, fast_reblog, like, note, notes, notifications, read_post, save, save_raw, text_post,
};
use common::{Client, on_each_backend};
use serde_json::Value;

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

#[tokio::test]
async fn reblogs_keep_the_trail_and_refuse_without_the_key() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let cat = Client::registered(&base, "cat@example.com", "cat").await;
        let root = save(
            &ann,
            "ann",
            &[
                ("post[type]", "photo"),
                ("images[o1]", "/media/a.png"),
                ("post[two]", "<p>my cat</p>"),
            ],
        )
        .await;
        let root_id = root["post"]["id"].as_i64().unwrap().to_string();
        let key = root["post"]["reblog_key"].as_str().unwrap().to_owned();

        let fetched = ben
            .post(
                "/svc/post/fetch",
                &[
                    ("reblog_id", &root_id),
                    ("reblog_key", &key),
                    ("post_type", "photo"),
                ],
            )
            .await;
        assert_eq!(fetched.status, 200, "{kind:?}: {}", fetched.body);
        assert!(
            fetched.response()["post"]["source"].is_null(),
            "{kind:?}: no one else's source"
        );
        let wrong = ben
            .post(
                "/svc/post/fetch",
                &[("reblog_id", &root_id), ("reblog_key", "nope")],
            )
            .await;
        assert_eq!(
            (wrong.status, wrong.detail()),
            (403, "This post cannot be reblogged."),
            "{kind:?}"
        );

        let first = save(
            &ben,
            "ben",
            &[
                ("reblog_post_id", &root_id),
                ("reblog_key", &key),
                ("post[two]", "<p>so cute</p>"),
            ],
        )
        .await;
        let post = &first["post"];
        assert_eq!(
            (
                post["is_reblog"].as_bool(),
                post["content"]["type"].as_str()
            ),
            (Some(true), Some("photo")),
            "{kind:?}"
        );
        assert_eq!(
            post["content"]["photos"][0]["url"], "/media/a.png",
            "{kind:?}: the media come along"
        );
        assert_eq!(
            post["content"]["caption"], "",
            "{kind:?}: the caption moves to the trail"
        );
        assert_eq!(
            post["reblog_trail"][0]["content"], "<p>my cat</p>",
            "{kind:?}"
        );
        assert_eq!(
            post["reblog_trail"][0]["is_original_entry"], true,
            "{kind:?}"
        );
        assert_eq!(post["reblog_comment"], "<p>so cute</p>", "{kind:?}");
        assert_eq!(post["reblog_source"]["name"], "ann", "{kind:?}");
        assert_eq!(
            post["root_id"].as_i64().unwrap().to_string(),
            root_id,
            "{kind:?}"
        );
        assert_eq!(first["message"], "Reblogged to ben.", "{kind:?}");

        let first_id = post["id"].as_i64().unwrap().to_string();
        let first_key = post["reblog_key"].as_str().unwrap().to_owned();
        // Editing a reblog changes its comment only; the type's own rules (a photo post
        // needs photos) are the original's business.
        let edited = save(
            &ben,
            "ben",
            &[
                ("post_id", &first_id),
                ("post[type]", "photo"),
                ("post[two]", "<p>so, so cute</p>"),
            ],
        )
        .await;
        assert_eq!(
            edited["post"]["reblog_comment"], "<p>so, so cute</p>",
            "{kind:?}"
        );
        assert_eq!(
            edited["post"]["content"]["photos"][0]["url"], "/media/a.png",
            "{kind:?}: the media stay"
        );
        let second = save(
            &cat,
            "cat",
            &[("reblog_post_id", &first_id), ("reblog_key", &first_key)],
        )
        .await;
        let trail: Vec<&str> = second["post"]["reblog_trail"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(trail, ["ann", "ben"], "{kind:?}: the trail grows");
        let pruned = save(
            &cat,
            "cat",
            &[
                ("reblog_post_id", &first_id),
                ("reblog_key", &first_key),
                ("remove_reblog_tree", "1"),
                ("post[two]", "mine"),
            ],
        )
        .await;
        assert_eq!(
            pruned["post"]["reblog_trail"],
            Value::Array(vec![]),
            "{kind:?}: remove_reblog_tree"
        );

        let draft = save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[state]", "1"),
            ],
        )
        .await;
        let draft_id = draft["post"]["id"].as_i64().unwrap().to_string();
        let draft_key = draft["post"]["reblog_key"].as_str().unwrap().to_owned();
        let not_out = save_raw(
            &ben,
            "ben",
            &[("reblog_post_id", &draft_id), ("reblog_key", &draft_key)],
        )
        .await;
        assert_eq!(
            (not_out.status, not_out.code()),
            (403, "not_rebloggable"),
            "{kind:?}: a draft cannot be reblogged"
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
        // The notification names the reblog itself (spec 000 §3 Notification, new_post): a
        // fast reblog adds no words of its own.
        assert_eq!(
            reblogs[0]["new_post"],
            serde_json::json!({
                "url": format!("/blog/ben/post/{reblog_id}"),
                "diff": "",
                "quote": "Worth passing on",
            }),
            "{kind:?}"
        );
        assert_eq!(reblogs[0]["note_meta"], Value::Null, "{kind:?}");
        assert_eq!(reblogs[0]["post"]["video_thumbnail_url"], "", "{kind:?}");

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
        // Ann's activity says so too: the reblog's address and its words.
        let reblogs = notifications(&ann, "ann", "reblog").await;
        assert_eq!(
            (
                &reblogs[0]["from_tumblelog"]["name"],
                &reblogs[0]["new_post"]
            ),
            (
                &"dee".into(),
                &serde_json::json!({
                    "url": format!("/blog/dee/post/{said}"),
                    "diff": "So true & kind",
                    "quote": "Worth passing on",
                })
            ),
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_chain_keeps_its_trail_when_an_earlier_post_is_deleted() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let cat = Client::registered(&base, "cat@example.com", "cat").await;
        let (root_id, key) = text_post(&ann, "ann", "The first words", &[]).await;
        let bens = save(
            &ben,
            "ben",
            &[
                ("reblog_post_id", &root_id.to_string()),
                ("reblog_key", &key),
                ("post[two]", "<p>ben adds</p>"),
            ],
        )
        .await;
        let ben_id = bens["post"]["id"].as_i64().unwrap();
        let ben_key = bens["post"]["reblog_key"].as_str().unwrap().to_owned();
        assert_eq!(delete(&ann, root_id, "ann").await.status, 200, "{kind:?}");

        // Ben's reblog is still a reblog, with what it carried.
        let read = read_post(&ben, "ben", ben_id).await;
        assert_eq!(read["is_reblog"], true, "{kind:?}");
        let trail_of = |post: &Value| -> Vec<String> {
            post["reblog_trail"]
                .as_array()
                .unwrap()
                .iter()
                .map(|item| item["name"].as_str().unwrap().to_owned())
                .collect()
        };
        assert_eq!(trail_of(&read), ["ann"], "{kind:?}");

        // Cat reblogs it: the trail has ann's words and ben's.
        let cats = save(
            &cat,
            "cat",
            &[
                ("reblog_post_id", &ben_id.to_string()),
                ("reblog_key", &ben_key),
                ("post[two]", "<p>cat too</p>"),
            ],
        )
        .await;
        assert_eq!(trail_of(&cats["post"]), ["ann", "ben"], "{kind:?}");
        assert_eq!(
            cats["post"]["reblog_trail"][1]["content"], "<p>ben adds</p>",
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_reblog_of_a_deleted_reblog_stays_a_note_of_the_chain() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let cat = Client::registered(&base, "cat@example.com", "cat").await;
        let (root_id, key) = text_post(&ann, "ann", "The first words", &[]).await;
        let reblog = |client: &'static str, id: i64, key: String| {
            let who = if client == "ben" { &ben } else { &cat };
            async move {
                let saved = save(
                    who,
                    client,
                    &[
                        ("reblog_post_id", &id.to_string()),
                        ("reblog_key", &key),
                        ("post[two]", "<p>yes</p>"),
                    ],
                )
                .await;
                (
                    saved["post"]["id"].as_i64().unwrap(),
                    saved["post"]["reblog_key"].as_str().unwrap().to_owned(),
                )
            }
        };
        let (ben_id, ben_key) = reblog("ben", root_id, key).await;
        reblog("cat", ben_id, ben_key).await;
        let mut before = notes(&ann, root_id).await;
        before.sort();
        assert_eq!(
            before,
            [
                ("reblog".into(), "ben".into()),
                ("reblog".into(), "cat".into())
            ],
            "{kind:?}"
        );
        assert_eq!(delete(&ben, ben_id, "ben").await.status, 200, "{kind:?}");
        // Ben's reblog went, and its note; cat's reblog is still there, and so is its note.
        assert_eq!(
            notes(&ann, root_id).await,
            [("reblog".to_owned(), "cat".to_owned())],
            "{kind:?}"
        );
        assert_eq!(
            read_post(&ann, "ann", root_id).await["note_count"],
            1,
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn reblogs_of_a_deleted_first_post_stay_notes_of_the_chain() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let cat = Client::registered(&base, "cat@example.com", "cat").await;
        let (root_id, key) = text_post(&ann, "ann", "The first words", &[]).await;
        let reblogged = fast_reblog(&ben, root_id, &key, false).await;
        assert_eq!(reblogged.status, 200, "{kind:?}: {}", reblogged.body);
        let ben_id = reblogged.response()["post"]["id"].as_i64().unwrap();
        let ben_key = reblogged.response()["post"]["reblog_key"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(fast_reblog(&cat, ben_id, &ben_key, false).await.status, 200);
        assert_eq!(like(&cat, "/svc/like", root_id, &key).await.status, 200);
        assert_eq!(notes(&ben, ben_id).await.len(), 3, "{kind:?}");

        assert_eq!(delete(&ann, root_id, "ann").await.status, 200, "{kind:?}");
        // Both reblogs are still there, so both their notes are; the like of the deleted post
        // went with it.
        let mut left = notes(&ben, ben_id).await;
        left.sort();
        assert_eq!(
            left,
            [note("reblog", "ben"), note("reblog", "cat")],
            "{kind:?}"
        );
        assert_eq!(
            read_post(&ben, "ben", ben_id).await["note_count"],
            2,
            "{kind:?}"
        );
        let listed = ben
            .get(&format!("/svc/post/notes?post_id={ben_id}"))
            .await
            .response()["notes"]
            .clone();
        let ben_note = listed
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["blog_name"] == "ben")
            .unwrap()
            .clone();
        assert_eq!(ben_note["post_id"], Value::Null, "{kind:?}: on no post now");
        assert_eq!(
            ben_note["reblog_url"],
            format!("/blog/ben/post/{ben_id}"),
            "{kind:?}"
        );
    })
    .await;
}
