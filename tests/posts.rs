//! Posts over HTTP, on SQLite and PostgreSQL: every type saved and read back, every
//! validation message, states and who sees what, reblogs and their trail, edits, pages,
//! sanitising, and scheduled publishing across a restart.

mod common;

use common::{Answer, BOTH, Client, Server, TestDb, on_each_backend};
use serde_json::Value;

/// Saves a post on `blog` with `fields` and answers the save answer, failing on an error.
async fn save(client: &Client, blog: &str, fields: &[(&str, &str)]) -> Value {
    client.save_post(blog, fields).await
}

async fn save_raw(client: &Client, blog: &str, fields: &[(&str, &str)]) -> Answer {
    let mut all = vec![("channel_id", blog)];
    all.extend_from_slice(fields);
    client.post("/svc/post/update", &all).await
}

/// The posts of a page, as `(id, type)`.
async fn page(client: &Client, path: &str) -> Vec<(i64, String)> {
    let answer = client.get(path).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    answer.response()["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["id"].as_i64().unwrap(),
                p["content"]["type"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// A form that must be refused: its fields, the field named, the message.
type Case = (
    &'static [(&'static str, &'static str)],
    &'static str,
    &'static str,
);

/// A client logged in to `base` as an existing account.
async fn logged_in(base: &str, email: &str) -> Client {
    let mut client = Client::visitor(base).await;
    let answer = client
        .post("/login", &[("email", email), ("password", "correct horse")])
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    client.form_key = answer.response()["form_key"].as_str().unwrap().to_owned();
    client
}

/// The messages of an error answer, each with its field.
fn field_errors(answer: &Answer) -> Vec<(String, String)> {
    answer.body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["field"].as_str().unwrap_or("").to_owned(),
                e["detail"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn every_type_is_saved_and_reaches_the_dashboards_newest_first() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        ben.post("/svc/follow", &[("tumblelog", "ann")]).await;
        let posts: [(&str, Vec<(&str, &str)>); 8] = [
            (
                "text",
                vec![
                    ("post[one]", "Hello"),
                    ("post[two]", "<p>First <b>post</b></p>"),
                ],
            ),
            (
                "photo",
                vec![
                    ("images[o1]", "https://img.example/cat.jpg"),
                    ("caption[o1]", "a cat"),
                    ("post[two]", "cats!"),
                ],
            ),
            (
                "quote",
                vec![("post[one]", "To be or not"), ("post[two]", "Hamlet")],
            ),
            (
                "link",
                vec![
                    ("post[one]", "Example"),
                    ("post[two]", "example.com/page"),
                    ("post[three]", "worth a read"),
                ],
            ),
            (
                "chat",
                vec![
                    ("post[one]", "A talk"),
                    ("post[two]", "Ann: hi\nBen: hello"),
                ],
            ),
            (
                "audio",
                vec![
                    ("post[three]", "https://open.spotify.com/track/abc"),
                    ("post[two]", "a song"),
                ],
            ),
            (
                "video",
                vec![
                    ("post[one]", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"),
                    ("post[two]", "a video"),
                ],
            ),
            (
                "note",
                vec![("post[one]", "What is up?"), ("post[two]", "The sky.")],
            ),
        ];
        let mut ids = Vec::new();
        for (kind_name, fields) in &posts {
            let mut all = vec![("post[type]", *kind_name)];
            all.extend_from_slice(fields);
            let saved = save(&ann, "ann", &all).await;
            assert_eq!(saved["created_post"], true, "{kind:?}");
            assert_eq!(saved["post"]["content"]["type"], *kind_name, "{kind:?}");
            assert_eq!(saved["post"]["state"], "published", "{kind:?}");
            assert_eq!(saved["post_context_page"], "dashboard", "{kind:?}");
            assert_eq!(saved["post_tumblelog"]["name_or_id"], "ann", "{kind:?}");
            ids.push(saved["post"]["id"].as_i64().unwrap());
        }
        let newest_first: Vec<i64> = ids.iter().rev().copied().collect();
        let dashboard = page(&ben, "/svc/post/dashboard/after/0").await;
        let shown: Vec<i64> = dashboard.iter().map(|(id, _)| *id).collect();
        assert_eq!(
            shown, newest_first,
            "{kind:?}: a follower's dashboard, newest first"
        );
        let own = page(&ann, "/svc/post/dashboard/after/0").await;
        assert_eq!(
            own.len(),
            8,
            "{kind:?}: the author's dashboard has their own posts"
        );
        let blog = page(
            &Client::visitor(&base).await,
            "/svc/post/blog/after/0?blog=ann",
        )
        .await;
        assert_eq!(blog.len(), 8, "{kind:?}: a visitor sees the blog's posts");

        // What was saved reads back as it was written.
        let link = &ann
            .get(&format!(
                "/svc/indash_blog/posts?tumblelog_name_or_id=ann&post_id={}",
                ids[3]
            ))
            .await;
        let content = &link.response()["posts"][0]["content"];
        assert_eq!(content["url"], "http://example.com/page", "{kind:?}");
        assert_eq!(content["publisher"], "example.com", "{kind:?}");
        let chat = &ben
            .get(&format!(
                "/svc/indash_blog/posts?tumblelog_name_or_id=ann&post_id={}",
                ids[4]
            ))
            .await;
        assert_eq!(
            chat.response()["posts"][0]["content"]["lines"][1]["speaker"],
            "Ben",
            "{kind:?}"
        );
        let info = ann.get("/svc/data/tumblelog?tumblelog=ann").await;
        assert_eq!(
            info.response()["post_count"],
            8,
            "{kind:?}: the blog's count is real"
        );
    })
    .await;
}

#[tokio::test]
async fn every_validation_rule_answers_400_with_its_message_and_field() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let cases: [Case; 17] = [
            (&[("post[type]", "text")], "post[two]", "Post body empty."),
            (&[("post[type]", "photo")], "images", "No photos specified."),
            (
                &[("post[type]", "photo"), ("images[o1]", "")],
                "images[o1]",
                "Uploads in progress.",
            ),
            (&[("post[type]", "quote")], "post[one]", "No quote."),
            (&[("post[type]", "link")], "post[two]", "No url."),
            (
                &[("post[type]", "link"), ("post[two]", "http://")],
                "post[two]",
                "Not a valid URL",
            ),
            (
                &[("post[type]", "chat"), ("post[two]", "\u{200B}")],
                "post[two]",
                "No chat.",
            ),
            (
                &[("post[type]", "note")],
                "post[one]",
                "Post question empty.",
            ),
            (
                &[("post[type]", "audio")],
                "post[three]",
                "Please choose an audio source before continuing.",
            ),
            (
                &[("post[type]", "audio"), ("preuploaded_url", "/media/a.mp3")],
                "confirm_tos",
                "You must agree that you have permission to share this file.",
            ),
            (
                &[("post[type]", "video"), ("post[one]", "<p>x</p>")],
                "post[one]",
                "No embed specified.",
            ),
            (
                &[("post[type]", "video")],
                "post[one]",
                "No video specified.",
            ),
            (
                &[
                    ("post[type]", "video"),
                    ("post[one]", "https://example.com/x"),
                ],
                "post[one]",
                "Direct embed missing.",
            ),
            (
                &[
                    ("post[type]", "text"),
                    ("post[one]", "t"),
                    ("post[state]", "7"),
                ],
                "post[state]",
                "Invalid \"state\" value",
            ),
            (
                &[
                    ("post[type]", "text"),
                    ("post[one]", "t"),
                    ("send_to_twitter", "yes please"),
                ],
                "send_to_twitter",
                "Invalid \"send_to_twitter\" type. Expected boolean, got string.",
            ),
            (
                &[("post[type]", "sonnet"), ("post[one]", "t")],
                "post[type]",
                "Invalid \"type\" value",
            ),
            (
                // Not a layout, and not digits either: refused, never read as a number.
                &[
                    ("post[type]", "photo"),
                    ("images[o1]", "/media/a.png"),
                    ("post[photoset_layout]", "1,"),
                ],
                "post[photoset_layout]",
                "Invalid \"photoset_layout\" value",
            ),
        ];
        for (fields, field, message) in cases {
            let answer = save_raw(&ann, "ann", fields).await;
            assert_eq!(
                (answer.status, answer.code()),
                (400, "invalid_post"),
                "{kind:?} {fields:?}: {}",
                answer.body
            );
            assert_eq!(
                field_errors(&answer),
                [(field.to_owned(), message.to_owned())],
                "{kind:?} {fields:?}"
            );
        }
        let other = save_raw(&ann, "ben", &[("post[type]", "text"), ("post[one]", "t")]).await;
        assert_eq!(
            (other.status, other.code()),
            (403, "not_your_blog"),
            "{kind:?}"
        );
        let none = save_raw(&ann, "", &[("post[type]", "text"), ("post[one]", "t")]).await;
        assert_eq!(
            (none.status, none.code()),
            (400, "missing_channel_id"),
            "{kind:?}"
        );
        assert_eq!(
            ann.get("/svc/data/tumblelog?tumblelog=ann")
                .await
                .response()["post_count"],
            0,
            "{kind:?}: nothing was saved"
        );
    })
    .await;
}

