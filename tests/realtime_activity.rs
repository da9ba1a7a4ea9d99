//! Activity and unread counts over sockets, on each setup: a follow arrives on the followed
//! blog's activity channel, and the owner's unread counts follow new messages and reads; every
//! kind of notification reaches the blog it concerns once, in order.

mod common;

use common::client::pair;
use common::deployment::{Deployment, SETUPS};
use common::ws::socket_on;
use dashwire_protocol::Event;

#[tokio::test]
async fn follows_arrive_on_activity_and_unread_counts_follow_reads() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let mut ben_ws = socket_on(&sockets, &ben).await;
        ben_ws.subscribe("activity:ben", None).await;
        ben_ws.subscribe("unread", None).await;
        ann.post("/svc/follow", &[("tumblelog", "ben")]).await;
        let mut got_note = false;
        let mut got_counts = false;
        while !(got_note && got_counts) {
            let frame = ben_ws.event().await;
            match frame.event {
                Event::Notification(n) => {
                    assert_eq!(
                        (n.r#type.as_str(), n.blog.as_str()),
                        ("follower", "ben"),
                        "{setup:?}"
                    );
                    assert_eq!(n.from_tumblelog.unwrap().name, "ann", "{setup:?}");
                    got_note = true;
                }
                Event::Unread(counts) => {
                    assert_eq!(frame.channel, "unread", "{setup:?}");
                    assert_eq!(
                        counts.blogs[0].activity, 1,
                        "{setup:?}: the follow is unread activity"
                    );
                    got_counts = true;
                }
                other => panic!("{setup:?}: unexpected {other:?}"),
            }
        }
        // A message makes one conversation unread; reading it clears it.
        let id = ann.start_conversation("ann", "ben").await;
        let unread = loop {
            if let Event::Unread(c) = ben_ws.event().await.event {
                break c;
            }
        };
        assert_eq!(
            unread.messaging, 1,
            "{setup:?}: one unread conversation after the message"
        );
        assert_eq!(ben.info().await["unread_count"], 1, "{setup:?}");
        ben.get(&format!(
            "/svc/conversations/messages?conversation_id={id}&participant=ben"
        ))
        .await;
        let read = loop {
            if let Event::Unread(c) = ben_ws.event().await.event {
                break c;
            }
        };
        assert_eq!(
            read.messaging, 0,
            "{setup:?}: no unread conversation after the read"
        );
        assert_eq!(ben.info().await["unread_count"], 0, "{setup:?}");

        // Ben opens his activity: the follow is read, and the badge goes on every tab.
        let marked = ben
            .post("/svc/blog/activity/read", &[("tumblelog", "ben")])
            .await;
        assert_eq!(marked.status, 200, "{setup:?}: {}", marked.body);
        assert_eq!(marked.response()["marked"], 1, "{setup:?}");
        let seen = loop {
            if let Event::Unread(c) = ben_ws.event().await.event {
                break c;
            }
        };
        assert_eq!(seen.blogs[0].activity, 0, "{setup:?}");
        let again = ben
            .post("/svc/blog/activity/read", &[("tumblelog", "ben")])
            .await;
        assert_eq!(
            again.response()["marked"],
            0,
            "{setup:?}: nothing more to read"
        );
        let not_his = ben
            .post("/svc/blog/activity/read", &[("tumblelog", "ann")])
            .await;
        assert_eq!(not_his.status, 403, "{setup:?}: {}", not_his.body);
        deployment.stop().await;
    }
}

/// The log keeps no row of the unread counts (`store/log/mod.rs`, `READ_AS_IT_IS_NOW`): a
/// resume on `unread`, however far behind and whatever the log's trim marked, gets one event,
/// the counts as they are now at the channel's latest seq, and never `resume_too_old`.
#[tokio::test]
async fn a_resume_on_unread_gets_the_counts_as_they_are_now() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let mut away = socket_on(&sockets, &ben).await;
        let (_, left_at) = away.subscribe("unread", None).await;
        drop(away);
        // While ben is away: a follow (unread activity), and a conversation of two messages
        // (one unread conversation), each moving his counts.
        ann.post("/svc/follow", &[("tumblelog", "ben")]).await;
        ann.start_conversation("ann", "ben").await;
        let again = ann.send_to("ann", "ben", "and again").await;
        assert_eq!(again.status, 200, "{setup:?}: {:?}", again.body);
        // As the log's trim by count marks a busy channel: everything before now is pruned.
        common::db::execute(
            deployment.database_url(),
            "UPDATE channel_seqs SET pruned_through = seq WHERE channel LIKE 'unread:%'",
        )
        .await;
        let mut back = socket_on(&sockets, &ben).await;
        let (replayed, latest) = back.subscribe("unread", Some(left_at)).await;
        assert!(latest > left_at, "{setup:?}: the changes took seqs");
        let seqs: Vec<i64> = replayed.iter().map(|frame| frame.seq).collect();
        assert_eq!(seqs, [latest], "{setup:?}: one event, at the latest seq");
        let Event::Unread(counts) = &replayed[0].event else {
            panic!("{setup:?}: {:?}", replayed[0]);
        };
        assert_eq!(
            (counts.messaging, counts.blogs[0].activity),
            (1, 1),
            "{setup:?}: the counts as they are now"
        );
        assert_eq!(ben.info().await["unread_count"], 1, "{setup:?}");
        // Caught up, a resume from there has nothing to send.
        let mut again = socket_on(&sockets, &ben).await;
        let (nothing, same) = again.subscribe("unread", Some(latest)).await;
        assert!(nothing.is_empty(), "{setup:?}: {nothing:?}");
        assert_eq!(same, latest, "{setup:?}");
        deployment.stop().await;
    }
}

