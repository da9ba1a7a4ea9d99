//! Search over HTTP on SQLite and PostgreSQL (spec 002 §7, §9 Search; the search form of
//! spec 000 §2.12): in-blog search pages ten at a time in either order with its filters and
//! typeahead; search across blogs by words and by tag; drafts, queued and private posts and
//! blocked searchers never see what they should not; safe search leaves out blogs marked
//! NSFW; bad filters are clear 400s.

mod common;

use common::posts::{like, save};
use common::{Client, on_each_backend};
use serde_json::Value;

/// Saves a published text post; answers its id.
async fn text(client: &Client, blog: &str, body: &str, extra: &[(&str, &str)]) -> i64 {
    let mut fields = vec![("post[type]", "text"), ("post[two]", body)];
    fields.extend_from_slice(extra);
    save(client, blog, &fields).await["post"]["id"]
        .as_i64()
        .unwrap()
}

/// The ids a search answered, and its next offset.
async fn search(client: &Client, path: &str) -> (Vec<i64>, i64) {
    let answer = client.get(path).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    ids_of(answer.response())
}

fn ids_of(response: &Value) -> (Vec<i64>, i64) {
    let ids = response["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    (ids, response["next_offset"].as_i64().unwrap())
}

#[tokio::test]
async fn blog_search_pages_sorts_and_filters() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let mut harbour = Vec::new();
        for i in 0..23 {
            harbour.push(text(&ann, "ann", &format!("<p>harbour number {i}</p>"), &[]).await);
        }
        harbour.reverse();
        let path = "/svc/search/blog_search/ann/harbour";
        let (first, next) = search(&ben, path).await;
        assert_eq!(
            (first.as_slice(), next),
            (&harbour[..10], 10),
            "{kind:?}: newest first"
        );
        let (second, next) = search(&ben, &format!("{path}?next_offset=10")).await;
        assert_eq!(
            (second.as_slice(), next),
            (&harbour[10..20], 20),
            "{kind:?}"
        );
        let (last, next) = search(&ben, &format!("{path}?next_offset=20")).await;
        assert_eq!(
            (last.as_slice(), next),
            (&harbour[20..], -1),
            "{kind:?}: the end"
        );
        let (two, _) = search(&ben, &format!("{path}?limit=2")).await;
        assert_eq!(two, harbour[..2], "{kind:?}");
        let (none, next) = search(&ben, &format!("{path}?next_offset=-1")).await;
        assert_eq!((none.len(), next), (0, -1), "{kind:?}: past the end");

        // Top posts: the most noted first.
        let popular = harbour[15];
        let key = ann
            .get(&format!(
                "/svc/indash_blog/posts?tumblelog_name_or_id=ann&post_id={popular}"
            ))
            .await
            .response()["posts"][0]["reblog_key"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(
            like(&ben, "/svc/like", popular, &key).await.status,
            200,
            "{kind:?}"
        );
        let (top, _) = search(&ben, &format!("{path}?sort=POPULARITY_DESC")).await;
        assert_eq!(top[0], popular, "{kind:?}: top posts");
        assert_eq!(&top[1..10], &harbour[..9], "{kind:?}: then newest");

        // Type, role, and what a post says besides its body.
        let quote = save(
            &ann,
            "ann",
            &[
                ("post[type]", "quote"),
                ("post[one]", "A harbour of words"),
                ("post[two]", "Anon"),
            ],
        )
        .await["post"]["id"]
            .as_i64()
            .unwrap();
        let (quotes, _) = search(&ben, &format!("{path}?post_type=QUOTE")).await;
        assert_eq!(quotes, vec![quote], "{kind:?}");
        let titled = text(
            &ann,
            "ann",
            "<p>x</p>",
            &[
                ("post[one]", "Lighthouse"),
                ("post[tags]", "Sea Shells, rocks"),
            ],
        )
        .await;
        assert_eq!(
            search(&ben, "/svc/search/blog_search/ann/lighthouse")
                .await
                .0,
            vec![titled],
            "{kind:?}: title"
        );
        assert_eq!(
            search(&ben, "/svc/search/blog_search/ann/%23shells")
                .await
                .0,
            vec![titled],
            "{kind:?}: tag"
        );
        let bens = text(&ben, "ben", "<p>a ship in the harbour</p>", &[]).await;
        let bens_key = ben
            .get(&format!(
                "/svc/indash_blog/posts?tumblelog_name_or_id=ben&post_id={bens}"
            ))
            .await
            .response()["posts"][0]["reblog_key"]
            .as_str()
            .unwrap()
            .to_owned();
        let reblog = ann
            .post(
                "/fast_reblog",
                &[
                    ("reblog_post_id", &bens.to_string()),
                    ("reblog_key", &bens_key),
                ],
            )
            .await;
        assert_eq!(reblog.status, 200, "{kind:?}: {}", reblog.body);
        let (all, _) = search(&ben, "/svc/search/blog_search/ann/ship").await;
        assert_eq!(all.len(), 1, "{kind:?}: a reblog's trail is searched");
        let (originals, next) =
            search(&ben, "/svc/search/blog_search/ann/ship?post_role=ORIGINAL").await;
        assert_eq!((originals.len(), next), (0, -1), "{kind:?}: originals only");

        // Nothing a person types is syntax to the engine.
        for odd in [
            "%22*)%20OR%20NEAR(",
            "'%3B%20DROP",
            "%20%20",
            "!!!",
            "a%26!b%7C",
        ] {
            let answer = ben.get(&format!("/svc/search/blog_search/ann/{odd}")).await;
            assert_eq!(answer.status, 200, "{kind:?} {odd}: {}", answer.body);
        }
        let (blank, next) = search(&ben, "/svc/search/blog_search/ann/%20").await;
        assert_eq!(
            (blank.len(), next),
            (0, -1),
            "{kind:?}: an empty term does not search"
        );

        // Bad filters are clear 400s; an unknown blog a 404.
        let bad = ben.get(&format!("{path}?post_type=POSTCARD")).await;
        assert_eq!(
            (bad.status, bad.code()),
            (400, "bad_type"),
            "{kind:?}: {}",
            bad.body
        );
        let bad = ben.get(&format!("{path}?sort=LOUDEST")).await;
        assert_eq!(
            (bad.status, bad.code()),
            (400, "bad_query"),
            "{kind:?}: {}",
            bad.body
        );
        let bad = ben.get(&format!("{path}?next_offset=ten")).await;
        assert_eq!(bad.status, 400, "{kind:?}: {}", bad.body);
        assert_eq!(
            ben.get("/svc/search/blog_search/nobody/x").await.status,
            404,
            "{kind:?}"
        );

        // The typeahead: the blog's tags, most used first.
        text(&ann, "ann", "<p>y</p>", &[("post[tags]", "rocks")]).await;
        let tags = ben.get("/svc/search/blog_search_typeahead/ann").await;
        assert_eq!(tags.status, 200, "{kind:?}: {}", tags.body);
        assert_eq!(
            tags.response()["tags"],
            serde_json::json!([{"tag": "rocks"}, {"tag": "Sea Shells"}]),
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn what_is_not_public_never_matches() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let visitor = Client::visitor(&base).await;
        let public = text(
            &ann,
            "ann",
            "<p>lantern public</p>",
            &[("post[tags]", "glow")],
        )
        .await;
        let private = text(
            &ann,
            "ann",
            "<p>lantern private</p>",
            &[("is_private", "1"), ("post[tags]", "secret")],
        )
        .await;
        text(
            &ann,
            "ann",
            "<p>lantern draft</p>",
            &[("post[state]", "1"), ("post[tags]", "secret")],
        )
        .await;
        text(
            &ann,
            "ann",
            "<p>lantern queued</p>",
            &[("post[state]", "2"), ("post[tags]", "secret")],
        )
        .await;
        let path = "/svc/search/blog_search/ann/lantern";
        assert_eq!(
            search(&ann, path).await.0,
            vec![private, public],
            "{kind:?}: the owner's private post"
        );
        assert_eq!(search(&ben, path).await.0, vec![public], "{kind:?}");
        assert_eq!(search(&visitor, path).await.0, vec![public], "{kind:?}");
        let tags = |answer: common::Answer| answer.response()["tags"].clone();
        assert_eq!(
            tags(ben.get("/svc/search/blog_search_typeahead/ann").await),
            serde_json::json!([{"tag": "glow"}]),
            "{kind:?}: a private post's tags are the owner's"
        );
        let site = "/svc/search/posts?q=lantern";
        assert_eq!(
            search(&visitor, site).await.0,
            vec![public],
            "{kind:?}: across blogs"
        );
        assert_eq!(
            search(&ann, site).await.0,
            vec![public],
            "{kind:?}: only public, even for the owner"
        );
        assert_eq!(
            search(&visitor, "/svc/search/tagged/secret").await.0,
            Vec::<i64>::new(),
            "{kind:?}"
        );
        assert_eq!(
            search(&visitor, "/svc/search/tagged/GLOW").await.0,
            vec![public],
            "{kind:?}"
        );

        // A blog that blocked the searcher answers nothing, here or across blogs.
        let blocked = ann
            .post(
                "/svc/block/add",
                &[("tumblelog", "ann"), ("blocked_tumblelog", "ben")],
            )
            .await;
        assert_eq!(blocked.status, 200, "{kind:?}: {}", blocked.body);
        assert_eq!(search(&ben, path).await, (vec![], -1), "{kind:?}");
        assert_eq!(search(&ben, site).await.0, Vec::<i64>::new(), "{kind:?}");
        assert_eq!(
            search(&ben, "/svc/search/tagged/glow").await.0,
            Vec::<i64>::new(),
            "{kind:?}"
        );
        assert_eq!(
            tags(ben.get("/svc/search/blog_search_typeahead/ann").await),
            serde_json::json!([]),
            "{kind:?}"
        );
        assert_eq!(
            search(&visitor, path).await.0,
            vec![public],
            "{kind:?}: others still see it"
        );
    })
    .await;
}

