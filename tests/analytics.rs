//! A blog's analytics over HTTP on SQLite and PostgreSQL: notes by kind, new followers and
//! posts per day over 30 or 90 days, the most noted posts, the blogs that reblogged it and how
//! many blogs it reached; its owner's only.

mod common;

use common::posts::{fast_reblog, like, reply, text_post};
use common::{Client, on_each_backend};

#[tokio::test]
async fn a_blogs_figures_count_its_notes_followers_and_posts() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let cal = Client::registered(&base, "cal@example.com", "cal").await;
        let (first, first_key) = text_post(
            &ann,
            "ann",
            "First of ann's",
            &[("allow_photo_replies", "1")],
        )
        .await;
        let (second, second_key) = text_post(&ann, "ann", "Second of ann's", &[]).await;
        assert_eq!(
            like(&ben, "/svc/like", first, &first_key).await.status,
            200,
            "{kind:?}"
        );
        assert_eq!(
            like(&cal, "/svc/like", first, &first_key).await.status,
            200,
            "{kind:?}"
        );
        assert_eq!(
            fast_reblog(&ben, second, &second_key, false).await.status,
            200,
            "{kind:?}"
        );
        assert_eq!(reply(&cal, first, "Lovely").await.status, 200, "{kind:?}");
        assert_eq!(
            ben.post("/svc/follow", &[("tumblelog", "ann")])
                .await
                .status,
            200,
            "{kind:?}"
        );

        let answer = ann.get("/svc/blog/analytics?tumblelog=ann").await;
        assert_eq!(answer.status, 200, "{kind:?}: {}", answer.body);
        let figures = answer.response();
        let series = figures["series"].as_array().unwrap();
        assert_eq!(series.len(), 30, "{kind:?}: every day of the period");
        let today = series.last().unwrap();
        assert_eq!(
            [
                &today["likes"],
                &today["reblogs"],
                &today["replies"],
                &today["notes"],
                &today["followers"],
                &today["posts"]
            ],
            [2, 1, 1, 4, 1, 2].map(serde_json::Value::from).each_ref(),
            "{kind:?}: {today}"
        );
        assert!(series[..29].iter().all(|d| d["notes"] == 0), "{kind:?}");
        let noted: Vec<(i64, i64)> = figures["most_noted"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["id"].as_i64().unwrap(), p["notes"].as_i64().unwrap()))
            .collect();
        assert_eq!(noted, vec![(first, 3), (second, 1)], "{kind:?}");
        assert_eq!(
            figures["most_noted"][0]["summary"], "First of ann's",
            "{kind:?}"
        );
        assert_eq!(
            figures["top_rebloggers"],
            serde_json::json!([{"name": "ben", "reblogs": 1}]),
            "{kind:?}"
        );
        assert_eq!(figures["blogs_reached"], 2, "{kind:?}");

        let quarter = ann.get("/svc/blog/analytics?tumblelog=ann&days=90").await;
        assert_eq!(
            quarter.response()["series"].as_array().unwrap().len(),
            90,
            "{kind:?}"
        );
        let bad = ann.get("/svc/blog/analytics?tumblelog=ann&days=7").await;
        assert_eq!((bad.status, bad.code()), (400, "bad_query"), "{kind:?}");
        let theirs = ben.get("/svc/blog/analytics?tumblelog=ann").await;
        assert_eq!(
            (theirs.status, theirs.code()),
            (403, "not_your_blog"),
            "{kind:?}"
        );
        let visitor = Client::visitor(&base).await;
        assert_eq!(
            visitor
                .get("/svc/blog/analytics?tumblelog=ann")
                .await
                .status,
            401,
            "{kind:?}"
        );
    })
    .await;
}
