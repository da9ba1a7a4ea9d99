//! Activity and unread counts over sockets, on each setup: a follow arrives on the followed
//! blog's activity channel, and the owner's unread counts follow new messages and reads.

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
        deployment.stop().await;
    }
}
