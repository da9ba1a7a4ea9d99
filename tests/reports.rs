//! Flagging on SQLite and PostgreSQL: anyone signed in flags a post, a blog or a conversation
//! with a reason; flagging twice files once; the administrators' queue shows what was flagged
//! with the blog's flags, a page at a time, and resolving one closes every open report of the
//! same thing. A report outlives the post it is about.

mod common;

use common::server::make_admin;
use common::{BOTH, Client, Server, TestDb};
use serde_json::Value;

async fn queue(admin: &Client, state: &str) -> Vec<Value> {
    let answer = admin
        .get(&format!("/svc/admin/reports?state={state}"))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response()["reports"].as_array().unwrap().clone()
}

fn ids(reports: &[Value]) -> Vec<i64> {
    reports.iter().map(|r| r["id"].as_i64().unwrap()).collect()
}

/// Every report in `state`'s queue, read `limit` at a time by following `next_cursor`.
async fn paged(admin: &Client, state: &str, limit: usize) -> Vec<i64> {
    let mut all = Vec::new();
    let mut cursor = String::new();
    loop {
        let answer = admin
            .get(&format!(
                "/svc/admin/reports?state={state}&limit={limit}&cursor={cursor}"
            ))
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let page = answer.response()["reports"].as_array().unwrap().clone();
        assert!(page.len() <= limit);
        all.extend(ids(&page));
        match answer.response()["next_cursor"].as_str() {
            Some(next) => cursor = next.to_owned(),
            None => return all,
        }
    }
}