/// Every kind of notification a post action causes reaches the blog it concerns on its
/// `activity:{blog}` channel, once each and in order: a mention, a reblog, a reply, a
/// question, its answer, a submission.
#[tokio::test]
async fn each_kind_of_notification_arrives_on_its_blogs_activity_exactly_once() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let on = ann
            .post("/svc/blog/asks", &[("tumblelog", "ann"), ("asks", "1")])
            .await;
        assert_eq!(on.status, 200, "{setup:?}: {}", on.body);
        let mut ann_ws = socket_on(&sockets, &ann).await;
        let (_, ann_seen) = ann_ws.subscribe("activity:ann", None).await;
        let mut ben_ws = socket_on(&sockets, &ben).await;
        let (_, ben_seen) = ben_ws.subscribe("activity:ben", None).await;

        let body = r#"<p>For <a href="/blog/ben">@ben</a></p>"#;
        let post = ann
            .save_post(
                "ann",
                &[
                    ("post[type]", "text"),
                    ("post[state]", "0"),
                    ("post[one]", "Hello"),
                    ("post[two]", body),
                    ("allow_photo_replies", "1"),
                ],
            )
            .await["post"]
            .clone();
        let id = post["id"].as_i64().unwrap().to_string();
        let key = post["reblog_key"].as_str().unwrap().to_owned();
        let calls: [(&str, Vec<(&str, &str)>); 3] = [
            (
                "/fast_reblog",
                vec![("reblog_post_id", &id), ("reblog_key", &key)],
            ),
            ("/svc/reply", vec![("post_id", &id), ("reply_text", "Nice")]),
            (
                "/svc/ask",
                vec![("tumblelog", "ann"), ("question", "Why the sea?")],
            ),
        ];
        for (path, fields) in &calls {
            let answer = ben.post(path, fields).await;
            assert_eq!(answer.status, 200, "{setup:?} {path}: {}", answer.body);
        }
        let question =
            ann.get("/svc/post/inbox/after/0?blog=ann").await.response()["posts"][0]["id"]
                .as_i64()
                .unwrap()
                .to_string();
        let answered = ann
            .post(
                "/answer",
                &[("post_id", &question), ("answer_text", "Because.")],
            )
            .await;
        assert_eq!(answered.status, 200, "{setup:?}: {}", answered.body);
        let submitted = ben
            .post(
                "/svc/post/update",
                &[
                    ("channel_id", "ann"),
                    ("post[type]", "text"),
                    ("post[state]", "0 3"),
                    ("post[one]", "A story for you"),
                ],
            )
            .await;
        assert_eq!(submitted.status, 200, "{setup:?}: {}", submitted.body);
        // Last, a follow each way: had anything come twice, it would come before these.
        ben.post("/svc/follow", &[("tumblelog", "ann")]).await;
        ann.post("/svc/follow", &[("tumblelog", "ben")]).await;

        let anns = notification_kinds(&mut ann_ws, ann_seen, "follower").await;
        assert_eq!(
            anns,
            ["reblog", "reply", "ask", "submission", "follower"],
            "{setup:?}"
        );
        let bens = notification_kinds(&mut ben_ws, ben_seen, "follower").await;
        assert_eq!(bens, ["user_mention", "answer", "follower"], "{setup:?}");
        deployment.stop().await;
    }
}

/// The kinds of the notifications a socket gets until one of `last` (inclusive), checking
/// that their seqs follow each other from `seen`.
async fn notification_kinds(ws: &mut common::ws::Socket, mut seen: i64, last: &str) -> Vec<String> {
    let mut kinds = Vec::new();
    loop {
        let frame = ws.event().await;
        assert_eq!(frame.seq, seen + 1, "no gap, no repeat: {kinds:?}");
        seen = frame.seq;
        let Event::Notification(n) = frame.event else {
            panic!("expected a notification, got {:?}", frame.event);
        };
        kinds.push(n.r#type.clone());
        if n.r#type == last {
            return kinds;
        }
    }
}
