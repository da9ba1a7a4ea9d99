//! The messaging store on SQLite and PostgreSQL: the same calls must give the same answers.
//! Sending into new and existing conversations, and the inbox's pages (what sends and reads
//! do to unread counts: `store_unread.rs`).

mod common;

use std::time::Duration;

use common::store::{Messaging, Sent, channels, each_store, send, sender, user_with_blog};
use dashwire::testing::blogs;
use dashwire::testing::messaging;
use dashwire::testing::messaging::send::{NewMessage, SendError, Sender, Target};

#[tokio::test]
async fn a_conversation_is_made_once_per_set_of_blogs_and_keeps_its_messages_in_order() {
    each_store(|store, kind| async move {
        let m = Messaging::on(&store);
        let (ann_user, ann) = user_with_blog(&store, "ann").await;
        let (bob_user, bob) = user_with_blog(&store, "bob").await;
        let (_, cat) = user_with_blog(&store, "cat").await;

        let first = send(&m, "ann", Target::Blogs(vec![ann, bob]), "hello").await;
        let id = first.message.conversation_id;
        let names: Vec<&str> = first.participants.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["ann", "bob"], "{kind:?}: participants by name");
        assert_eq!(
            (
                first.message.participant.as_str(),
                first.message.body.as_str()
            ),
            ("ann", "hello"),
            "{kind:?}"
        );
        assert_eq!(
            (
                first.conversation.last_modified_ms,
                first.conversation.last_read_ms
            ),
            (first.message.ts, first.message.ts),
            "{kind:?}: the sender has read what they sent"
        );
        assert_eq!(
            channels(&first.published),
            [
                format!("conversation:{id}"),
                "inbox:ann".into(),
                "inbox:bob".into(),
                format!("unread:{ann_user}"),
                format!("unread:{bob_user}"),
            ],
            "{kind:?}: the message, each blog's inbox, each user's counts"
        );

        // The same blogs in another order, and the conversation's id, reach the same one.
        let reply = send(&m, "bob", Target::Blogs(vec![bob, ann]), "hi ann").await;
        let again = send(&m, "ann", Target::Existing(id), "how are you?").await;
        assert_eq!(
            (reply.message.conversation_id, again.message.conversation_id),
            (id, id),
            "{kind:?}: one conversation per set of blogs"
        );
        assert_eq!(
            messaging::store::conversation_of_blogs(&store, &[bob, ann])
                .await
                .unwrap(),
            Some(id)
        );
        assert_eq!(
            messaging::store::conversation_of_blogs(&store, &[ann, cat])
                .await
                .unwrap(),
            None,
            "{kind:?}"
        );
        assert!(
            first.message.ts < reply.message.ts && reply.message.ts < again.message.ts,
            "{kind:?}: ts increase: {} {} {}",
            first.message.ts,
            reply.message.ts,
            again.message.ts
        );

        // Sends at once into one conversation still get distinct ts, in the order of their ids.
        let texts: Vec<String> = (0..8).map(|i| format!("at once {i}")).collect();
        futures_util::future::join_all(
            texts
                .iter()
                .map(|text| send(&m, "bob", Target::Existing(id), text)),
        )
        .await;
        let messages = messaging::store::messages(&store, id, None, 0, 50)
            .await
            .unwrap();
        assert_eq!(messages.len(), 11, "{kind:?}");
        assert!(
            messages.windows(2).all(|w| w[0].ts < w[1].ts),
            "{kind:?}: ts strictly increase in id order: {:?}",
            messages.iter().map(|m| (m.id, m.ts)).collect::<Vec<_>>()
        );
        let older = messaging::store::messages(&store, id, Some(messages[3].id), 0, 2)
            .await
            .unwrap();
        let older: Vec<&str> = older.iter().map(|m| m.body.as_str()).collect();
        assert_eq!(
            older,
            ["hi ann", "how are you?"],
            "{kind:?}: a page before a message, oldest first"
        );

        // Each blog sees its own read state; an outsider sees nothing.
        let as_ann = messaging::store::conversation_as(&store, id, ann)
            .await
            .unwrap()
            .unwrap();
        let as_bob = messaging::store::conversation_as(&store, id, bob)
            .await
            .unwrap()
            .unwrap();
        assert!(
            as_ann.last_read_ms < as_ann.last_modified_ms,
            "{kind:?}: bob wrote last"
        );
        assert_eq!(as_bob.last_read_ms, as_bob.last_modified_ms, "{kind:?}");
        assert!(
            messaging::store::conversation_as(&store, id, cat)
                .await
                .unwrap()
                .is_none(),
            "{kind:?}"
        );

        // Refused sends leave no trace: a blog that is not in the conversation, one that does
        // not exist, a blog that is not the user's, a sender that takes no messages itself, a message to no one.
        let attempt = |sender: Sender, target: Target| {
            m.sends.send(NewMessage {
                target,
                sender,
                body: "let me in".into(),
                r#type: "TEXT".into(),
            })
        };
        let outsider = attempt(sender(&store, "cat").await, Target::Existing(id)).await;
        assert!(
            matches!(outsider, Err(SendError::NotParticipant)),
            "{kind:?}: {outsider:?}"
        );
        let nowhere = attempt(sender(&store, "ann").await, Target::Existing(id + 1000)).await;
        assert!(
            matches!(nowhere, Err(SendError::NotParticipant)),
            "{kind:?}: a conversation that does not exist: {nowhere:?}"
        );
        let not_hers = Sender {
            user_id: ann_user,
            blog: "bob".into(),
        };
        let refused = attempt(not_hers, Target::Existing(id)).await;
        assert!(
            matches!(refused, Err(SendError::NotYourBlog)),
            "{kind:?}: {refused:?}"
        );
        let alone = attempt(sender(&store, "ann").await, Target::Blogs(vec![ann])).await;
        assert!(
            matches!(alone, Err(SendError::NoRecipient)),
            "{kind:?}: {alone:?}"
        );
        blogs::store::set_blog_can_message(&store, ann, false)
            .await
            .unwrap();
        let silent = attempt(sender(&store, "ann").await, Target::Existing(id)).await;
        assert!(
            matches!(silent, Err(SendError::SenderCannotMessage)),
            "{kind:?}: {silent:?}"
        );
        blogs::store::set_blog_can_message(&store, ann, true)
            .await
            .unwrap();
        assert_eq!(
            messaging::store::messages(&store, id, None, 0, 50)
                .await
                .unwrap()
                .len(),
            11,
            "{kind:?}"
        );
        let unchanged = messaging::store::conversation_as(&store, id, bob)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            unchanged.last_modified_ms, as_bob.last_modified_ms,
            "{kind:?}: the refused send was rolled back"
        );
    })
    .await;
}

