//! Messaging over HTTP, on SQLite and PostgreSQL: sending into new and existing
//! conversations, who may not be written to, and the inbox.

mod common;

use common::{Client, on_each_backend};

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
        // Nor into one that does not exist (a user's mistake, not the server's).
        let nowhere = ann
            .post(
                "/svc/conversations/messages",
                &[
                    ("participant", "ann"),
                    ("conversation_id", &(id + 1000).to_string()),
                    ("message", "anyone?"),
                ],
            )
            .await;
        assert_eq!(
            (nowhere.status, nowhere.code()),
            (404, "not_found"),
            "{kind:?}: {:?}",
            nowhere.body
        );
        // A conversation not started yet is a 404 (not_found, a new conversation); with a blog
        // that is not there, it is no_such_blog.
        let not_yet = cat
            .get("/svc/conversations/messages?participant=cat&participants=ann")
            .await;
        assert_eq!(
            (not_yet.status, not_yet.code()),
            (404, "not_found"),
            "{kind:?}"
        );
        let nobody = cat
            .get("/svc/conversations/messages?participant=cat&participants=nosuchblog")
            .await;
        assert_eq!(
            (nobody.status, nobody.code(), nobody.detail()),
            (404, "no_such_blog", "There's no blog named 'nosuchblog'."),
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
        // Nor can it write, until it turns messaging back on.
        let silent = cat.send_to("cat", "ann", "hi ann").await;
        assert_eq!(
            (silent.status, silent.code(), silent.detail()),
            (
                403,
                "messaging_disabled",
                "Messaging is not enabled for cat."
            ),
            "{kind:?}"
        );

        // Only as one of your own blogs, and to someone else.
        let posing = ann.send_to("bob", "cat", "it's bob").await;
        assert_eq!(
            (posing.status, posing.code(), posing.detail()),
            (403, "not_your_blog", "'bob' is not one of your blogs."),
            "{kind:?}"
        );
        let alone = ann.send_to("ann", "ann", "note to self").await;
        assert_eq!(
            (alone.status, alone.code(), alone.detail()),
            (400, "no_recipient", "Say who the message is for."),
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

/// The ids of the conversations in `blog`'s inbox, and the texts of one conversation's
/// messages as `blog` reads them.
async fn inbox_ids(client: &Client, blog: &str) -> Vec<i64> {
    let inbox = client
        .get(&format!("/svc/conversations?participant={blog}"))
        .await;
    assert_eq!(inbox.status, 200, "{}", inbox.body);
    inbox.response()["conversations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect()
}

/// A message control (`/svc/conversations/delete` or `/flag`) on conversation `id` as `blog`.
async fn control(client: &Client, path: &str, id: i64, blog: &str) -> common::Answer {
    let id = id.to_string();
    client
        .post(
            path,
            &[("conversation_id", id.as_str()), ("participant", blog)],
        )
        .await
}

async fn texts(client: &Client, blog: &str, id: i64) -> Vec<String> {
    let path = format!("/svc/conversations/messages?conversation_id={id}&participant={blog}");
    let answer = client.get(&path).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response()["messages"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["message"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn deleting_a_conversation_hides_it_for_one_blog_until_a_new_message_and_flags_report() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let bob = Client::registered(&base, "bob@example.com", "bob").await;
        let cat = Client::registered(&base, "cat@example.com", "cat").await;
        let id = ann.send_to("ann", "bob", "first").await.response()["conversation_id"]
            .as_i64()
            .unwrap();
        ann.send_to("ann", "bob", "second").await;
        let controls = |client, path, blog| control(client, path, id, blog);
        let deleted = controls(&bob, "/svc/conversations/delete", "bob").await;
        assert_eq!(deleted.status, 200, "{kind:?}: {}", deleted.body);
        assert_eq!(inbox_ids(&bob, "bob").await, Vec::<i64>::new(), "{kind:?}");
        assert_eq!(
            texts(&bob, "bob", id).await,
            Vec::<String>::new(),
            "{kind:?}"
        );
        assert_eq!(
            bob.info().await["unread_count"],
            0,
            "{kind:?}: what was deleted is not unread"
        );
        // Ann still has all of it.
        assert_eq!(inbox_ids(&ann, "ann").await, vec![id], "{kind:?}");
        assert_eq!(
            texts(&ann, "ann", id).await,
            ["first", "second"],
            "{kind:?}"
        );
        // A new message brings it back to Bob, with only what came after.
        ann.send_to("ann", "bob", "third").await;
        assert_eq!(inbox_ids(&bob, "bob").await, vec![id], "{kind:?}");
        assert_eq!(texts(&bob, "bob", id).await, ["third"], "{kind:?}");

        // Outsiders can neither delete nor flag it.
        let outsider = controls(&cat, "/svc/conversations/delete", "cat").await;
        assert_eq!(outsider.status, 404, "{kind:?}");
        let not_hers = controls(&cat, "/svc/conversations/flag", "cat").await;
        assert_eq!(not_hers.status, 404, "{kind:?}");
        let bad_id = bob
            .post(
                "/svc/conversations/delete",
                &[("conversation_id", "x"), ("participant", "bob")],
            )
            .await;
        assert_eq!(bad_id.status, 400, "{kind:?}");

        let flagged = controls(&bob, "/svc/conversations/flag", "bob").await;
        assert_eq!(flagged.status, 200, "{kind:?}: {}", flagged.body);
        assert_eq!(flagged.response()["flagged"], true, "{kind:?}");
    })
    .await;
}

#[tokio::test]
async fn participant_suggestions_search_by_name_and_offer_recent_and_followed_blogs() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        Client::registered(&base, "bob@example.com", "bob").await;
        Client::registered(&base, "bobby@example.com", "bobby").await;
        Client::registered(&base, "cat@example.com", "cat").await;
        let names = |answer: common::Answer| -> Vec<String> {
            assert_eq!(answer.status, 200, "{}", answer.body);
            answer.response()["blogs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b["name"].as_str().unwrap().to_owned())
                .collect()
        };
        let found = ann
            .get("/svc/conversations/participant_suggestions?q=bo")
            .await;
        assert_eq!(names(found), ["bob", "bobby"], "{kind:?}");

        // With nothing typed: whom ann talked with most recently, then whom she follows.
        ann.send_to("ann", "bobby", "hi").await;
        ann.post("/svc/follow", &[("tumblelog", "cat")]).await;
        let favourites = ann.get("/svc/conversations/participant_suggestions").await;
        assert_eq!(names(favourites), ["bobby", "cat"], "{kind:?}");
    })
    .await;
}
