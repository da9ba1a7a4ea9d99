//! Live chat over sockets, on each setup: a message reaches the conversation's sockets and
//! the recipient's inbox channel, the sender's other tabs see it, and polling over HTTP
//! answers the same messages.

mod common;

use std::time::Instant;

use common::client::pair;
use common::deployment::{Deployment, SETUPS};
use common::ws::{cookie_socket, message_text, socket_on};
use dashwire_protocol::Event;

#[tokio::test]
async fn two_users_chat_live_and_polling_returns_the_same() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let id = ann.start_conversation("ann", "ben").await;

        // ben's socket authenticates with the session cookie, as a browser's does.
        let mut ben_ws = cookie_socket(&sockets, &ben).await;
        let (_, inbox_seq) = ben_ws.subscribe("inbox:ben", None).await;
        assert!(
            inbox_seq >= 1,
            "{setup:?}: the first message already made an inbox event"
        );
        ben_ws.subscribe(&format!("conversation:{id}"), None).await;
        let mut ann_ws = socket_on(&sockets, &ann).await;
        ann_ws.subscribe(&format!("conversation:{id}"), None).await;
        ann_ws.subscribe("unread", None).await;

        let sent_at = Instant::now();
        ann.send_to("ann", "ben", "are you there?").await;
        // The conversation event and the message event may come in either order.
        let mut got_message = false;
        let mut got_inbox = false;
        while !(got_message && got_inbox) {
            let event = ben_ws.event().await;
            match &event.event {
                Event::Message(m) => {
                    assert_eq!(event.channel, format!("conversation:{id}"), "{setup:?}");
                    assert_eq!(
                        (m.message.as_str(), m.participant.as_str()),
                        ("are you there?", "ann"),
                        "{setup:?}"
                    );
                    got_message = true;
                }
                Event::Conversation(c) => {
                    assert_eq!(event.channel, "inbox:ben", "{setup:?}");
                    assert_eq!(event.seq, inbox_seq + 1, "{setup:?}: the inbox's next seq");
                    assert!(c.unread, "{setup:?}: unread for ben");
                    assert_eq!(
                        c.last_message.as_ref().unwrap().message,
                        "are you there?",
                        "{setup:?}"
                    );
                    got_inbox = true;
                }
                other => panic!("{setup:?}: unexpected {other:?}"),
            }
        }
        println!(
            "{setup:?}: HTTP send to socket delivery took {:?}",
            sent_at.elapsed()
        );
        // The sender's other tabs see it too. Her unread counts are published by the same
        // send on another channel, and the protocol orders events only within a channel:
        // with two nodes the counts can come first. Her own send leaves nothing unread.
        loop {
            let event = ann_ws.event().await;
            match &event.event {
                Event::Unread(counts) => assert_eq!(
                    counts.messaging, 0,
                    "{setup:?}: the sender's own message is not unread for her"
                ),
                other => {
                    assert_eq!(
                        message_text(other),
                        "are you there?",
                        "{setup:?}: the sender's other tabs see it too"
                    );
                    break;
                }
            }
        }

        ben.send_to("ben", "ann", "yes!").await;
        // ann: her own unread event may come first (ben's reply makes it unread for her).
        loop {
            let event = ann_ws.event().await;
            match event.event {
                Event::Message(m) => {
                    assert_eq!(m.message, "yes!", "{setup:?}");
                    break;
                }
                Event::Unread(counts) => assert!(counts.messaging <= 1, "{setup:?}: {counts:?}"),
                other => panic!("{setup:?}: unexpected {other:?}"),
            }
        }

        // The polling endpoint answers the same messages.
        let polled = ann
            .get(&format!(
                "/svc/conversations/messages?conversation_id={id}&participant=ann.example"
            ))
            .await;
        let texts: Vec<&str> = polled.response()["messages"]["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["message"].as_str().unwrap())
            .collect();
        assert_eq!(texts, ["hello", "are you there?", "yes!"], "{setup:?}");
        let inbox = ben.get("/svc/conversations?participant=ben.example").await;
        assert_eq!(
            inbox.response()["conversations"][0]["id"],
            id,
            "{setup:?}: newest first"
        );
        deployment.stop().await;
    }
}

#[tokio::test]
async fn a_blog_that_deleted_a_conversation_hears_of_it_again_on_a_new_message_not_a_read() {
    for setup in SETUPS {
        let deployment = Deployment::start(setup).await;
        let (base, sockets) = (deployment.http(), deployment.sockets());
        let (ann, ben) = pair(&base, "ann", "ben").await;
        let id = ann.start_conversation("ann", "ben").await;
        ben.send_to("ben", "ann", "before the delete").await;
        let deleted = ben
            .post(
                "/svc/conversations/delete",
                &[("conversation_id", &id.to_string()), ("participant", "ben")],
            )
            .await;
        assert_eq!(deleted.status, 200, "{setup:?}: {}", deleted.body);

        let mut ben_ws = socket_on(&sockets, &ben).await;
        let (_, inbox_seq) = ben_ws.subscribe("inbox:ben", None).await;
        // Ann reads Ben's message: her inbox changes, Ben's (deleted) does not.
        let read = ann
            .get(&format!(
                "/svc/conversations/messages?conversation_id={id}&participant=ann.example"
            ))
            .await;
        assert_eq!(read.status, 200, "{setup:?}: {}", read.body);
        ann.send_to("ann", "ben", "after the delete").await;
        // The first inbox event Ben hears is the new message's, with the next seq.
        let event = ben_ws.event().await;
        assert_eq!(event.channel, "inbox:ben", "{setup:?}");
        assert_eq!(event.seq, inbox_seq + 1, "{setup:?}: nothing came between");
        match &event.event {
            Event::Conversation(c) => assert_eq!(
                c.last_message.as_ref().map(|m| m.message.as_str()),
                Some("after the delete"),
                "{setup:?}: the read did not put the conversation back"
            ),
            other => panic!("{setup:?}: unexpected {other:?}"),
        }
        deployment.stop().await;
    }
}