#[tokio::test]
async fn the_inbox_pages_newest_first_with_participants_and_last_messages_in_one_query_each() {
    each_store(|store, kind| async move {
        let m = Messaging::on(&store);
        let (_, ann) = user_with_blog(&store, "ann").await;
        let (_, bob) = user_with_blog(&store, "bob").await;
        let (_, cat) = user_with_blog(&store, "cat").await;
        // Each send in its own millisecond: conversations modified in the same one are
        // ordered by id instead, and this test is about the order of activity.
        let mut conversation_ids = Vec::new();
        for (from, target, text) in [
            ("ann", Target::Blogs(vec![ann, bob]), "to bob"),
            ("ann", Target::Blogs(vec![cat]), "to cat"),
            ("ann", Target::Blogs(vec![ann, bob, cat]), "to both"),
        ] {
            let sent = send(&m, from, target, text).await;
            conversation_ids.push(sent.message.conversation_id);
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let [with_bob, with_cat, group] = conversation_ids[..] else {
            unreachable!("three conversations")
        };
        // bob's reply moves the oldest conversation to the top.
        send(&m, "bob", Target::Existing(with_bob), "from bob").await;

        let first = messaging::store::conversations_of(&store, ann, None, 2)
            .await
            .unwrap();
        let ids: Vec<i64> = first.iter().map(|c| c.id).collect();
        assert_eq!(ids, [with_bob, group], "{kind:?}: newest activity first");
        let last = &first[1];
        let cursor = Some((last.last_modified_ms, last.id));
        let second = messaging::store::conversations_of(&store, ann, cursor, 2)
            .await
            .unwrap();
        let ids: Vec<i64> = second.iter().map(|c| c.id).collect();
        assert_eq!(
            ids,
            [with_cat],
            "{kind:?}: the next page starts after the cursor"
        );
        let last = &second[0];
        let cursor = Some((last.last_modified_ms, last.id));
        assert!(
            messaging::store::conversations_of(&store, ann, cursor, 2)
                .await
                .unwrap()
                .is_empty(),
            "{kind:?}: no third page"
        );
        assert_eq!(
            messaging::store::conversations_of(&store, cat, None, 20)
                .await
                .unwrap()
                .len(),
            2,
            "{kind:?}: cat's own inbox"
        );

        let ids = [with_bob, with_cat, group];
        let mut participants: Vec<(i64, String)> =
            messaging::store::participants_of_many(&store, &ids)
                .await
                .unwrap()
                .into_iter()
                .map(|entry| (entry.conversation_id, entry.participant.name))
                .collect();
        participants.sort();
        let mut expected: Vec<(i64, String)> = [
            (with_bob, "ann"),
            (with_bob, "bob"),
            (with_cat, "ann"),
            (with_cat, "cat"),
            (group, "ann"),
            (group, "bob"),
            (group, "cat"),
        ]
        .into_iter()
        .map(|(id, name)| (id, name.to_owned()))
        .collect();
        expected.sort();
        assert_eq!(participants, expected, "{kind:?}");

        let mut last_messages: Vec<(i64, String)> = messaging::store::last_messages(&store, &ids)
            .await
            .unwrap()
            .into_iter()
            .map(|m| (m.conversation_id, m.body))
            .collect();
        last_messages.sort();
        let mut expected: Vec<(i64, String)> = [
            (with_bob, "from bob"),
            (with_cat, "to cat"),
            (group, "to both"),
        ]
        .into_iter()
        .map(|(id, body)| (id, body.to_owned()))
        .collect();
        expected.sort();
        assert_eq!(last_messages, expected, "{kind:?}: each one's newest");

        assert!(
            messaging::store::participants_of_many(&store, &[])
                .await
                .unwrap()
                .is_empty(),
            "{kind:?}"
        );
        assert!(
            messaging::store::last_messages(&store, &[])
                .await
                .unwrap()
                .is_empty(),
            "{kind:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn sends_at_once_each_get_their_own_answer_and_a_refused_or_failed_one_leaves_no_trace() {
    each_store(|store, kind| async move {
        let m = Messaging::on(&store);
        let (_, ann) = user_with_blog(&store, "ann").await;
        let (_, bob) = user_with_blog(&store, "bob").await;
        let (_, cat) = user_with_blog(&store, "cat").await;
        let (_, dan) = user_with_blog(&store, "dan").await;
        let started = |sent: Sent| sent.message.conversation_id;
        let ann_bob = started(send(&m, "ann", Target::Blogs(vec![ann, bob]), "first").await);
        let cat_dan = started(send(&m, "cat", Target::Blogs(vec![cat, dan]), "first").await);
        let ann_dan = started(send(&m, "ann", Target::Blogs(vec![ann, dan]), "first").await);
        let ann_user = blogs::store::blog_ref(&store, "ann")
            .await
            .unwrap()
            .unwrap()
            .user_id;
        dashwire::testing::blocks::store::block(&store, dan, ann, ann_user)
            .await
            .unwrap();

        // All queued before any is answered: on PostgreSQL they share batches
        // (`messaging/send/batch.rs`), on SQLite the writer thread's transactions.
        let plan: Vec<(&str, i64, String)> = (0..40)
            .map(|i| match i % 4 {
                0 => ("ann", ann_bob, format!("ann {i}")),
                1 => ("cat", cat_dan, format!("cat {i}")),
                2 => ("ann", ann_dan, format!("blocked {i}")),
                _ => ("bob", ann_bob, format!("bob {i}")),
            })
            .chain([
                ("bob", ann_bob + cat_dan + ann_dan, "nowhere".to_owned()),
                ("cat", cat_dan, "a NUL \0 PostgreSQL cannot keep".to_owned()),
            ])
            .collect();
        m.heard.take();
        let mut tasks = Vec::new();
        for (from, conversation, body) in plan.clone() {
            let sends = m.sends.clone();
            let sender = sender(&store, from).await;
            tasks.push(tokio::spawn(async move {
                sends
                    .send(NewMessage {
                        target: Target::Existing(conversation),
                        sender,
                        body,
                        r#type: "TEXT".into(),
                    })
                    .await
            }));
        }
        let mut answers = Vec::new();
        for task in tasks {
            answers.push(task.await.unwrap());
        }

        // SQLite keeps a NUL in text; PostgreSQL refuses it, failing that send's statement
        // (the HTTP layer refuses it before either, extract.rs).
        let nul_kept = matches!(kind, common::Kind::Sqlite);
        let mut sent = Vec::new();
        for ((_, conversation, body), answer) in plan.iter().zip(answers) {
            let word = body.split(' ').next().unwrap();
            let kept = matches!(word, "ann" | "bob" | "cat") || (word == "a" && nul_kept);
            match (word, answer) {
                ("blocked", Err(SendError::Blocked))
                | ("nowhere", Err(SendError::NotParticipant)) => {}
                ("a", Err(SendError::Db(_))) if !nul_kept => {}
                (_, Ok(s)) if kept => {
                    assert_eq!(
                        (s.message.conversation_id, s.message.body.as_str()),
                        (*conversation, body.as_str()),
                        "{kind:?}: each caller has its own message"
                    );
                    sent.push(s);
                }
                (_, other) => panic!("{kind:?}: {body:?} answered {other:?}"),
            }
        }
        assert_eq!(sent.len(), 30 + usize::from(nul_kept), "{kind:?}");
        // What every send published, each as it committed.
        let published = m.heard.events();
        for (conversation, expected) in [(ann_bob, 21), (cat_dan, 11), (ann_dan, 1)] {
            let expected = if conversation == cat_dan && nul_kept {
                expected + 1
            } else {
                expected
            };
            let messages = messaging::store::messages(&store, conversation, None, 0, 100)
                .await
                .unwrap();
            assert_eq!(
                messages.len(),
                expected,
                "{kind:?}: conversation {conversation}"
            );
            assert!(
                messages.windows(2).all(|m| m[0].ts < m[1].ts),
                "{kind:?}: ts increase with the messages: {messages:?}"
            );
            // Each answer shows the participants as they were at that send, even when sends
            // before it shared its batch: its sender has read its own message, and another
            // participant that sent before has read up to its own last one.
            for s in sent
                .iter()
                .filter(|s| s.message.conversation_id == conversation)
            {
                for p in &s.participants {
                    let read_up_to = if p.name == s.message.participant {
                        Some(s.message.ts)
                    } else {
                        messages
                            .iter()
                            .filter(|m| m.participant == p.name && m.ts < s.message.ts)
                            .map(|m| m.ts)
                            .max()
                    };
                    if let Some(ts) = read_up_to {
                        assert_eq!(
                            p.last_read_ms, ts,
                            "{kind:?}: {} as {:?} saw it",
                            p.name, s.message.body
                        );
                    }
                }
            }
            // The conversation channel's events: one per message sent now, after the first's,
            // each seq once.
            let topic = format!("conversation:{conversation}");
            let mut seqs: Vec<i64> = published
                .iter()
                .filter(|p| p.topic.to_string() == topic)
                .map(|p| p.seq)
                .collect();
            seqs.sort_unstable();
            assert_eq!(
                seqs,
                (2..=expected as i64).collect::<Vec<_>>(),
                "{kind:?}: {topic}"
            );
        }
    })
    .await;
}
