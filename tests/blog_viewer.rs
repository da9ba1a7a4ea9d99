//! The blog viewer's calls (spec 000 §2.10, §7) on SQLite and PostgreSQL: the header as the
//! viewer sees the blog, and its posts a page of ten at a time from an offset, or one post.

mod common;

use common::{Client, on_each_backend};

#[tokio::test]
async fn the_header_is_the_blog_as_its_viewer_sees_it() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        ben.post("/svc/follow", &[("tumblelog", "ann")]).await;

        let header = ben
            .get("/svc/indash_blog/header?tumblelog_name_or_id=ann")
            .await;
        assert_eq!(header.status, 200, "{kind:?}: {}", header.body);
        let blog = &header.response()["tumblelog"];
        assert_eq!(
            (&blog["name"], &blog["following"], &blog["is_mine"]),
            (&"ann".into(), &true.into(), &false.into()),
            "{kind:?}"
        );
        assert!(
            blog["global_theme_params"]["background_color"].is_string(),
            "{kind:?}: the drawer paints itself in the theme: {blog}"
        );
        let own = ann
            .get("/svc/indash_blog/header?tumblelog_name_or_id=ann")
            .await;
        assert_eq!(own.response()["tumblelog"]["is_mine"], true, "{kind:?}");
        let visitor = Client::visitor(&base).await;
        assert_eq!(
            visitor
                .get("/svc/indash_blog/header?tumblelog_name_or_id=ann")
                .await
                .status,
            200,
            "{kind:?}: a public blog's header is for everyone"
        );

        let unknown = ben
            .get("/svc/indash_blog/header?tumblelog_name_or_id=nobody")
            .await;
        assert_eq!(
            (unknown.status, unknown.detail()),
            (404, "There's no blog named 'nobody'."),
            "{kind:?}"
        );
        assert_eq!(
            ben.get("/svc/indash_blog/header").await.status,
            400,
            "{kind:?}: which blog is required"
        );
    })
    .await;
}

#[tokio::test]
async fn posts_come_ten_at_a_time_from_an_offset_or_one_by_id() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let mut ids = Vec::new();
        for i in 0..12 {
            let title = format!("Post {i}");
            let saved = ann
                .save_post(
                    "ann",
                    &[
                        ("post[type]", "text"),
                        ("post[state]", "0"),
                        ("post[one]", &title),
                    ],
                )
                .await;
            ids.push(saved["post"]["id"].as_i64().unwrap());
        }
        ids.reverse();
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let page = |offset: i64| {
            let ben = &ben;
            async move {
                let path =
                    format!("/svc/indash_blog/posts?tumblelog_name_or_id=ann&offset={offset}");
                let answer = ben.get(&path).await;
                assert_eq!(answer.status, 200, "{}", answer.body);
                answer.response()["posts"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["id"].as_i64().unwrap())
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(
            page(0).await,
            ids[..10].to_vec(),
            "{kind:?}: newest first, ten"
        );
        assert_eq!(page(10).await, ids[10..].to_vec(), "{kind:?}: the rest");
        assert_eq!(page(12).await, Vec::<i64>::new(), "{kind:?}: the end");

        let one = ben
            .get(&format!(
                "/svc/indash_blog/posts?tumblelog_name_or_id=ann&post_id={}&limit=1",
                ids[3]
            ))
            .await;
        let posts = one.response()["posts"].as_array().unwrap().clone();
        assert_eq!(posts.len(), 1, "{kind:?}");
        assert_eq!(posts[0]["id"], ids[3], "{kind:?}");
        let elsewhere = ben
            .get(&format!(
                "/svc/indash_blog/posts?tumblelog_name_or_id=ben&post_id={}",
                ids[3]
            ))
            .await;
        assert_eq!(
            (elsewhere.status, elsewhere.detail()),
            (404, "No such post."),
            "{kind:?}: a post is read on its own blog"
        );
    })
    .await;
}