#[tokio::test]
async fn site_search_sorts_filters_and_pages() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let mut ids = Vec::new();
        for i in 0..12 {
            let (client, blog) = if i % 2 == 0 {
                (&ann, "ann")
            } else {
                (&ben, "ben")
            };
            ids.push(
                text(
                    client,
                    blog,
                    &format!("<p>comet {i}</p>"),
                    &[("post[tags]", "sky")],
                )
                .await,
            );
        }
        ids.reverse();
        let quote = save(
            &ann,
            "ann",
            &[
                ("post[type]", "quote"),
                ("post[one]", "Comet tails"),
                ("post[two]", ""),
            ],
        )
        .await["post"]["id"]
            .as_i64()
            .unwrap();
        let visitor = Client::visitor(&base).await;
        let (recent, next) = search(&visitor, "/svc/search/posts?q=comet&sort=recent").await;
        assert_eq!(recent[0], quote, "{kind:?}");
        assert_eq!((&recent[1..], next), (&ids[..9], 10), "{kind:?}");
        let (rest, next) = search(
            &visitor,
            "/svc/search/posts?q=comet&sort=recent&next_offset=10",
        )
        .await;
        assert_eq!((rest.as_slice(), next), (&ids[9..], -1), "{kind:?}");
        let (quotes, _) =
            search(&visitor, "/svc/search/posts?q=comet&filter_post_type=quote").await;
        assert_eq!(quotes, vec![quote], "{kind:?}");
        let (sky, next) = search(&visitor, "/svc/search/tagged/sky").await;
        assert_eq!(
            (sky.as_slice(), next),
            (&ids[..10], 10),
            "{kind:?}: a tag across blogs"
        );
        let (empty, next) = search(&visitor, "/svc/search/posts?q=").await;
        assert_eq!((empty.len(), next), (0, -1), "{kind:?}");
        let bad = visitor
            .get("/svc/search/posts?q=comet&filter_post_type=postcard")
            .await;
        assert_eq!((bad.status, bad.code()), (400, "bad_type"), "{kind:?}");
        let bad = visitor.get("/svc/search/tagged/%20").await;
        assert_eq!((bad.status, bad.code()), (400, "missing_tag"), "{kind:?}");
    })
    .await;
}

