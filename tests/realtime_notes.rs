//! Post actions live, on each setup (SQLite, PostgreSQL, two nodes over Redis): a like
//! reaches the post's `notes:{root_id}` channel and the author's `activity:{blog}` exactly
//! once, a reader who reconnects resumes the note counts with `since`, and only readers of a
//! post may subscribe to its notes.

mod common;

use common::client::pair;
use common::deployment::{Deployment, SETUPS};
use common::ws::socket_on;
use dashwire_protocol::{ClientFrame, ErrorCode, Event, ServerFrame};

#[tokio::test]
async fn likes_reach_the_notes_channel_and_the_authors_activity_exactly_once() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let post = ann
            .save_post(
                "ann",
                &[
                    ("post[type]", "text"),
                    ("post[state]", "0"),
                    ("post[one]", "Live"),
                ],
            )
            .await["post"]
            .clone();
        let (id, key) = (
            post["id"].as_i64().unwrap(),
            post["reblog_key"].as_str().unwrap().to_owned(),
        );
        let notes = format!("notes:{id}");
        let mut ann_ws = socket_on(&sockets, &ann).await;
        ann_ws.subscribe("activity:ann", None).await;
        ann_ws.subscribe(&notes, None).await;
        let mut ben_ws = socket_on(&sockets, &ben).await;
        let (_, seen) = ben_ws.subscribe(&notes, None).await;

        let like = [("id", id.to_string()), ("key", key)];
        let like: Vec<(&str, &str)> = like.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(ben.post("/svc/like", &like).await.status, 200, "{setup:?}");
        let (mut counts, mut likes) = (Vec::new(), 0);
        while counts.is_empty() || likes == 0 {
            let frame = ann_ws.event().await;
            match frame.event {
                Event::Notes(n) => counts.push((frame.channel, n.root_id, n.note_count)),
                Event::Notification(n) => {
                    assert_eq!(
                        (n.r#type.as_str(), n.post.map(|p| p.id)),
                        ("like", Some(id)),
                        "{setup:?}"
                    );
                    likes += 1;
                }
                other => panic!("{setup:?}: unexpected {other:?}"),
            }
        }
        assert_eq!(counts, vec![(notes.clone(), id, 1)], "{setup:?}");
        // Ben follows Ann: the next activity event is that, not the like again.
        ben.post("/svc/follow", &[("tumblelog", "ann")]).await;
        match ann_ws.event().await.event {
            Event::Notification(n) => {
                assert_eq!(n.r#type, "follower", "{setup:?}: the like came once")
            }
            other => panic!("{setup:?}: unexpected {other:?}"),
        }

        // Ben's socket drops; the unlike happens while he is away; he resumes from what he saw.
        drop(ben_ws);
        assert_eq!(
            ben.post("/svc/unlike", &like).await.status,
            200,
            "{setup:?}"
        );
        match ann_ws.event().await.event {
            Event::Notes(n) => assert_eq!(n.note_count, 0, "{setup:?}"),
            other => panic!("{setup:?}: unexpected {other:?}"),
        }
        let mut ben_ws = socket_on(&sockets, &ben).await;
        let (replayed, latest) = ben_ws.subscribe(&notes, Some(seen)).await;
        let replayed: Vec<(i64, i64)> = replayed
            .into_iter()
            .map(|f| match f.event {
                Event::Notes(n) => (f.seq, n.note_count),
                other => panic!("{setup:?}: unexpected {other:?}"),
            })
            .collect();
        // A note count is a whole state: the log keeps the newest, so the resume brings the
        // count as it is now, at its seq, and skips the like's, which it replaced.
        assert_eq!(
            (replayed, latest),
            (vec![(seen + 2, 0)], seen + 2),
            "{setup:?}: the count after the unlike, once"
        );
        deployment.stop().await;
    }
}

#[tokio::test]
async fn only_readers_of_a_post_subscribe_to_its_notes() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let draft = ann
            .save_post(
                "ann",
                &[
                    ("post[type]", "text"),
                    ("post[state]", "1"),
                    ("post[one]", "Not yet"),
                ],
            )
            .await["post"]["id"]
            .as_i64()
            .unwrap();
        let channel = format!("notes:{draft}");
        let mut ann_ws = socket_on(&sockets, &ann).await;
        ann_ws.subscribe(&channel, None).await;
        let mut ben_ws = socket_on(&sockets, &ben).await;
        for refused in [channel.clone(), "notes:999999".to_owned()] {
            ben_ws
                .send(&ClientFrame::Subscribe {
                    channel: refused.clone(),
                    since: None,
                })
                .await;
            match ben_ws.next().await {
                ServerFrame::Error {
                    channel: c, code, ..
                } => assert_eq!(
                    (c.as_deref(), code),
                    (Some(refused.as_str()), ErrorCode::Forbidden),
                    "{setup:?}"
                ),
                other => panic!("{setup:?}: {refused} should be refused: {other:?}"),
            }
        }
        deployment.stop().await;
    }
}

#[tokio::test]
async fn a_deleted_posts_unread_notifications_leave_the_owners_counts() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let post = ann
            .save_post(
                "ann",
                &[
                    ("post[type]", "text"),
                    ("post[state]", "0"),
                    ("post[one]", "Soon gone"),
                ],
            )
            .await["post"]
            .clone();
        let id = post["id"].as_i64().unwrap().to_string();
        let key = post["reblog_key"].as_str().unwrap();
        let mut ann_ws = socket_on(&sockets, &ann).await;
        ann_ws.subscribe("unread", None).await;
        let activity = |event: Event| match event {
            Event::Unread(counts) => counts.blogs[0].activity,
            other => panic!("{setup:?}: unexpected {other:?}"),
        };

        let like = ben.post("/svc/like", &[("id", &id), ("key", key)]).await;
        assert_eq!(like.status, 200, "{setup:?}: {}", like.body);
        assert_eq!(activity(ann_ws.event().await.event), 1, "{setup:?}");
        let deleted = ann
            .post(
                "/svc/post/delete",
                &[("post_id", &id), ("channel_id", "ann")],
            )
            .await;
        assert_eq!(deleted.status, 200, "{setup:?}: {}", deleted.body);
        assert_eq!(
            activity(ann_ws.event().await.event),
            0,
            "{setup:?}: the like's notification went with the post"
        );
        deployment.stop().await;
    }
}