#[tokio::test]
async fn flags_reach_the_moderators_queue_once_and_are_resolved_together() {
    for kind in BOTH {
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let base = server.base.clone();
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let ben = Client::registered(&base, "ben@example.com", "ben").await;
        let cal = Client::registered(&base, "cal@example.com", "cal").await;
        let moderator = Client::registered(&base, "mod@example.com", "mod").await;
        let post = ann
            .save_post(
                "ann",
                &[("post[type]", "text"), ("post[two]", "Buy cheap pills")],
            )
            .await["post"]
            .clone();
        let id = post["id"].as_i64().unwrap().to_string();

        // Flagging is checked: a reason, a note for 'other', within 500 characters.
        let refusals = [
            (
                vec![("post_id", id.as_str())],
                "Choose why you are flagging it.",
            ),
            (
                vec![("post_id", id.as_str()), ("reason", "ugly")],
                "Choose why you are flagging it.",
            ),
            (
                vec![("post_id", id.as_str()), ("reason", "other")],
                "Say what is wrong in the note.",
            ),
        ];
        for (fields, detail) in refusals {
            let refused = ben.post("/svc/post/flag", &fields).await;
            assert_eq!(
                (refused.status, refused.code(), refused.detail()),
                (400, "bad_reason", detail),
                "{kind:?} {fields:?}"
            );
        }
        let long = "x".repeat(501);
        let too_long = ben
            .post(
                "/svc/post/flag",
                &[("post_id", &id), ("reason", "spam"), ("note", &long)],
            )
            .await;
        assert_eq!(too_long.status, 400, "{kind:?}");
        let own = ann
            .post("/svc/post/flag", &[("post_id", &id), ("reason", "spam")])
            .await;
        assert_eq!((own.status, own.code()), (400, "own_post"), "{kind:?}");
        let own_blog = ann
            .post(
                "/svc/blog/flag",
                &[("tumblelog", "ann"), ("reason", "spam")],
            )
            .await;
        assert_eq!((own_blog.status, own_blog.code()), (400, "own_blog"));
        let draft = ann
            .save_post(
                "ann",
                &[
                    ("post[type]", "text"),
                    ("post[two]", "not yet"),
                    ("post[state]", "1"),
                ],
            )
            .await["post"]["id"]
            .as_i64()
            .unwrap()
            .to_string();
        let unseen = ben
            .post("/svc/post/flag", &[("post_id", &draft), ("reason", "spam")])
            .await;
        assert_eq!(
            unseen.status, 404,
            "{kind:?}: a draft is nobody else's to flag"
        );
        let visitor = Client::visitor(&base).await;
        let anonymous = visitor
            .post("/svc/post/flag", &[("post_id", &id), ("reason", "spam")])
            .await;
        assert_eq!(anonymous.status, 401, "{kind:?}");

        // Ben and Cal flag the post; Ben twice, which files once. Cal flags the blog too.
        for _ in 0..2 {
            let flagged = ben
                .post(
                    "/svc/post/flag",
                    &[
                        ("post_id", &id),
                        ("reason", "spam"),
                        ("note", " <b>pills</b> "),
                    ],
                )
                .await;
            assert_eq!(flagged.status, 200, "{kind:?}: {}", flagged.body);
            assert_eq!(
                flagged.response()["message"],
                "Thanks for telling us. Our moderators will take a look."
            );
        }
        cal.post("/svc/post/flag", &[("post_id", &id), ("reason", "spam")])
            .await;
        let blog = cal
            .post(
                "/svc/blog/flag",
                &[
                    ("tumblelog", "ann"),
                    ("reason", "harassment"),
                    ("note", "Messages me every day"),
                ],
            )
            .await;
        assert_eq!(blog.status, 200, "{kind:?}: {}", blog.body);

        // Only administrators read the queue.
        let refused = moderator.get("/svc/admin/reports").await;
        assert_eq!((refused.status, refused.code()), (403, "not_admin"));
        make_admin(&db.url, "mod@example.com");
        let open = queue(&moderator, "open").await;
        assert_eq!(open.len(), 3, "{kind:?}: {open:?}");
        let first = &open[0];
        assert_eq!(
            (&first["kind"], &first["reason"], &first["reporter"]),
            (&"post".into(), &"spam".into(), &"ben".into()),
            "{kind:?}"
        );
        assert_eq!(
            first["note"], "<b>pills</b>",
            "{kind:?}: the note as written, for a text"
        );
        assert_eq!(first["blog"]["name"], "ann");
        assert_eq!(first["blog"]["is_spam"], false);
        assert_eq!(first["post"]["id"], post["id"]);
        assert_eq!(first["post"]["post_url"], post["post_url"]);
        assert_eq!(open[2]["kind"], "blog");
        assert_eq!(open[2]["note"], "Messages me every day");

        // One decision for the post closes Ben's and Cal's reports of it; the blog's stays.
        let report_id = first["id"].as_i64().unwrap().to_string();
        let resolved = moderator
            .post(
                "/svc/admin/reports/resolve",
                &[("report_id", &report_id), ("resolution", "actioned")],
            )
            .await;
        assert_eq!(resolved.status, 200, "{kind:?}: {}", resolved.body);
        assert_eq!(resolved.response()["resolution"], "actioned");
        let open = queue(&moderator, "open").await;
        assert_eq!(open.len(), 1, "{kind:?}");
        assert_eq!(open[0]["kind"], "blog");
        let resolved = queue(&moderator, "resolved").await;
        assert_eq!(resolved.len(), 2, "{kind:?}");
        assert_eq!(
            paged(&moderator, "resolved", 1).await,
            ids(&resolved),
            "{kind:?}: resolved ones page too, the latest first"
        );
        let again = moderator
            .post(
                "/svc/admin/reports/resolve",
                &[("report_id", &report_id), ("resolution", "dismissed")],
            )
            .await;
        assert_eq!(again.status, 404, "{kind:?}: no longer open");
        // A resolved report does not stop a new flag of the same post.
        ben.post("/svc/post/flag", &[("post_id", &id), ("reason", "spam")])
            .await;
        let open = queue(&moderator, "open").await;
        assert_eq!(open.len(), 2, "{kind:?}");
        assert_eq!(open[1]["post"]["deleted"], false, "{kind:?}: {open:?}");
        let flagged_summary = open[1]["post"]["summary"].clone();
        assert!(flagged_summary.as_str().unwrap().contains("pills"));

        // Deleting the flagged post erases none of its reports: the moderators still see what
        // was flagged, and can still decide on it.
        let deleted = ann
            .post(
                "/svc/post/delete",
                &[("post_id", &id), ("channel_id", "ann")],
            )
            .await;
        assert_eq!(deleted.status, 200, "{kind:?}: {}", deleted.body);
        let open = queue(&moderator, "open").await;
        assert_eq!(open.len(), 2, "{kind:?}: {open:?}");
        assert_eq!(
            (&open[1]["kind"], &open[1]["post"]["deleted"]),
            (&"post".into(), &true.into()),
            "{kind:?}"
        );
        assert_eq!(
            open[1]["post"]["summary"], flagged_summary,
            "{kind:?}: as it was flagged"
        );
        let resolved = queue(&moderator, "resolved").await;
        assert_eq!(resolved.len(), 2, "{kind:?}: the resolved ones stay too");
        assert_eq!(resolved[0]["post"]["deleted"], true, "{kind:?}");
        let report_id = open[1]["id"].as_i64().unwrap().to_string();
        let closed = moderator
            .post(
                "/svc/admin/reports/resolve",
                &[("report_id", &report_id), ("resolution", "actioned")],
            )
            .await;
        assert_eq!(closed.status, 200, "{kind:?}: {}", closed.body);
        drop(server);
        db.cleanup().await;
    }
}

