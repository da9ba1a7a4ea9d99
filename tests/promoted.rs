//! Promoted posts over HTTP on SQLite and PostgreSQL: a promoted post heads its tag on its
//! blog, one a tag, and only its owner promotes or unpromotes it.

mod common;

use common::posts::text_post;
use common::{Answer, Client, on_each_backend};

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