#[tokio::test]
async fn drafts_queued_and_private_posts_are_only_the_owners() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        ben.post("/svc/follow", &[("tumblelog", "ann")]).await;
        let text = |state: &'static str| {
            vec![
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[state]", state),
            ]
        };
        let draft = save(&ann, "ann", &text("1")).await;
        assert_eq!(
            (
                draft["post"]["state"].as_str(),
                draft["post_context_page"].as_str()
            ),
            (Some("draft"), Some("drafts")),
            "{kind:?}"
        );
        let queued = save(&ann, "ann", &text("2")).await;
        assert_eq!(queued["post"]["state"], "queued", "{kind:?}");
        let mut scheduled_fields = text("2");
        scheduled_fields.push(("post[publish_on]", "next tuesday 10am"));
        let scheduled = save(&ann, "ann", &scheduled_fields).await;
        assert_eq!(
            scheduled["post"]["state"], "scheduled",
            "{kind:?}: queued with a time is scheduled"
        );
        assert!(
            scheduled["post"]["publish_on"].as_i64().unwrap() > 0,
            "{kind:?}"
        );
        let mut private_fields = text("0");
        private_fields.push(("is_private", "1"));
        let private = save(&ann, "ann", &private_fields).await;
        assert_eq!(
            private["post"]["state"], "private",
            "{kind:?}: is_private forces private"
        );
        save(&ann, "ann", &text("0")).await;

        assert_eq!(
            page(&ben, "/svc/post/dashboard/after/0").await.len(),
            1,
            "{kind:?}: only the published one"
        );
        let visitor = Client::visitor(&base).await;
        assert_eq!(
            page(&visitor, "/svc/post/blog/after/0?blog=ann")
                .await
                .len(),
            1,
            "{kind:?}"
        );
        assert_eq!(
            page(&ann, "/svc/post/blog/after/0?blog=ann").await.len(),
            2,
            "{kind:?}: the owner sees the private one"
        );
        assert_eq!(
            page(&ann, "/svc/post/drafts/after/0").await.len(),
            1,
            "{kind:?}"
        );
        assert_eq!(
            page(&ann, "/svc/post/queue/after/0").await.len(),
            2,
            "{kind:?}: queued and scheduled"
        );
        let others = ben.get("/svc/post/drafts/after/0?blog=ann").await;
        assert_eq!(
            (others.status, others.code()),
            (403, "not_your_blog"),
            "{kind:?}"
        );
        let draft_id = draft["post"]["id"].as_i64().unwrap();
        let peek = ben
            .get(&format!(
                "/svc/indash_blog/posts?tumblelog_name_or_id=ann&post_id={draft_id}"
            ))
            .await;
        assert_eq!(peek.status, 404, "{kind:?}: a draft is nobody else's");
        let counts = ann
            .get("/svc/data/tumblelog?tumblelog=ann&include_member_data=1")
            .await;
        let counts = counts.response();
        assert_eq!(
            (
                &counts["post_count"],
                &counts["draft_count"],
                &counts["queued_post_count"]
            ),
            (&Value::from(1), &Value::from(1), &Value::from(2)),
            "{kind:?}: the queue counts its scheduled post too, as its page lists it: {counts}"
        );
    })
    .await;
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
async fn editing_keeps_the_post_and_its_type() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let saved = save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "Title"),
                ("post[two]", "**md**"),
                ("editor_type", "markdown"),
                ("post[tags]", "#Art, art,  cats "),
            ],
        )
        .await;
        let id = saved["post"]["id"].as_i64().unwrap().to_string();
        assert_eq!(
            saved["post"]["content"]["body"], "<p><strong>md</strong></p>\n",
            "{kind:?}"
        );
        assert_eq!(
            saved["post"]["tags"],
            serde_json::json!(["Art", "cats"]),
            "{kind:?}"
        );

        let fetched = ann
            .post(
                "/svc/post/fetch",
                &[("post_id", &id), ("channel_id", "ann")],
            )
            .await;
        assert_eq!(
            fetched.response()["post"]["source"]["two"],
            "**md**",
            "{kind:?}: the source, for editing"
        );
        let edited = save(
            &ann,
            "ann",
            &[
                ("post_id", &id),
                ("post[type]", "text"),
                ("post[one]", "New title"),
                ("post[two]", "body"),
                ("post[state]", "1"),
            ],
        )
        .await;
        assert_eq!(edited["created_post"], false, "{kind:?}");
        assert_eq!(
            edited["post"]["id"].as_i64().unwrap().to_string(),
            id,
            "{kind:?}"
        );
        assert_eq!(edited["post"]["content"]["title"], "New title", "{kind:?}");
        assert_eq!(
            edited["post"]["tags"],
            serde_json::json!([]),
            "{kind:?}: tags are replaced"
        );
        assert_eq!(
            edited["post_context_page"], "drafts",
            "{kind:?}: its page changed"
        );

        let retyped = save_raw(
            &ann,
            "ann",
            &[
                ("post_id", &id),
                ("post[type]", "quote"),
                ("post[one]", "q"),
            ],
        )
        .await;
        assert_eq!(
            field_errors(&retyped),
            [("post[type]".to_owned(), "Invalid \"type\" value".to_owned())],
            "{kind:?}"
        );
        let not_mine = save_raw(
            &ben,
            "ben",
            &[("post_id", &id), ("post[type]", "text"), ("post[one]", "x")],
        )
        .await;
        assert_eq!(
            not_mine.status, 404,
            "{kind:?}: someone else's post is not there"
        );
        let fetch_other = ben
            .post(
                "/svc/post/fetch",
                &[("post_id", &id), ("channel_id", "ann")],
            )
            .await;
        assert_eq!(fetch_other.status, 404, "{kind:?}");
    })
    .await;
}