#[tokio::test]
async fn a_flagged_conversation_is_in_the_queue_and_flagging_has_an_hourly_limit() {
    for kind in BOTH {
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let base = server.base.clone();
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let bob = Client::registered(&base, "bob@example.com", "bob").await;
        let moderator = Client::registered(&base, "mod@example.com", "mod").await;
        make_admin(&db.url, "mod@example.com");
        let conversation = ann.start_conversation("ann", "bob").await.to_string();
        let flagged = bob
            .post(
                "/svc/conversations/flag",
                &[("conversation_id", &conversation), ("participant", "bob")],
            )
            .await;
        assert_eq!(flagged.status, 200, "{kind:?}: {}", flagged.body);
        let open = queue(&moderator, "open").await;
        assert_eq!(
            (
                &open[0]["kind"],
                &open[0]["reporter"],
                &open[0]["blog"]["name"]
            ),
            (&"conversation".into(), &"bob".into(), &"ann".into()),
            "{kind:?}"
        );
        assert_eq!(open[0]["conversation_id"].to_string(), conversation);

        // 30 an hour: the blogs Bob flags are new each time, so each files.
        let mut refused = None;
        for i in 0..31 {
            let name = format!("spam{i}");
            Client::registered(&base, &format!("{name}@example.com"), &name).await;
            let answer = bob
                .post(
                    "/svc/blog/flag",
                    &[("tumblelog", &name), ("reason", "spam")],
                )
                .await;
            if answer.status != 200 {
                refused = Some((i, answer.status, answer.code().to_owned()));
                break;
            }
        }
        // The conversation's report counts too: the 30th flag of the hour is the last.
        assert_eq!(
            refused,
            Some((29, 429, "too_many_attempts".to_owned())),
            "{kind:?}"
        );

        // The queue pages: every open report once, in the queue's order, 7 at a time.
        let whole: Vec<i64> = ids(&queue(&moderator, "open").await);
        assert_eq!(whole.len(), 30, "{kind:?}");
        assert_eq!(paged(&moderator, "open", 7).await, whole, "{kind:?}");
        for bad in [
            "cursor=x",
            "limit=0",
            "limit=101",
            "state=resolved&cursor=12",
        ] {
            let refused = moderator.get(&format!("/svc/admin/reports?{bad}")).await;
            assert_eq!(refused.status, 400, "{kind:?} {bad}");
        }
        drop(server);
        db.cleanup().await;
    }
}
