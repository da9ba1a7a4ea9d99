//! The pages that list posts, on SQLite and PostgreSQL: pages before and after a post, tag
//! pages (with photo sizes and plain-text titles as a page shows them), and a blog's
//! highlighted posts.

mod common;

use common::posts::{delete, page, save};
use common::{Client, on_each_backend};
use serde_json::Value;

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
        // The post a reader pages from was deleted since: the page goes on from where it
        // stood (its date, sent as `at`), on the dashboard and on the blog's page.
        let date = ann.get("/svc/post/dashboard/after/0").await.response()["posts"][9]["date"]
            .as_i64()
            .unwrap();
        assert_eq!(delete(&ann, ids[9], "ann").await.status, 200, "{kind:?}");
        for root in ["dashboard", "blog"] {
            let after: Vec<i64> = page(
                &ann,
                &format!("/svc/post/{root}/after/{}?blog=ann&at={date}", ids[9]),
            )
            .await
            .into_iter()
            .map(|p| p.0)
            .collect();
            assert_eq!(after, ids[10..20], "{kind:?} {root}: past a deleted post");
        }
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

        // A post without words (a video with no caption, no poster) says what it is rather
        // than showing an empty tile. (With a poster, it shows that: e2e/highlightedVideo.)
        save(
            &ann,
            "ann",
            &[
                ("post[type]", "video"),
                ("post[state]", "0"),
                ("post[one]", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"),
            ],
        )
        .await;
        let shown = highlighted("/svc/ann/posts/highlighted").await;
        assert!(
            shown[0].contains("<p>A video</p>"),
            "{kind:?}: {}",
            shown[0]
        );
    })
    .await;
}