#[tokio::test]
async fn hostile_html_is_sanitised_before_anyone_reads_it() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let payload = r#"<p onmouseover="steal()">hi</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a><iframe src="javascript:alert(2)"></iframe>"#;
        let saved = save(&ann, "ann", &[("post[type]", "text"), ("post[one]", "<b>t</b>"), ("post[two]", payload), ("editor_type", "html")]).await;
        let visitor = Client::visitor(&base).await;
        let id = saved["post"]["id"].as_i64().unwrap();
        let read = visitor.get(&format!("/svc/indash_blog/posts?tumblelog_name_or_id=ann&post_id={id}")).await;
        let body = read.response()["posts"][0]["content"]["body"].as_str().unwrap().to_lowercase();
        for bad in ["script", "onmouseover", "onerror", "javascript", "alert"] {
            assert!(!body.contains(bad), "{kind:?}: {bad} in {body}");
        }
        assert_eq!(read.response()["posts"][0]["content"]["title"], "t", "{kind:?}: titles are text");
        let preview = ann.post("/svc/filter_html_for_dash_preview", &[("html", payload)]).await;
        assert!(!preview.response()["html"].as_str().unwrap().contains("script"), "{kind:?}");
    })
    .await;
}

#[tokio::test]
async fn pages_continue_before_and_after_a_post() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let mut ids = Vec::new();
        for i in 0..25 {
            let text = format!("post {i}");
            let saved = save(&ann, "ann", &[("post[type]", "text"), ("post[one]", &text)]).await;
            ids.push(saved["post"]["id"].as_i64().unwrap());
        }
        ids.reverse();
        let first: Vec<i64> = page(&ann, "/svc/post/dashboard/after/0")
            .await
            .into_iter()
            .map(|p| p.0)
            .collect();
        assert_eq!(first, ids[..10], "{kind:?}: ten a page, newest first");
        let second: Vec<i64> = page(&ann, &format!("/svc/post/dashboard/after/{}", ids[9]))
            .await
            .into_iter()
            .map(|p| p.0)
            .collect();
        assert_eq!(second, ids[10..20], "{kind:?}");
        let newer: Vec<i64> = page(&ann, &format!("/svc/post/dashboard/before/{}", ids[12]))
            .await
            .into_iter()
            .map(|p| p.0)
            .collect();
        assert_eq!(
            newer,
            ids[2..12],
            "{kind:?}: the ten above it, in page order"
        );
        let bad = ann.get("/svc/post/dashboard/sideways/3").await;
        assert_eq!(bad.status, 400, "{kind:?}");
        let visitor = Client::visitor(&base).await;
        assert_eq!(
            visitor.get("/svc/post/dashboard/after/0").await.status,
            401,
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_scheduled_post_goes_out_at_its_time_even_across_a_restart() {
    for kind in BOTH {
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
        let due = (std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
            + 3)
        .to_string();
        let saved = save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "later"),
                ("post[state]", "2"),
                ("post[publish_on]", &due),
            ],
        )
        .await;
        assert_eq!(saved["post"]["state"], "scheduled", "{kind:?}");
        drop(server);
        // Down while it comes due; the next server publishes it.
        tokio::time::sleep(std::time::Duration::from_secs(4)).await;
        let server = Server::start(&db.url, &[]);
        let ann = logged_in(&server.base, "ann@example.com").await;
        let mut published = Vec::new();
        for _ in 0..50 {
            published = page(&ann, "/svc/post/blog/after/0?blog=ann").await;
            if !published.is_empty() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(published.len(), 1, "{kind:?}: published after the restart");
        assert_eq!(
            page(&ann, "/svc/post/queue/after/0").await.len(),
            0,
            "{kind:?}: and out of the queue"
        );
        drop(server);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn the_composer_suggests_mentions_and_tags() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let _ = Client::registered(&base, "annie@example.com", "annie").await;
        let _ = Client::registered(&base, "anna-art@example.com", "anna-art").await;
        ann.post("/svc/follow", &[("tumblelog", "anna-art")]).await;
        let mentions = ann.post("/svc/mention", &[("q", "@ann")]).await;
        let names: Vec<&str> = mentions.response()["blogs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            ["anna-art", "ann", "annie"],
            "{kind:?}: followed first, then the shortest"
        );
        assert_eq!(mentions.response()["query"], "ann", "{kind:?}");

        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        for tags in ["cats, cartoons", "cats", "cars"] {
            save(
                &ben,
                "ben",
                &[
                    ("post[type]", "text"),
                    ("post[one]", "t"),
                    ("post[tags]", tags),
                ],
            )
            .await;
        }
        save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[tags]", "Cake"),
            ],
        )
        .await;
        let suggested = ann
            .post("/svc/tag_suggest", &[("q", "ca"), ("tags", "cars")])
            .await;
        let lists = &suggested.response()["tagSuggestions"];
        assert_eq!(
            lists["userTags"],
            serde_json::json!(["Cake"]),
            "{kind:?}: the author's own"
        );
        assert_eq!(
            lists["suggestions"],
            serde_json::json!(["cats", "cartoons"]),
            "{kind:?}: popular, most used first, not the post's own"
        );
        let all: Vec<&str> = suggested.response()["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["tag"].as_str().unwrap())
            .collect();
        assert_eq!(all, ["Cake", "cats", "cartoons"], "{kind:?}");
    })
    .await;
}

