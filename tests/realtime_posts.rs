//! A blog's posts live, on each setup (SQLite, PostgreSQL, two nodes over Redis): readers of
//! `posts:{blog}` hear of each post that goes out, each edit of a published post and each
//! removal, once, in order, and resume what they missed with `since`. A blog with 100,000
//! followers writes one event per post, not one per follower: each reader's socket listens
//! on the blog's channel. Visitors read a public blog live too, and nothing personal.

mod common;

use common::Client;
use common::client::pair;
use common::deployment::{Deployment, SETUPS};
use common::ws::Socket;
use common::ws::{cookie_socket, socket_on};
use dashwire_protocol::{ClientFrame, ErrorCode, Event, PostAction, ServerFrame};

/// The next event, which must be a post change: its seq, post and action.
async fn post_event(socket: &mut Socket) -> (i64, i64, PostAction) {
    let frame = socket.event().await;
    match frame.event {
        Event::Post(change) => (frame.seq, change.id, change.action),
        other => panic!("expected a post change, got {other:?}"),
    }
}

#[tokio::test]
async fn readers_hear_of_new_edited_and_removed_posts_and_resume_what_they_missed() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let mut ben_ws = socket_on(&sockets, &ben).await;
        ben_ws.subscribe("posts:ann", None).await;
        let text = |state: &'static str, title: &'static str| {
            [
                ("post[type]", "text"),
                ("post[state]", state),
                ("post[one]", title),
            ]
        };
        let first = ann.save_post("ann", &text("0", "First")).await["post"]["id"]
            .as_i64()
            .unwrap();
        let (_, id, action) = post_event(&mut ben_ws).await;
        assert_eq!((id, action), (first, PostAction::Created), "{setup:?}");

        // A draft is nobody's business; its publishing is.
        let draft = ann.save_post("ann", &text("1", "Later")).await["post"]["id"]
            .as_i64()
            .unwrap();
        let first_text = first.to_string();
        let mut edit = text("0", "First, edited").to_vec();
        edit.push(("post_id", &first_text));
        ann.save_post("ann", &edit).await;
        let (seen, id, action) = post_event(&mut ben_ws).await;
        assert_eq!(
            (id, action),
            (first, PostAction::Updated),
            "{setup:?}: the draft made no event"
        );
        drop(ben_ws);

        // While Ben is away: the draft goes out, the first post is deleted.
        let published = ann.post("/publish", &[("id", &draft.to_string())]).await;
        assert_eq!(published.status, 200, "{setup:?}: {}", published.body);
        let deleted = ann
            .post(
                "/svc/post/delete",
                &[("post_id", &first_text), ("channel_id", "ann")],
            )
            .await;
        assert_eq!(deleted.status, 200, "{setup:?}: {}", deleted.body);

        let mut ben_ws = socket_on(&sockets, &ben).await;
        let (replayed, _) = ben_ws.subscribe("posts:ann", Some(seen)).await;
        let replayed: Vec<(i64, PostAction)> = replayed
            .into_iter()
            .map(|f| match f.event {
                Event::Post(change) => (change.id, change.action),
                other => panic!("{setup:?}: unexpected {other:?}"),
            })
            .collect();
        assert_eq!(
            replayed,
            vec![(draft, PostAction::Created), (first, PostAction::Deleted)],
            "{setup:?}: what he missed, once each, in order"
        );
        deployment.stop().await;
    }
}

