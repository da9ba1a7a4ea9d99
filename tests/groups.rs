//! Group blogs over HTTP and sockets, on SQLite, PostgreSQL and two nodes over Redis: a group
//! is made, a blog invited accepts from its activity, members post (each post saying who
//! wrote it, to members only), read and edit the group's drafts; admins promote and remove;
//! the owner leaves only by handing the group to another admin; every change is heard live
//! on `members:{blog}`; and what is not a member's stays refused.

mod common;

use common::client::pair;
use common::deployment::{Deployment, SETUPS};
use common::posts::{notifications, page, read_post};
use common::ws::socket_on;
use common::{Client, Server, TestDb, on_each_backend};
use dashwire_protocol::Event;
use serde_json::Value;

/// The members list of `group` as `client` reads it: `(name, role)` in its order.
async fn members(client: &Client, group: &str) -> Vec<(String, String)> {
    let answer = client
        .get(&format!("/svc/group/members?tumblelog={group}"))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.response()["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["blog"]["name"].as_str().unwrap().to_owned(),
                m["role"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn named(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

/// Ann makes the group `team`; ben's blog is invited and accepts.
async fn team_with_ben(ann: &Client, ben: &Client) {
    let made = ann
        .post(
            "/svc/group/create",
            &[("blog_name", "team"), ("title", "Team")],
        )
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    assert_eq!(made.response()["blog"]["member_role"], "admin");
    let invited = ann
        .post(
            "/svc/group/invite",
            &[("tumblelog", "team"), ("blog", "ben")],
        )
        .await;
    assert_eq!(invited.status, 200, "{}", invited.body);
    let accepted = ben
        .post(
            "/svc/group/respond",
            &[("tumblelog", "team"), ("blog", "ben"), ("accept", "1")],
        )
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
}

fn blog_names(info: &Value) -> Vec<(String, Value)> {
    info["channels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["name"].as_str().unwrap().to_owned(),
                b["member_role"].clone(),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_invited_blog_joins_posts_and_reads_the_groups_drafts() {
    on_each_backend(|base, kind| async move {
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let carl = Client::registered(&base, "carl@example.com", "carl").await;
        let made = ann
            .post(
                "/svc/group/create",
                &[("blog_name", "team"), ("title", "Team")],
            )
            .await;
        assert_eq!(made.status, 200, "{kind:?}: {}", made.body);
        assert_eq!(
            members(&ann, "team").await,
            named(&[("ann", "admin")]),
            "{kind:?}: the creator is its admin, known by her current blog"
        );

        // The invitation reaches ben's activity, waiting for his answer.
        let invited = ann
            .post(
                "/svc/group/invite",
                &[("tumblelog", "team"), ("blog", "ben")],
            )
            .await;
        assert_eq!(invited.status, 200, "{kind:?}: {}", invited.body);
        let notes = notifications(&ben, "ben", "group_invite").await;
        assert_eq!(notes.len(), 1, "{kind:?}");
        assert_eq!(notes[0]["from_tumblelog"]["name"], "team", "{kind:?}");
        assert_eq!(notes[0]["message"], "invited you to join", "{kind:?}");
        assert_eq!(notes[0]["group_invite"]["pending"], true, "{kind:?}");
        let again = ann
            .post(
                "/svc/group/invite",
                &[("tumblelog", "team"), ("blog", "ben")],
            )
            .await;
        assert_eq!(
            (again.status, again.code()),
            (409, "already_invited"),
            "{kind:?}"
        );
        let by_member = ben
            .post(
                "/svc/group/invite",
                &[("tumblelog", "team"), ("blog", "carl")],
            )
            .await;
        assert_eq!(by_member.status, 403, "{kind:?}: ben is not a member yet");
        let admin_view = ann.get("/svc/group/members?tumblelog=team").await;
        assert_eq!(
            admin_view.response()["invites"][0]["blog"]["name"],
            "ben",
            "{kind:?}: an admin sees the invitations waiting"
        );
        let outside_view = carl.get("/svc/group/members?tumblelog=team").await;
        assert_eq!(
            outside_view.response()["invites"],
            serde_json::json!([]),
            "{kind:?}: no one else does"
        );

        // Only ben answers for ben's blog; carl has no invitation.
        let not_his = carl
            .post(
                "/svc/group/respond",
                &[("tumblelog", "team"), ("blog", "ben"), ("accept", "1")],
            )
            .await;
        assert_eq!(not_his.status, 403, "{kind:?}");
        let uninvited = carl
            .post(
                "/svc/group/respond",
                &[("tumblelog", "team"), ("blog", "carl"), ("accept", "1")],
            )
            .await;
        assert_eq!(
            (uninvited.status, uninvited.code()),
            (404, "no_invite"),
            "{kind:?}"
        );
        let accepted = ben
            .post(
                "/svc/group/respond",
                &[("tumblelog", "team"), ("blog", "ben"), ("accept", "1")],
            )
            .await;
        assert_eq!(accepted.status, 200, "{kind:?}: {}", accepted.body);
        assert_eq!(
            accepted.response()["group"]["member_role"],
            "member",
            "{kind:?}"
        );
        assert_eq!(
            members(&carl, "team").await,
            named(&[("ann", "admin"), ("ben", "member")]),
            "{kind:?}: anyone reads a public group's members"
        );
        let notes = notifications(&ben, "ben", "group_invite").await;
        assert_eq!(
            notes[0]["group_invite"]["pending"], false,
            "{kind:?}: answered"
        );
        let info = ben.info().await;
        assert!(
            blog_names(&info).contains(&("team".into(), "member".into())),
            "{kind:?}: ben's blogs list the group after his own"
        );
        let team_entry = info["channels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "team")
            .unwrap()
            .clone();
        assert_eq!(
            (
                &team_entry["is_mine"],
                &team_entry["unread_count"],
                &team_entry["member_count"]
            ),
            (&false.into(), &0.into(), &2.into()),
            "{kind:?}: someone else's group, its unread count its owner's"
        );
        let answered_twice = ben
            .post(
                "/svc/group/respond",
                &[("tumblelog", "team"), ("blog", "ben"), ("accept", "1")],
            )
            .await;
        assert_eq!(answered_twice.status, 404, "{kind:?}");
        let following = ben.get("/svc/data/tumblelog?tumblelog=team").await;
        assert_eq!(
            following.response()["following"],
            true,
            "{kind:?}: he follows it"
        );

        // Ben posts to the group: members see he wrote it, others do not.
        let saved = ben
            .save_post(
                "team",
                &[
                    ("post[type]", "text"),
                    ("post[state]", "0"),
                    ("post[one]", "Hello team"),
                ],
            )
            .await;
        let id = saved["post"]["id"].as_i64().unwrap();
        assert_eq!(saved["post"]["posted_by"], "ben", "{kind:?}");
        assert_eq!(
            read_post(&ann, "team", id).await["posted_by"],
            "ben",
            "{kind:?}"
        );
        assert_eq!(
            read_post(&ann, "team", id).await["is_mine"],
            true,
            "{kind:?}"
        );
        assert_eq!(
            read_post(&carl, "team", id).await["posted_by"],
            Value::Null,
            "{kind:?}"
        );
        assert_eq!(
            read_post(&carl, "team", id).await["is_mine"],
            false,
            "{kind:?}"
        );

        // A draft ann writes is ben's to read and edit; carl cannot.
        let draft = ann
            .save_post(
                "team",
                &[
                    ("post[type]", "text"),
                    ("post[state]", "1"),
                    ("post[one]", "Draft"),
                ],
            )
            .await;
        let draft_id = draft["post"]["id"].as_i64().unwrap();
        let drafts = page(&ben, "/svc/post/drafts/after/0?blog=team").await;
        assert_eq!(drafts.len(), 1, "{kind:?}: {drafts:?}");
        let edited = ben
            .post(
                "/svc/post/update",
                &[
                    ("channel_id", "team"),
                    ("post[type]", "text"),
                    ("post[state]", "1"),
                    ("post[one]", "Draft, edited"),
                    ("post_id", &draft_id.to_string()),
                ],
            )
            .await;
        assert_eq!(edited.status, 200, "{kind:?}: {}", edited.body);
        let outsider = carl.get("/svc/post/drafts/after/0?blog=team").await;
        assert_eq!(
            (outsider.status, outsider.code()),
            (403, "not_your_blog"),
            "{kind:?}"
        );
        let carl_posts = carl
            .post(
                "/svc/post/update",
                &[
                    ("channel_id", "team"),
                    ("post[type]", "text"),
                    ("post[one]", "Mine?"),
                ],
            )
            .await;
        assert_eq!(carl_posts.status, 403, "{kind:?}: only members post");

        // A private post of the group is its members' to see on its page; no one else's.
        ann.save_post(
            "team",
            &[
                ("post[type]", "text"),
                ("is_private", "1"),
                ("post[one]", "Ours"),
            ],
        )
        .await;
        let blog_page = "/svc/post/blog/after/0?blog=team";
        assert_eq!(
            page(&ben, blog_page).await.len(),
            2,
            "{kind:?}: the post and the private one"
        );
        assert_eq!(
            page(&carl, blog_page).await.len(),
            1,
            "{kind:?}: the published post only"
        );

        // The group's settings stay its owner's.
        let appearance = ben
            .post_json(
                "/svc/blog/appearance",
                &serde_json::json!({"tumblelog": "team", "title": "Ben's now"}),
            )
            .await;
        assert_eq!(appearance.status, 403, "{kind:?}");
    })
    .await;
}

#[tokio::test]
async fn admins_promote_and_remove_and_the_owner_hands_the_group_over() {
    on_each_backend(|base, kind| async move {
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let carl = Client::registered(&base, "carl@example.com", "carl").await;
        team_with_ben(&ann, &ben).await;

        let by_member = ben
            .post(
                "/svc/group/role",
                &[("tumblelog", "team"), ("member", "ben"), ("role", "admin")],
            )
            .await;
        assert_eq!(
            (by_member.status, by_member.code()),
            (403, "not_group_admin"),
            "{kind:?}"
        );
        let last = ann.post("/svc/group/leave", &[("tumblelog", "team")]).await;
        assert_eq!(
            (last.status, last.code()),
            (409, "last_admin"),
            "{kind:?}: the owner leaves only to another admin"
        );
        let bad_role = ann
            .post(
                "/svc/group/role",
                &[("tumblelog", "team"), ("member", "ben"), ("role", "boss")],
            )
            .await;
        assert_eq!(
            (bad_role.status, bad_role.code()),
            (400, "bad_role"),
            "{kind:?}"
        );
        let promoted = ann
            .post(
                "/svc/group/role",
                &[("tumblelog", "team"), ("member", "ben"), ("role", "admin")],
            )
            .await;
        assert_eq!(promoted.status, 200, "{kind:?}: {}", promoted.body);
        let demote_owner = ben
            .post(
                "/svc/group/role",
                &[("tumblelog", "team"), ("member", "ann"), ("role", "member")],
            )
            .await;
        assert_eq!(
            (demote_owner.status, demote_owner.code()),
            (403, "group_owner"),
            "{kind:?}"
        );
        let remove_owner = ben
            .post(
                "/svc/group/remove",
                &[("tumblelog", "team"), ("member", "ann")],
            )
            .await;
        assert_eq!(remove_owner.code(), "group_owner", "{kind:?}");

        // Carl joins and is removed; he can no longer post there.
        ben.post(
            "/svc/group/invite",
            &[("tumblelog", "team"), ("blog", "carl")],
        )
        .await;
        carl.post(
            "/svc/group/respond",
            &[("tumblelog", "team"), ("blog", "carl"), ("accept", "1")],
        )
        .await;
        assert_eq!(members(&ann, "team").await.len(), 3, "{kind:?}");
        let removed = ben
            .post(
                "/svc/group/remove",
                &[("tumblelog", "team"), ("member", "carl")],
            )
            .await;
        assert_eq!(removed.status, 200, "{kind:?}: {}", removed.body);
        let after = carl
            .post(
                "/svc/post/update",
                &[
                    ("channel_id", "team"),
                    ("post[type]", "text"),
                    ("post[one]", "Still?"),
                ],
            )
            .await;
        assert_eq!(
            after.status, 403,
            "{kind:?}: a removed member writes no more"
        );

        // Ann leaves: the group is ben's now, settings and all.
        let left = ann.post("/svc/group/leave", &[("tumblelog", "team")]).await;
        assert_eq!(left.status, 200, "{kind:?}: {}", left.body);
        assert_eq!(
            members(&ben, "team").await,
            named(&[("ben", "admin")]),
            "{kind:?}"
        );
        let team = ben.get("/svc/data/tumblelog?tumblelog=team").await;
        assert_eq!(team.response()["is_mine"], true, "{kind:?}: ben owns it");
        assert!(
            !blog_names(&ann.info().await)
                .iter()
                .any(|(n, _)| n == "team"),
            "{kind:?}: it left ann's blogs"
        );
        let not_member = ann.post("/svc/group/leave", &[("tumblelog", "team")]).await;
        assert_eq!(
            (not_member.status, not_member.code()),
            (404, "not_member"),
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn groups_refuse_what_they_cannot_be() {
    on_each_backend(|base, kind| async move {
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let main = ann
            .post("/svc/group/convert", &[("tumblelog", "ann")])
            .await;
        assert_eq!(
            (main.status, main.code()),
            (400, "primary_blog"),
            "{kind:?}"
        );
        let new = ann.post("/new/blog", &[("blog_name", "side")]).await;
        assert_eq!(new.status, 200, "{kind:?}: {}", new.body);
        let converted = ann
            .post("/svc/group/convert", &[("tumblelog", "side")])
            .await;
        assert_eq!(converted.status, 200, "{kind:?}: {}", converted.body);
        assert_eq!(
            members(&ann, "side").await,
            named(&[("ann", "admin")]),
            "{kind:?}: known there by her main blog"
        );
        let twice = ann
            .post("/svc/group/convert", &[("tumblelog", "side")])
            .await;
        assert_eq!(
            (twice.status, twice.code()),
            (409, "already_group"),
            "{kind:?}"
        );
        let not_group = ann
            .post(
                "/svc/group/invite",
                &[("tumblelog", "ann"), ("blog", "ben")],
            )
            .await;
        assert_eq!(
            (not_group.status, not_group.code()),
            (400, "not_group"),
            "{kind:?}"
        );
        let nobody = ann
            .post(
                "/svc/group/invite",
                &[("tumblelog", "side"), ("blog", "nobody")],
            )
            .await;
        assert_eq!(nobody.status, 404, "{kind:?}");
        let self_invite = ann
            .post(
                "/svc/group/invite",
                &[("tumblelog", "side"), ("blog", "ann")],
            )
            .await;
        assert_eq!(
            (self_invite.status, self_invite.code()),
            (409, "already_member"),
            "{kind:?}"
        );
        let theirs = ben
            .post("/svc/group/convert", &[("tumblelog", "side")])
            .await;
        assert_eq!(theirs.status, 403, "{kind:?}");
        // Ben blocks the group: it cannot invite him.
        ben.post(
            "/svc/block/add",
            &[("tumblelog", "ben"), ("blocked_tumblelog", "side")],
        )
        .await;
        let blocked = ann
            .post(
                "/svc/group/invite",
                &[("tumblelog", "side"), ("blog", "ben")],
            )
            .await;
        assert_eq!(
            (blocked.status, blocked.code()),
            (403, "blocked"),
            "{kind:?}"
        );
        let declined_nothing = ben
            .post(
                "/svc/group/respond",
                &[("tumblelog", "side"), ("blog", "ben"), ("accept", "maybe")],
            )
            .await;
        assert_eq!(declined_nothing.status, 400, "{kind:?}");
        let plain = ben.get("/svc/group/members?tumblelog=ben").await;
        assert_eq!(plain.response()["is_group"], false, "{kind:?}");
        assert_eq!(
            ben.get("/svc/group/members?tumblelog=nobody").await.status,
            404
        );
    })
    .await;
}

#[tokio::test]
async fn member_changes_are_heard_live_on_every_node() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        ann.post("/svc/group/create", &[("blog_name", "team")])
            .await;
        // A reader who is no member, on the last node (the writes go to the first).
        let carl = Client::registered(&base, "carl@example.com", "carl").await;
        let mut watcher = socket_on(&sockets, &carl).await;
        let (_, seq) = watcher.subscribe("members:team", None).await;
        ann.post(
            "/svc/group/invite",
            &[("tumblelog", "team"), ("blog", "ben")],
        )
        .await;
        ben.post(
            "/svc/group/respond",
            &[("tumblelog", "team"), ("blog", "ben"), ("accept", "1")],
        )
        .await;
        let frame = watcher.event().await;
        assert_eq!(frame.channel, "members:team", "{setup:?}");
        assert_eq!(
            frame.seq,
            seq + 1,
            "{setup:?}: the invitation itself is not a change"
        );
        match frame.event {
            Event::Members(change) => {
                assert_eq!((change.blog.as_str(), change.member_count), ("team", 2));
            }
            other => panic!("{setup:?}: unexpected {other:?}"),
        }
        ben.post("/svc/group/leave", &[("tumblelog", "team")]).await;
        match watcher.event().await.event {
            Event::Members(change) => assert_eq!(change.member_count, 1, "{setup:?}"),
            other => panic!("{setup:?}: unexpected {other:?}"),
        }
        // A reader coming back later gets the state as it is, once.
        let mut late = socket_on(&sockets, &ben).await;
        let (replayed, _) = late.subscribe("members:team", Some(0)).await;
        let counts: Vec<i64> = replayed
            .iter()
            .filter_map(|f| match &f.event {
                Event::Members(c) => Some(c.member_count),
                _ => None,
            })
            .collect();
        assert_eq!(counts, vec![1], "{setup:?}: newest-only");
    }
}

/// An admin cannot fill the site's activity with invitations: a group has at most 100
/// waiting at once, and one more is refused until some are answered or withdrawn.
#[tokio::test]
async fn a_group_has_at_most_a_hundred_invitations_waiting() {
    use dashwire::testing::accounts;
    use dashwire::testing::blogs::store::{blog_ref, create_blog};
    use dashwire::testing::store::{DbPool, Store};
    for kind in common::BOTH {
        let db = TestDb::new(kind).await;
        let server = Server::start(&db.url, &[]);
        let ann = Client::registered(&server.base, "ann@example.com", "ann").await;
        ann.post("/svc/group/create", &[("blog_name", "team")])
            .await;
        // A hundred invitations, written as the call writes them (to a hundred blogs of one
        // user: making a hundred accounts over HTTP would only be slower).
        let store = Store::connect(&db.url, 2).await.unwrap();
        let many = accounts::store::create_user_with_blog(&store, "m@example.com", "h", "m0", "M")
            .await
            .unwrap();
        let team = blog_ref(&store, "team").await.unwrap().unwrap().id;
        let by = blog_ref(&store, "ann").await.unwrap().unwrap().id;
        for n in 1..=100 {
            let blog = create_blog(&store, many, &format!("m{n}"), "M")
                .await
                .unwrap();
            let sql = "INSERT INTO group_invites (blog_id, invited_blog_id, invited_by, created_at) \
                       VALUES ($1, $2, $3, 0)";
            match store.pool() {
                DbPool::Sqlite { write, .. } => sqlx::query(sql)
                    .bind(team)
                    .bind(blog)
                    .bind(by)
                    .execute(write)
                    .await
                    .map(|_| ()),
                DbPool::Postgres(pool) => sqlx::query(sql)
                    .bind(team)
                    .bind(blog)
                    .bind(by)
                    .execute(pool)
                    .await
                    .map(|_| ()),
            }
            .unwrap();
        }
        Client::registered(&server.base, "ben@example.com", "ben").await;
        let refused = ann
            .post(
                "/svc/group/invite",
                &[("tumblelog", "team"), ("blog", "ben")],
            )
            .await;
        assert_eq!(
            (refused.status, refused.code()),
            (429, "too_many_attempts"),
            "{kind:?}: {}",
            refused.body
        );
        let withdrawn = ann
            .post(
                "/svc/group/uninvite",
                &[("tumblelog", "team"), ("blog", "m1")],
            )
            .await;
        assert_eq!(
            withdrawn.response()["invites"].as_array().unwrap().len(),
            99
        );
        let invited = ann
            .post(
                "/svc/group/invite",
                &[("tumblelog", "team"), ("blog", "ben")],
            )
            .await;
        assert_eq!(invited.status, 200, "{kind:?}: {}", invited.body);
        drop(server);
        db.cleanup().await;
    }
}