/// Serves one HTML page on 127.0.0.1 to every request.
async fn page_server(html: &'static str) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        while let Ok((mut socket, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = [0u8; 2048];
                let _ = socket.read(&mut buf).await;
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\n\r\n",
                    html.len()
                );
                let _ = socket.write_all(head.as_bytes()).await;
                let _ = socket.write_all(html.as_bytes()).await;
            });
        }
    });
    format!("http://{addr}/article")
}

#[tokio::test]
async fn link_previews_and_media_lookups() {
    let db = TestDb::new(common::Kind::Sqlite).await;
    let page = page_server(r#"<title>T</title><meta property="og:title" content="A story"><meta property="og:image" content="/i.jpg"><meta property="article:tag" content="news">"#).await;
    let closed = Server::start(&db.url, &[]);
    let ann = Client::registered(&closed.base, "ann@example.com", "ann").await;
    let refused = ann.post("/svc/post/fetch_og", &[("url", &page)]).await;
    assert_eq!(
        (refused.status, refused.detail()),
        (400, "That address is not on the web."),
        "never from inside"
    );
    drop(closed);
    let open = Server::start(&db.url, &["--allow-private-fetch"]);
    let ann = logged_in(&open.base, "ann@example.com").await;
    let og = ann.post("/svc/post/fetch_og", &[("url", &page)]).await;
    assert_eq!(og.status, 200, "{}", og.body);
    assert_eq!(og.response()["title"], "A story");
    assert!(og.response()["image"].as_str().unwrap().ends_with("/i.jpg"));
    assert_eq!(og.response()["tags"], serde_json::json!(["news"]));

    let spotify = ann
        .post(
            "/svc/post/get_spotify_data",
            &[("url", "https://open.spotify.com/track/abc")],
        )
        .await;
    assert_eq!(
        spotify.response()["embed_url"],
        "https://open.spotify.com/embed/track/abc"
    );
    let wrong = ann
        .post(
            "/svc/post/get_soundcloud_data",
            &[("url", "https://open.spotify.com/track/abc")],
        )
        .await;
    assert_eq!(wrong.status, 400);
    let search = ann
        .post(
            "/search_audio",
            &[("q", "blue"), ("audio_search_provider", "spotify")],
        )
        .await;
    assert_eq!(
        search.response()["results"],
        serde_json::json!([]),
        "no service is reachable from here"
    );
    let video = ann
        .http
        .post(format!("{}/svc/post/get_video_data", open.base))
        .header("x-form-key", &ann.form_key)
        .json(&serde_json::json!({"embed_url": "https://youtu.be/dQw4w9WgXcQ", "embed_width": 500}))
        .send()
        .await
        .unwrap();
    let video: Value = video.json().await.unwrap();
    assert_eq!(
        video["response"]["preview_iframe"],
        "https://www.youtube.com/embed/dQw4w9WgXcQ"
    );
    drop(open);
    db.cleanup().await;
}

#[tokio::test]
async fn tag_pages_photo_sizes_and_plain_text() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "Tom & Jerry <3"),
                ("post[tags]", "Cats, <3"),
            ],
        )
        .await;
        save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "dogs"),
                ("post[tags]", "dogs"),
            ],
        )
        .await;
        let cats = page(&ann, "/svc/post/blog/after/0?blog=ann&tag=cats").await;
        assert_eq!(cats.len(), 1, "{kind:?}: the tag's page, whatever its case");
        let hearts = page(&ann, "/svc/post/blog/after/0?blog=ann&tag=%3C3").await;
        assert_eq!(
            hearts.len(),
            1,
            "{kind:?}: a tag read as the reader writes it"
        );
        let title = &ann
            .get("/svc/post/blog/after/0?blog=ann&tag=cats")
            .await
            .body["response"]["posts"][0]["content"]["title"];
        assert_eq!(title, "Tom & Jerry <3", "{kind:?}: plain text, not escaped");

        let png = {
            let mut out = std::io::Cursor::new(Vec::new());
            image::DynamicImage::new_rgb8(300, 200)
                .write_to(&mut out, image::ImageFormat::Png)
                .unwrap();
            out.into_inner()
        };
        let uploaded: Value = ann
            .http
            .post(format!("{base}/svc/post/upload_photo"))
            .header("x-form-key", &ann.form_key)
            .multipart(reqwest::multipart::Form::new().part(
                "photo",
                reqwest::multipart::Part::bytes(png).file_name("a.png"),
            ))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let url = uploaded["response"]["photos"][0]["url"]
            .as_str()
            .unwrap()
            .to_owned();
        let saved = save(
            &ann,
            "ann",
            &[("post[type]", "photo"), ("images[o1]", &url)],
        )
        .await;
        let photo = &saved["post"]["content"]["photos"][0];
        assert_eq!(
            (photo["width"].as_i64(), photo["height"].as_i64()),
            (Some(300), Some(200)),
            "{kind:?}: measured"
        );
    })
    .await;
}