#[tokio::test]
async fn safe_search_leaves_out_blogs_marked_nsfw() {
    use common::server::dashwire;
    use common::{BOTH, RunningOn, Server, TestDb};
    for kind in BOTH {
        let _running_on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
        let ben = Client::registered(&server.base, "ben@example.com", "ben").await;
        let anns = text(&ann, "ann", "<p>meteor shower</p>", &[]).await;
        let bens = text(&ben, "ben", "<p>meteor crater</p>", &[]).await;
        let out = dashwire()
            .args([
                "admin",
                "--database-url",
                &db.url,
                "--email",
                "ben@example.com",
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{kind:?}");
        let flagged = ben.post("/nsfw/toggle", &[("tumblelog", "ann")]).await;
        assert_eq!(flagged.status, 200, "{kind:?}: {}", flagged.body);
        let visitor = Client::visitor(&server.base).await;
        let (all, _) = search(&visitor, "/svc/search/posts?q=meteor&sort=recent").await;
        assert_eq!(all, vec![bens, anns], "{kind:?}");
        let (safe, _) = search(
            &visitor,
            "/svc/search/posts?q=meteor&sort=recent&filter_nsfw=true",
        )
        .await;
        assert_eq!(safe, vec![bens], "{kind:?}: 'Safe search'");
        let (blog, next) = search(
            &visitor,
            "/svc/search/blog_search/ann/meteor?filter_nsfw=true",
        )
        .await;
        assert_eq!((blog.len(), next), (0, -1), "{kind:?}");
        let (blog, _) = search(&visitor, "/svc/search/blog_search/ann/meteor").await;
        assert_eq!(blog, vec![anns], "{kind:?}");
        drop(server);
        db.cleanup().await;
    }
}
