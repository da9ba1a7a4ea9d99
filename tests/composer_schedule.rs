//! Scheduling through the composer's save (`/svc/post/update`): `post[publish_on]` as client
//! libraries write it (RFC 3339, ISO 8601 without an offset in the writer's clock) and as
//! people write a time from now, read back from the queue.

mod common;

use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

use common::posts::save;
use common::{Client, Kind, Server, TestDb};

/// 2030-12-01 07:30:00 UTC: far enough ahead that the scheduler leaves it queued.
const DEC_1_0730_UTC: i64 = 1_922_340_600;

#[tokio::test]
async fn publish_on_takes_rfc_3339_and_times_from_now() {
    let db = TestDb::new(Kind::Sqlite).await;
    let server = Server::start(&db.url, &[]);
    let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
    let schedule = |publish_on: &'static str, utc_offset: &'static str| {
        let ann = &ann;
        async move {
            let fields = [
                ("post[type]", "text"),
                ("post[one]", publish_on),
                ("post[state]", "2"),
                ("post[publish_on]", publish_on),
                ("utc_offset", utc_offset),
            ];
            save(ann, "ann", &fields).await["post"].clone()
        }
    };

    let mut saved = HashMap::new();
    // The same moment three ways; only the last is read in the writer's clock (UTC+1).
    for (publish_on, utc_offset) in [
        ("2030-12-01T07:30:00Z", "0"),
        ("2030-12-01T08:30:00+01:00", "-300"),
        ("2030-12-01T08:30", "60"),
    ] {
        let post = schedule(publish_on, utc_offset).await;
        assert_eq!(post["state"], "scheduled", "{publish_on}");
        assert_eq!(post["publish_on"], DEC_1_0730_UTC, "{publish_on}");
        saved.insert(post["id"].as_i64().unwrap(), publish_on);
    }
    let before = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let in_two_hours = schedule("in 2 hours", "0").await;
    let from_now = in_two_hours["publish_on"].as_i64().unwrap() - before;
    assert!((7200..7260).contains(&from_now), "{from_now} s from now");

    // The queue shows each at the time it was saved with.
    let queue = ann.get("/svc/post/queue/after/0").await;
    assert_eq!(queue.status, 200, "{}", queue.body);
    let posts = queue.response()["posts"].as_array().unwrap().clone();
    assert_eq!(posts.len(), 4, "{posts:?}");
    for post in &posts {
        if let Some(publish_on) = saved.get(&post["id"].as_i64().unwrap()) {
            assert_eq!(post["publish_on"], DEC_1_0730_UTC, "{publish_on}");
        } else {
            assert_eq!(post["publish_on"], in_two_hours["publish_on"]);
        }
    }
    drop(server);
    db.cleanup().await;
}