#[tokio::test]
async fn preview_on_blog_shows_the_post_unsaved_and_inert() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let fields = [
            ("form_key", ann.form_key.as_str()),
            ("channel_id", "ann"),
            ("post[type]", "quote"),
            (
                "post[one]",
                "<script>alert(1)</script><b>Be</b> kind & <i>fair</i>",
            ),
            ("post[two]", "<p onclick=\"x()\">Someone</p>"),
            ("post[tags]", "<3"),
        ];
        let response = ann
            .http
            .post(format!("{base}/blog/ann/post/preview"))
            .form(&fields)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200, "{kind:?}");
        let policy = response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(policy.contains("default-src 'none'"), "{kind:?}: {policy}");
        let page = response.text().await.unwrap();
        // The quote is text: the script goes with its content, the tags go, the rest is
        // escaped on the page.
        assert!(
            page.contains("<blockquote>Be kind &amp; fair</blockquote>"),
            "{kind:?}: {page}"
        );
        assert!(
            !page.contains("<script>") && !page.contains("onclick"),
            "{kind:?}: {page}"
        );
        assert!(
            page.contains("<li>#&lt;3</li>"),
            "{kind:?}: the tag, as text"
        );
        assert_eq!(
            ann.get("/svc/data/tumblelog?tumblelog=ann")
                .await
                .response()["post_count"],
            0,
            "{kind:?}: not saved"
        );
        let theirs = ann
            .http
            .post(format!("{base}/blog/nobody/post/preview"))
            .form(&fields)
            .send()
            .await
            .unwrap();
        assert_eq!(theirs.status().as_u16(), 403, "{kind:?}");
    })
    .await;
}

