//! Post states over HTTP, on SQLite and PostgreSQL: drafts, queued, scheduled and private
//! posts and who sees them, every state change on edit moving the post between pages, and
//! scheduled publishing across a restart.

mod common;

use common::posts::{field_errors, logged_in, page, save, save_raw};
use common::{BOTH, Client, Server, TestDb, on_each_backend};
use serde_json::Value;

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
