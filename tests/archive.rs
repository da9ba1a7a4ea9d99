//! A blog's archive over HTTP on SQLite and PostgreSQL (spec 002 §2 Archive page): tiles by
//! calendar month, newest first; by type and by tag; from a month; pages that end at a month's
//! end and continue after their last post; private posts only for the owner.

mod common;

use common::posts::save;
use common::{Client, on_each_backend};
use serde_json::Value;

/// Saves a published post dated `date`; answers its id.
async fn dated(client: &Client, date: &str, fields: &[(&str, &str)]) -> i64 {
    let mut all = vec![("post[date]", date)];
    all.extend_from_slice(fields);
    save(client, "ann", &all).await["post"]["id"]
        .as_i64()
        .unwrap()
}

/// The page's months as (month, ids), and where it continues.
fn months_of(page: &Value) -> (Vec<(String, Vec<i64>)>, Option<i64>) {
    let months = page["months"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let ids = m["posts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["id"].as_i64().unwrap())
                .collect();
            (m["month"].as_str().unwrap().to_owned(), ids)
        })
        .collect();
    (months, page["next_before_id"].as_i64())
}

async fn archive(client: &Client, path: &str) -> (Vec<(String, Vec<i64>)>, Option<i64>) {
    let answer = client.get(path).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    months_of(answer.response())
}

#[tokio::test]
async fn the_archive_groups_by_month_filters_and_pages() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let text = [("post[type]", "text"), ("post[two]", "<p>words</p>")];
        let jan = dated(&ann, "2025-01-10 12:00", &text).await;
        let quote = [
            ("post[type]", "quote"),
            ("post[one]", "A quote"),
            ("post[tags]", "wise"),
        ];
        let feb_quote = dated(&ann, "2025-02-03 09:00", &quote).await;
        let feb_text = dated(&ann, "2025-02-20 18:30", &text).await;
        let mut private = text.to_vec();
        private.push(("is_private", "1"));
        let feb_private = dated(&ann, "2025-02-21 10:00", &private).await;
        let mut draft = text.to_vec();
        draft.push(("post[state]", "1"));
        save(&ann, "ann", &draft).await;

        let path = "/svc/archive/ann";
        let feb = |ids: Vec<i64>| ("2025-02".to_owned(), ids);
        let january = ("2025-01".to_owned(), vec![jan]);
        assert_eq!(
            archive(&ben, path).await,
            (vec![feb(vec![feb_text, feb_quote]), january.clone()], None),
            "{kind:?}: by month, newest first; no draft, no private post"
        );
        assert_eq!(
            archive(&ann, path).await.0[0],
            feb(vec![feb_private, feb_text, feb_quote]),
            "{kind:?}: the owner's private post"
        );
        assert_eq!(
            archive(&ben, &format!("{path}?post_type=quote")).await.0,
            vec![feb(vec![feb_quote])],
            "{kind:?}: by type"
        );
        assert_eq!(
            archive(&ben, &format!("{path}?tag=WISE")).await.0,
            vec![feb(vec![feb_quote])],
            "{kind:?}: by tag"
        );
        assert_eq!(
            archive(&ben, &format!("{path}?post_type=quote&tag=WISE"))
                .await
                .0,
            vec![feb(vec![feb_quote])],
            "{kind:?}: by type and tag"
        );
        assert_eq!(
            archive(&ben, &format!("{path}?post_type=text&tag=WISE"))
                .await
                .0,
            vec![],
            "{kind:?}: by a type no post of the tag has"
        );
        assert_eq!(
            archive(&ben, &format!("{path}?month=2025-01")).await.0,
            vec![january],
            "{kind:?}: from a month"
        );
        let page = ben.get(path).await;
        let tile = &page.response()["months"][0]["posts"][1];
        assert_eq!(
            (&tile["type"], &tile["summary"], &tile["post_url"]),
            (
                &Value::from("quote"),
                &Value::from("A quote"),
                &Value::from(format!("/blog/ann/post/{feb_quote}"))
            ),
            "{kind:?}"
        );

        let bad = ben.get(&format!("{path}?post_type=postcard")).await;
        assert_eq!((bad.status, bad.code()), (400, "bad_type"), "{kind:?}");
        let bad = ben.get(&format!("{path}?month=2025-13")).await;
        assert_eq!((bad.status, bad.code()), (400, "bad_query"), "{kind:?}");
        assert_eq!(ben.get("/svc/archive/nobody").await.status, 404, "{kind:?}");
        assert_eq!(
            ben.get(&format!("{path}?before_id={feb_private}"))
                .await
                .status,
            404,
            "{kind:?}: a private post is no cursor for others"
        );
    })
    .await;
}

#[tokio::test]
async fn pages_end_at_a_months_end_and_a_long_month_continues() {
    on_each_backend(|base, kind| async move {
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let text = [("post[type]", "text"), ("post[two]", "<p>w</p>")];
        // 50 posts in March, 20 in February: the first page (60 at most) is March alone.
        let mut march = Vec::new();
        for day in 0..50 {
            let date = format!("2025-03-{:02} {:02}:00", 1 + day % 28, day / 28 + 1);
            march.push(dated(&ann, &date, &text).await);
        }
        let mut february = Vec::new();
        for day in 0..20 {
            february.push(dated(&ann, &format!("2025-02-{:02} 08:00", 1 + day), &text).await);
        }
        let (first, next) = archive(&ann, "/svc/archive/ann").await;
        assert_eq!(first.len(), 1, "{kind:?}: February does not fit whole");
        assert_eq!(
            (first[0].0.as_str(), first[0].1.len()),
            ("2025-03", 50),
            "{kind:?}"
        );
        let next = next.expect("a next page");
        let (second, end) = archive(&ann, &format!("/svc/archive/ann?before_id={next}")).await;
        assert_eq!(
            (second[0].0.as_str(), second[0].1.len(), end),
            ("2025-02", 20, None),
            "{kind:?}"
        );

        // A month longer than a page goes on on the next one.
        for i in 0..15 {
            dated(&ann, &format!("2025-03-28 {:02}:30", 5 + i), &text).await;
        }
        let (first, next) = archive(&ann, "/svc/archive/ann").await;
        assert_eq!((first.len(), first[0].1.len()), (1, 60), "{kind:?}");
        let (second, _) = archive(
            &ann,
            &format!("/svc/archive/ann?before_id={}", next.unwrap()),
        )
        .await;
        assert_eq!(
            (second[0].0.as_str(), second[0].1.len()),
            ("2025-03", 5),
            "{kind:?}: March goes on"
        );
        assert_eq!(second[1].1.len(), 20, "{kind:?}");
    })
    .await;
}