#[tokio::test]
async fn a_nul_character_anywhere_is_a_400_not_a_500() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let tagged = save_raw(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[tags]", "a\0b"),
            ],
        )
        .await;
        assert_eq!(
            (tagged.status, tagged.code(), tagged.detail()),
            (400, "bad_form", "Text may not contain NUL characters."),
            "{kind:?}: a tag"
        );
        let channel = save_raw(&ann, "ann\0", &[("post[type]", "text"), ("post[one]", "t")]).await;
        assert_eq!(
            (channel.status, channel.code()),
            (400, "bad_form"),
            "{kind:?}: a channel id"
        );
        let mention = ann.post("/svc/mention", &[("q", "a\0")]).await;
        assert_eq!(
            (mention.status, mention.code()),
            (400, "bad_form"),
            "{kind:?}: a mention"
        );
        let blog_page = ann.get("/svc/post/blog/after/0?blog=ann%00").await;
        assert_eq!(
            (blog_page.status, blog_page.code()),
            (400, "bad_query"),
            "{kind:?}: a blog page's query"
        );
        let in_path = ann.get("/svc/post/blog%00/after/0?blog=ann").await;
        assert_eq!(in_path.status, 400, "{kind:?}: a path: {}", in_path.body);
        assert_eq!(
            ann.get("/svc/data/tumblelog?tumblelog=ann")
                .await
                .response()["post_count"],
            0,
            "{kind:?}: nothing was saved"
        );
    })
    .await;
}

#[tokio::test]
async fn every_state_change_on_edit_moves_the_post_between_pages() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let visitor = Client::visitor(&base).await;
        let edit = |id: String, state: &'static str, extra: Vec<(&'static str, &'static str)>| {
            let ann = &ann;
            async move {
                let mut fields = vec![
                    ("post_id", id.as_str()),
                    ("post[type]", "text"),
                    ("post[one]", "t"),
                    ("post[state]", state),
                ];
                fields.extend(extra);
                save(ann, "ann", &fields).await["post"].clone()
            }
        };
        let seen_by_visitor = || async {
            page(&visitor, "/svc/post/blog/after/0?blog=ann")
                .await
                .len()
        };
        let counts = || async {
            let info = ann
                .get("/svc/data/tumblelog?tumblelog=ann&include_member_data=1")
                .await;
            let r = info.response();
            (
                r["post_count"].as_i64().unwrap(),
                r["draft_count"].as_i64().unwrap(),
                r["queued_post_count"].as_i64().unwrap(),
            )
        };

        // draft -> published: it goes out now, dated now.
        let draft = save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[state]", "1"),
            ],
        )
        .await["post"]
            .clone();
        let id = draft["id"].as_i64().unwrap().to_string();
        assert_eq!(
            (seen_by_visitor().await, counts().await),
            (0, (0, 1, 0)),
            "{kind:?}"
        );
        let before = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        let published = edit(id.clone(), "0", vec![]).await;
        assert_eq!(published["state"], "published", "{kind:?}");
        assert!(
            published["date"].as_i64().unwrap() >= before - 1,
            "{kind:?}: dated when it went out: {published}"
        );
        assert_eq!(
            (seen_by_visitor().await, counts().await),
            (1, (1, 0, 0)),
            "{kind:?}"
        );

        // published -> private -> published.
        let private = edit(id.clone(), "0", vec![("is_private", "1")]).await;
        assert_eq!(private["state"], "private", "{kind:?}");
        assert_eq!(
            seen_by_visitor().await,
            0,
            "{kind:?}: private is the owner's"
        );
        assert_eq!(
            page(&ann, "/svc/post/blog/after/0?blog=ann").await.len(),
            1,
            "{kind:?}: the owner still sees it"
        );
        let public = edit(id.clone(), "0", vec![]).await;
        assert_eq!(public["state"], "published", "{kind:?}");
        assert_eq!(seen_by_visitor().await, 1, "{kind:?}");

        // queued -> scheduled (a time given) -> draft (the time forgotten).
        let queued = edit(id.clone(), "2", vec![]).await;
        assert_eq!(queued["state"], "queued", "{kind:?}");
        assert_eq!(
            (seen_by_visitor().await, counts().await),
            (0, (0, 0, 1)),
            "{kind:?}"
        );
        let scheduled = edit(id.clone(), "2", vec![("post[publish_on]", "tomorrow 10am")]).await;
        assert_eq!(scheduled["state"], "scheduled", "{kind:?}");
        assert!(
            scheduled["publish_on"].as_i64().unwrap() > before,
            "{kind:?}"
        );
        assert_eq!(counts().await, (0, 0, 1), "{kind:?}: still in the queue");
        let drafted = edit(id.clone(), "1", vec![]).await;
        assert_eq!(
            (drafted["state"].as_str(), &drafted["publish_on"]),
            (Some("draft"), &Value::Null),
            "{kind:?}: a draft has no publishing time"
        );
        assert_eq!(
            (
                page(&ann, "/svc/post/queue/after/0").await.len(),
                page(&ann, "/svc/post/drafts/after/0").await.len()
            ),
            (0, 1),
            "{kind:?}"
        );

        // The composer's own code for "schedule": on.2 with a time.
        let on_2 = save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[state]", "on.2"),
                ("post[publish_on]", "tomorrow 10am"),
            ],
        )
        .await["post"]
            .clone();
        assert_eq!(on_2["state"], "scheduled", "{kind:?}");
        let without_time = save_raw(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[state]", "on.2"),
            ],
        )
        .await;
        assert_eq!(
            field_errors(&without_time),
            [(
                "post[publish_on]".to_owned(),
                "Invalid \"publish_on\" value".to_owned()
            )],
            "{kind:?}: scheduling needs its time"
        );
    })
    .await;
}

