//! Likes over HTTP on SQLite and PostgreSQL (spec 002 §7): likes and unlikes, counted once
//! and refused on one's own posts, the viewer's `liked`, the notification for the post's
//! blog, and the likes page.

mod common;

use common::posts::{like, notes, notifications, read_post, text_post};
use common::{Client, on_each_backend};

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
