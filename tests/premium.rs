//! Reach and Analytics (spec 000 §2.2's premium flags) on SQLite and PostgreSQL: every blog
//! has both from the start; an administrator takes one away and gives it back, the owner's
//! blog model says so and the page's figures are refused meanwhile; nobody else may switch.

mod common;

use common::server::make_admin;
use common::{BOTH, Client, Server, TestDb};

#[tokio::test]
async fn administrators_switch_a_blogs_reach_and_analytics() {
    for kind in BOTH {
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let base = server.base.clone();
        let ann = Client::registered(&base, "ann@example.com", "ann").await;
        let admin = Client::registered(&base, "mod@example.com", "mod").await;
        make_admin(&db.url, "mod@example.com");
        let flags = |blog: serde_json::Value| {
            (
                blog["radar_feature_premium"].as_bool().unwrap(),
                blog["is_visible_premium_partner"].as_bool().unwrap(),
            )
        };
        assert_eq!(
            flags(own(&ann, "ann").await),
            (true, true),
            "{kind:?}: both from the start"
        );
        for page in ["analytics", "reach"] {
            let figures = ann
                .get(&format!("/svc/blog/analytics?tumblelog=ann&page={page}"))
                .await;
            assert_eq!(figures.status, 200, "{kind:?} {page}: {}", figures.body);
        }

        let not_admin = ann.post("/radar/toggle", &[("tumblelog", "ann")]).await;
        assert_eq!(
            (not_admin.status, not_admin.code()),
            (403, "not_admin"),
            "{kind:?}"
        );
        let off = admin
            .post("/premium_partner/toggle", &[("tumblelog", "ann")])
            .await;
        assert_eq!(off.status, 200, "{kind:?}: {}", off.body);
        assert_eq!(
            off.response(),
            &serde_json::json!({"tumblelog": "ann", "radar_feature_premium": true,
                "is_visible_premium_partner": false}),
            "{kind:?}"
        );
        assert_eq!(flags(own(&ann, "ann").await), (true, false), "{kind:?}");
        let refused = ann.get("/svc/blog/analytics?tumblelog=ann").await;
        assert_eq!(
            (refused.status, refused.code(), refused.detail()),
            (
                403,
                "not_premium",
                "Analytics are not turned on for this blog."
            ),
            "{kind:?}"
        );
        let reach = ann
            .get("/svc/blog/analytics?tumblelog=ann&page=reach")
            .await;
        assert_eq!(reach.status, 200, "{kind:?}: Reach is its own flag");
        admin.post("/radar/toggle", &[("tumblelog", "ann")]).await;
        let reach = ann
            .get("/svc/blog/analytics?tumblelog=ann&page=reach")
            .await;
        assert_eq!(
            (reach.status, reach.detail()),
            (403, "Reach is not turned on for this blog."),
            "{kind:?}"
        );
        let bad = ann
            .get("/svc/blog/analytics?tumblelog=ann&page=radar")
            .await;
        assert_eq!((bad.status, bad.code()), (400, "bad_query"), "{kind:?}");

        // Given back, both work again.
        admin.post("/radar/toggle", &[("tumblelog", "ann")]).await;
        admin
            .post("/premium_partner/toggle", &[("tumblelog", "ann")])
            .await;
        assert_eq!(flags(own(&ann, "ann").await), (true, true), "{kind:?}");
        let figures = ann.get("/svc/blog/analytics?tumblelog=ann").await;
        assert_eq!(figures.status, 200, "{kind:?}");

        // A blog made later has both too.
        let made = ann
            .post("/new/blog", &[("blog_name", "ann-art"), ("title", "Art")])
            .await;
        assert_eq!(made.status, 200, "{kind:?}: {}", made.body);
        assert_eq!(flags(own(&ann, "ann-art").await), (true, true), "{kind:?}");
        drop(server);
        db.cleanup().await;
    }
}

/// The blog `name` as its owner reads it.
async fn own(owner: &Client, name: &str) -> serde_json::Value {
    let answer = owner
        .get(&format!("/svc/data/tumblelog?tumblelog={name}"))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response().clone()
}