/// A server on 127.0.0.1 that answers each request with `respond` (which may never finish).
async fn odd_server<F, Fut>(respond: F) -> String
where
    F: Fn(tokio::net::TcpStream) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let respond = std::sync::Arc::new(respond);
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            tokio::spawn(respond(socket));
        }
    });
    format!("http://{addr}/article")
}

#[tokio::test]
async fn link_previews_give_up_on_silent_slow_and_endless_pages() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let db = TestDb::new(common::Kind::Sqlite).await;
    let server = Server::start(&db.url, &["--allow-private-fetch"]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    // Reads the request, then says nothing, holding the connection open.
    let silent = odd_server(|mut socket| async move {
        let mut buf = [0u8; 2048];
        let _ = socket.read(&mut buf).await;
        tokio::time::sleep(std::time::Duration::from_secs(60)).await;
    })
    .await;
    // Answers 200, then sends a byte a second, for a minute.
    let slow = odd_server(|mut socket| async move {
        let mut buf = [0u8; 2048];
        let _ = socket.read(&mut buf).await;
        let _ = socket
            .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 100\r\n\r\n")
            .await;
        for _ in 0..60 {
            if socket.write_all(b"<").await.is_err() {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    })
    .await;
    // Answers 200 with no length and never stops sending.
    let endless = odd_server(|mut socket| async move {
        let mut buf = [0u8; 2048];
        let _ = socket.read(&mut buf).await;
        let _ = socket
            .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/html\r\nconnection: close\r\n\r\n")
            .await;
        let chunk = vec![b'a'; 64 * 1024];
        while socket.write_all(&chunk).await.is_ok() {}
    })
    .await;
    let og = |url: String| {
        let ann = &ann;
        async move { ann.post("/svc/post/fetch_og", &[("url", &url)]).await }
    };
    // The server's own limits end each one (10 s in all, a size cap); the test's client
    // has no timeout of its own, so a server that waited forever would hang this test.
    let (silent, slow, endless) = tokio::join!(og(silent), og(slow), og(endless));
    assert_eq!(
        (silent.status, silent.detail()),
        (400, "The address could not be reached."),
        "a page that never answers"
    );
    assert_eq!(
        (slow.status, slow.detail()),
        (400, "The address could not be reached."),
        "a page that never finishes"
    );
    assert_eq!(endless.status, 400, "{}", endless.body);
    assert!(
        endless.detail().starts_with("The file is larger than"),
        "a page that never ends: {}",
        endless.body
    );
}

#[tokio::test]
async fn the_form_builder_data_the_tutorial_flag_the_saved_blogs_counts_and_a_blockers_posts() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;

        let data = ann.post("/svc/post/get_post_form_builder_data", &[]).await;
        assert_eq!(data.status, 200, "{kind:?}: {}", data.body);
        let data = data.response();
        let channels: Vec<&str> = data["channels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        assert_eq!(channels, ["ann"], "{kind:?}: only your own blogs");
        assert_eq!(
            (
                &data["limits"]["photos_per_post"],
                &data["limits"]["tag_chars"],
                &data["limits"]["tweet_chars"],
                &data["limits"]["short_url_chars"],
                &data["limits"]["photo_upload_bytes"],
                &data["limits"]["video_upload_bytes"],
            ),
            (
                &Value::from(10),
                &Value::from(140),
                &Value::from(140),
                &Value::from(29),
                &Value::from(10_485_760),
                &Value::from(104_857_600),
            ),
            "{kind:?}: the limits of 001 §5"
        );
        assert_eq!(data["user"]["has_rich_text_tutorial"], true, "{kind:?}");
        let seen = ann.post("/svc/post/set_seen_rte", &[]).await;
        assert_eq!(seen.response()["seen_rte"], true, "{kind:?}");
        let again = ann.post("/svc/post/get_post_form_builder_data", &[]).await;
        assert_eq!(
            again.response()["user"]["has_rich_text_tutorial"],
            false,
            "{kind:?}: the tutorial is not offered again"
        );

        // Each save answers with the blog's counts as they now are.
        let text = |state: &'static str| {
            vec![
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[state]", state),
            ]
        };
        save(&ann, "ann", &text("0")).await;
        let after_draft = save(&ann, "ann", &text("1")).await;
        let context = &after_draft["context_tumblelog"];
        assert_eq!(
            (
                &context["name_or_id"],
                &context["post_count"],
                &context["draft_count"],
                &context["queued_post_count"]
            ),
            (
                &Value::from("ann"),
                &Value::from(1),
                &Value::from(1),
                &Value::from(0)
            ),
            "{kind:?}: {context}"
        );

        // The tag rules of 001 §5, through the database and back.
        let long = "é".repeat(200);
        let tags = format!("<3 <script>, \"quoted\", 12\" vinyl, {long}");
        let tagged = save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[one]", "t"),
                ("post[tags]", &tags),
            ],
        )
        .await;
        let saved: Vec<String> = tagged["post"]["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(
            saved,
            [
                "&lt;3 &lt;script&gt;".to_owned(),
                "quoted".to_owned(),
                "12\" vinyl".to_owned(),
                "é".repeat(140)
            ],
            "{kind:?}: escaped, balanced, cut at 140"
        );

        // A blog that blocked you: its posts cannot be reblogged by you.
        let post = save(&ann, "ann", &text("0")).await;
        let (id, key) = (
            post["post"]["id"].as_i64().unwrap().to_string(),
            post["post"]["reblog_key"].as_str().unwrap().to_owned(),
        );
        let blocked = ann
            .post(
                "/svc/block/add",
                &[("tumblelog", "ann"), ("blocked_tumblelog", "ben")],
            )
            .await;
        assert_eq!(blocked.status, 200, "{kind:?}: {}", blocked.body);
        let fetched = ben
            .post(
                "/svc/post/fetch",
                &[
                    ("reblog_id", &id),
                    ("reblog_key", &key),
                    ("post_type", "text"),
                ],
            )
            .await;
        assert_eq!(
            (fetched.status, fetched.detail()),
            (403, "This post cannot be reblogged."),
            "{kind:?}: fetching to reblog"
        );
        let reblog = save_raw(
            &ben,
            "ben",
            &[
                ("post[type]", "text"),
                ("reblog_post_id", &id),
                ("reblog_key", &key),
                ("post[two]", "mine now"),
            ],
        )
        .await;
        assert_eq!(
            (reblog.status, reblog.detail()),
            (403, "This post cannot be reblogged."),
            "{kind:?}: saving the reblog"
        );
    })
    .await;
}