#[tokio::test]
async fn a_visitor_reads_a_public_blogs_posts_and_notes_live_and_nothing_personal() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, _ben) = pair(&base, "ann", "ben").await;
        let visitor = Client::visitor(&base).await;
        let mut ws = cookie_socket(&sockets, &visitor).await;
        ws.subscribe("posts:ann", None).await;

        let post = ann
            .save_post(
                "ann",
                &[
                    ("post[type]", "text"),
                    ("post[state]", "0"),
                    ("post[one]", "For everyone"),
                ],
            )
            .await["post"]
            .clone();
        let id = post["id"].as_i64().unwrap();
        let (_, seen, action) = post_event(&mut ws).await;
        assert_eq!((seen, action), (id, PostAction::Created), "{setup:?}");
        ws.subscribe(&format!("notes:{id}"), None).await;

        for personal in ["unread", "activity:ann", "inbox:ann"] {
            ws.send(&ClientFrame::Subscribe {
                channel: personal.to_owned(),
                since: None,
            })
            .await;
            match ws.next().await {
                ServerFrame::Error { channel, code, .. } => assert_eq!(
                    (channel.as_deref(), code),
                    (Some(personal), ErrorCode::Forbidden),
                    "{setup:?}"
                ),
                other => panic!("{setup:?}: a visitor's {personal} should be refused: {other:?}"),
            }
        }
        deployment.stop().await;
    }
}

/// Ben's dashboard: the posts of the blogs he reads (his own, those he follows) on one
/// channel, by feed position, following his follows as he makes them, resumed from one
/// position whatever blogs posted meanwhile.
#[tokio::test]
async fn a_dashboard_hears_the_blogs_its_user_reads_follows_them_live_and_resumes() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let cid = Client::registered(&base, "cid@example.com", "cid").await;
        let follow = |who: &'static str| [("tumblelog", who)];
        assert_eq!(ben.post("/svc/follow", &follow("ann")).await.status, 200);
        let mut ws = socket_on(&sockets, &ben).await;
        ws.subscribe("dashboard", None).await;

        // Cid's post is not his to hear; Ann's and his own are, in that order.
        post(&cid, "cid", "Unread").await;
        let anns = post(&ann, "ann", "Followed").await;
        let own = post(&ben, "ben", "Mine").await;
        let (first, id, _) = post_event(&mut ws).await;
        assert_eq!(id, anns, "{setup:?}");
        let (second, id, _) = post_event(&mut ws).await;
        assert_eq!(id, own, "{setup:?}");
        assert!(second > first, "{setup:?}: seqs are feed positions, rising");

        // Following Cid and unfollowing Ann take effect while the dashboard is open.
        assert_eq!(ben.post("/svc/follow", &follow("cid")).await.status, 200);
        assert_eq!(ben.post("/svc/unfollow", &follow("ann")).await.status, 200);
        let cids = post(&cid, "cid", "Now followed").await;
        let (seen, id, _) = post_event(&mut ws).await;
        assert_eq!(id, cids, "{setup:?}: Cid's first post since the follow");
        post(&ann, "ann", "No longer followed").await;
        let cids_next = post(&cid, "cid", "Again").await;
        let (_, id, _) = post_event(&mut ws).await;
        assert_eq!(id, cids_next, "{setup:?}: nothing of Ann's in between");
        drop(ws);

        // Away: Cid posts, Ann posts, Ben posts. Back: what he missed of his blogs, in order.
        let away_cid = post(&cid, "cid", "While away").await;
        post(&ann, "ann", "Still not followed").await;
        let away_own = post(&ben, "ben", "Mine, while away").await;
        let mut ws = socket_on(&sockets, &ben).await;
        let (replayed, _) = ws.subscribe("dashboard", Some(seen)).await;
        let replayed: Vec<i64> = replayed
            .into_iter()
            .map(|f| match f.event {
                Event::Post(change) => change.id,
                other => panic!("{setup:?}: unexpected {other:?}"),
            })
            .collect();
        assert_eq!(
            replayed,
            [cids_next, away_cid, away_own],
            "{setup:?}: once each, in feed order"
        );
        deployment.stop().await;
    }
}

/// Publishes a text post on `blog`; answers its id.
async fn post(client: &Client, blog: &str, title: &str) -> i64 {
    let fields = [
        ("post[type]", "text"),
        ("post[state]", "0"),
        ("post[one]", title),
    ];
    client.save_post(blog, &fields).await["post"]["id"]
        .as_i64()
        .unwrap()
}
