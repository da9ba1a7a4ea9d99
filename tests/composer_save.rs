//! The composer's save (`/svc/post/update`) over HTTP, on SQLite and PostgreSQL: every type
//! saved and read back, edits (the post and its type kept), sanitising, and the form
//! builder's data (its limits, the tutorial flag, the blog's counts on each save, the tag
//! rules, a blocker's posts).

mod common;

use common::posts::{field_errors, page, save, save_raw};
use common::{Client, on_each_backend};
use serde_json::Value;

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
        // A title is text: kept as typed, and escaped wherever it is shown as HTML.
        assert_eq!(read.response()["posts"][0]["content"]["title"], "<b>t</b>", "{kind:?}: titles are text");
        let embed = reqwest::get(format!("{base}/blog/ann/post/{id}/embed")).await.unwrap();
        let shown = embed.text().await.unwrap();
        assert!(shown.contains("&lt;b&gt;t&lt;/b&gt;") && !shown.contains("<b>t</b>"), "{kind:?}: {shown}");
        let preview = ann.post("/svc/filter_html_for_dash_preview", &[("html", payload)]).await;
        assert!(!preview.response()["html"].as_str().unwrap().contains("script"), "{kind:?}");
    })
    .await;
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
async fn the_save_says_when_it_published_the_writers_first_post_on_any_blog() {
    on_each_backend(|base, _kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let made = ann
            .post(
                "/new/blog",
                &[("blog_name", "ann-art"), ("title", "Ann's art")],
            )
            .await;
        assert_eq!(made.status, 200, "{}", made.body);
        let text = |state: &'static str| {
            vec![
                ("post[type]", "text"),
                ("post[two]", "words"),
                ("post[state]", state),
            ]
        };
        // A draft is not a post out: nothing to celebrate yet.
        let draft = save(&ann, "ann", &text("1")).await;
        assert_eq!(draft["first_post"], false);
        let first = save(&ann, "ann-art", &text("0")).await;
        assert_eq!(
            first["first_post"], true,
            "her first post, on her second blog"
        );
        // Her first blog's first post is not her first post.
        let second = save(&ann, "ann", &text("0")).await;
        assert_eq!(second["context_tumblelog"]["post_count"], 1);
        assert_eq!(second["first_post"], false);
        // Nor is an edit of the first.
        let id = first["post"]["id"].as_i64().unwrap().to_string();
        let mut edit = text("0");
        edit.push(("post_id", &id));
        assert_eq!(save(&ann, "ann-art", &edit).await["first_post"], false);

        // A first post published from the drafts says so too.
        let cy = Client::registered(&base, "cy@example.com", "cy").await;
        let drafted = save(&cy, "cy", &text("1")).await["post"]["id"]
            .as_i64()
            .unwrap()
            .to_string();
        let published = cy.post("/publish", &[("id", &drafted)]).await;
        assert_eq!(published.status, 200, "{}", published.body);
        assert_eq!(published.response()["first_post"], true);
    })
    .await;
}