#[tokio::test]
async fn highlighted_posts_are_the_newest_three_as_sanitised_snippets() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let visitor = Client::visitor(&base).await;
        let highlighted = |path: &'static str| {
            let visitor = &visitor;
            async move {
                let answer = visitor.get(path).await;
                assert_eq!(answer.status, 200, "{path}: {}", answer.body);
                answer.response()["highlighted_posts"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|h| h.as_str().unwrap().to_owned())
                    .collect::<Vec<_>>()
            }
        };
        assert!(
            highlighted("/svc/ann/posts/highlighted").await.is_empty(),
            "{kind:?}"
        );

        let titled = save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[state]", "0"),
                ("post[one]", "Tom & Jerry <3"),
            ],
        )
        .await;
        save(
            &ann,
            "ann",
            &[
                ("post[type]", "photo"),
                ("post[state]", "0"),
                ("images[o1]", "https://img.example/cat.jpg"),
                ("caption[o1]", "a cat"),
            ],
        )
        .await;
        save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[state]", "0"),
                ("post[two]", "<p>Words <script>alert(1)</script>here</p>"),
            ],
        )
        .await;
        save(
            &ann,
            "ann",
            &[
                ("post[type]", "text"),
                ("post[state]", "1"),
                ("post[one]", "A draft"),
            ],
        )
        .await;

        let shown = highlighted("/svc/ann/posts/highlighted").await;
        assert_eq!(shown.len(), 3, "{kind:?}: {shown:?}");
        assert!(
            shown[0].contains("<p>Words here</p>") && !shown[0].contains("script"),
            "{kind:?}: {}",
            shown[0]
        );
        assert!(
            shown[1].contains(r#"<img src="https://img.example/cat.jpg" alt="a cat">"#),
            "{kind:?}: {}",
            shown[1]
        );
        let id = titled["post"]["id"].as_i64().unwrap();
        assert!(
            shown[2].starts_with(&format!(r#"<a href="/blog/ann/post/{id}""#)),
            "{kind:?}: {}",
            shown[2]
        );
        assert!(
            shown[2].contains("<p>Tom &amp; Jerry &lt;3</p>"),
            "{kind:?}: {}",
            shown[2]
        );
        assert_eq!(
            highlighted("/svc/tumblelog_popover/ann").await,
            shown,
            "{kind:?}"
        );
        assert_eq!(
            visitor.get("/svc/nobody/posts/highlighted").await.status,
            404,
            "{kind:?}"
        );
    })
    .await;
}
