//! The event log's bounds on SQLite and PostgreSQL (`store/prune.rs`): events go after a week
//! and beyond each channel's newest 1,000 (outside the feed), each channel's (and the feed's)
//! `pruned_through` says how far, and a prune works in small steps that let sends through
//! while it runs, even on the channels those sends write. And the log's compaction: an event
//! with a state key (an inbox's entry for a conversation, a read mark) takes the place of its
//! channel's earlier one of the same key, and the unread counts, read as they are now by a
//! replay, are not written at all.

mod common;

use std::time::Duration;

use common::store::{Heard, each_store, user_with_blog};
use common::{Kind, TestDb};
use dashwire::testing::messaging::send::{Batching, NewMessage, Sender, Sends, Target};
use dashwire::testing::store::{
    DbPool, EVENT_RETENTION_SECS, EVENTS_KEPT_PER_CHANNEL, Store, Topic, now_secs,
};
use dashwire_protocol::{Channel, ConversationSummary, Event, MessageData, ReadData, UnreadCounts};

/// Writes `count` events of `channel` with seqs `1..=count`, made `age` seconds ago, and the
/// channel's row; feed positions `first_feed..` when given. In one statement, as a backlog
/// that piled up would be.
async fn backlog(store: &Store, channel: &str, count: i64, age: i64, first_feed: Option<i64>) {
    let created = now_secs() - age;
    let feed = match first_feed {
        Some(first) => format!("{first} - 1 + i"),
        None => "NULL".into(),
    };
    let sql = format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count}) \
         INSERT INTO events (channel, seq, feed_seq, payload, created_at) \
         SELECT '{channel}', i, {feed}, '{{}}', {created} FROM n"
    );
    run(store, &sql).await;
    run(
        store,
        &format!("INSERT INTO channel_seqs (channel, seq) VALUES ('{channel}', {count})"),
    )
    .await;
}

async fn run(store: &Store, sql: &str) {
    let mut tx = store.begin().await.unwrap();
    dashwire::with_tx!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()))
        .execute(conn).await.map(|r| r.rows_affected()))
    .unwrap();
    tx.commit().await.unwrap();
}

/// What a statement that counts answers.
async fn count(store: &Store, sql: &'static str) -> i64 {
    dashwire::with_pool!(store, pool => sqlx::query_scalar(sql).fetch_one(pool).await).unwrap()
}

/// Ann and Ben, each with a blog, and the conversation Ann started with Ben.
struct Chat {
    sends: Sends,
    ann: Sender,
    ben_user: i64,
    conversation: i64,
}

impl Chat {
    async fn start(store: &Store) -> Chat {
        let (ann_user, _) = user_with_blog(store, "ann").await;
        let (ben_user, ben_blog) = user_with_blog(store, "ben").await;
        let sends = Sends::start(store, Batching::On);
        let ann = Sender {
            user_id: ann_user,
            blog: "ann".into(),
        };
        let first = sends
            .send(NewMessage {
                target: Target::Blogs(vec![ben_blog]),
                sender: ann.clone(),
                body: "hello".into(),
                r#type: "TEXT".into(),
            })
            .await
            .unwrap();
        Chat {
            sends,
            ann,
            ben_user,
            conversation: first.message.conversation_id,
        }
    }

    /// Ann sends `body` in the conversation.
    async fn send(&self, body: String) {
        self.sends
            .send(NewMessage {
                target: Target::Existing(self.conversation),
                sender: self.ann.clone(),
                body,
                r#type: "TEXT".into(),
            })
            .await
            .unwrap();
    }
}

async fn pruned_through(store: &Store, channel: &str) -> i64 {
    store.channel_state(channel).await.unwrap().pruned_through
}

async fn events_left(store: &Store, channel: &str) -> Vec<i64> {
    const SQL: &str = "SELECT seq FROM events WHERE channel = $1 ORDER BY seq";
    dashwire::with_pool!(store, pool => sqlx::query_scalar(SQL).bind(channel).fetch_all(pool).await)
        .unwrap()
}

#[tokio::test]
async fn the_log_keeps_a_week_and_each_channels_newest_thousand() {
    each_store(|store, kind| async move {
        let week = EVENT_RETENTION_SECS;
        // A busy conversation: 1,500 events this hour; only the newest 1,000 stay.
        backlog(&store, "conversation:1", 1500, 60, None).await;
        // A quiet inbox whose events are all older than a week.
        backlog(&store, "inbox:old", 300, week + 60, None).await;
        // A blog's posts, older than a week, in the feed at 1..=10.
        backlog(&store, "posts:5", 10, week + 60, Some(1)).await;
        run(
            &store,
            "INSERT INTO channel_seqs (channel, seq) VALUES ('feed', 10) \
             ON CONFLICT (channel) DO UPDATE SET seq = 10",
        )
        .await;
        // A user's unread counts, 5,000 seqs on: the log keeps no row of them.
        run(
            &store,
            "INSERT INTO channel_seqs (channel, seq) VALUES ('unread:9', 5000)",
        )
        .await;

        let removed = store.prune_events().await.unwrap();
        assert_eq!(removed, 500 + 300 + 10, "{kind:?}");
        assert_eq!(
            pruned_through(&store, "unread:9").await,
            0,
            "{kind:?}: a channel the log keeps no row of is passed over"
        );

        let busy = store.channel_state("conversation:1").await.unwrap();
        assert_eq!((busy.seq, busy.pruned_through), (1500, 500), "{kind:?}");
        let left = events_left(&store, "conversation:1").await;
        assert_eq!(left.len() as i64, EVENTS_KEPT_PER_CHANNEL, "{kind:?}");
        assert_eq!(left.first(), Some(&501), "{kind:?}");
        let quiet = store.channel_state("inbox:old").await.unwrap();
        assert_eq!((quiet.seq, quiet.pruned_through), (300, 300), "{kind:?}");
        assert!(
            events_left(&store, "inbox:old").await.is_empty(),
            "{kind:?}"
        );
        let feed = store.channel_state("feed").await.unwrap();
        assert_eq!(
            feed.pruned_through, 10,
            "{kind:?}: the feed's mark moves with its events"
        );

        // A channel far over its count is trimmed a step at a time, to its newest 1,000.
        backlog(&store, "notes:9", 2600, 60, None).await;
        // A blog's post events are the feed's too: they go by age only, whatever their count.
        backlog(&store, "posts:7", 1500, 60, Some(100)).await;
        let removed = store.prune_events().await.unwrap();
        assert_eq!(removed, 1600, "{kind:?}");
        let notes = store.channel_state("notes:9").await.unwrap();
        assert_eq!(notes.pruned_through, 1600, "{kind:?}");
        assert_eq!(
            events_left(&store, "notes:9").await.first(),
            Some(&1601),
            "{kind:?}"
        );
        assert_eq!(events_left(&store, "posts:7").await.len(), 1500, "{kind:?}");
        let feed = store.channel_state("feed").await.unwrap();
        assert_eq!(
            feed.pruned_through, 10,
            "{kind:?}: the feed keeps what it had"
        );

        // Nothing more to do: nothing goes, and no mark moves back.
        assert_eq!(store.prune_events().await.unwrap(), 0, "{kind:?}");
        let again = store.channel_state("conversation:1").await.unwrap();
        assert_eq!(again.pruned_through, 500, "{kind:?}");
    })
    .await;
}

/// A busy log interleaves its channels: the trim by count goes through it in the order it was
/// written, across channels, and takes from each channel only what lies under its mark.
#[tokio::test]
async fn a_trim_by_count_takes_each_channels_oldest_from_an_interleaved_log() {
    each_store(|store, kind| async move {
        // Over 40 minutes, a second apart, in turn: two busy conversations (1,500 events
        // each), a blog's posts (in the feed: by age only) and a quiet inbox (under its count,
        // one event in ten).
        let start = now_secs() - 3600;
        let sql = format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500), \
             k(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM k WHERE k < 3) \
             INSERT INTO events (channel, seq, feed_seq, payload, created_at) \
             SELECT CASE k WHEN 0 THEN 'conversation:1' WHEN 1 THEN 'conversation:2' \
                           WHEN 2 THEN 'posts:3' ELSE 'inbox:4' END, \
                    CASE k WHEN 3 THEN i / 10 ELSE i END, \
                    CASE k WHEN 2 THEN i END, '{{}}', {start} + (i * 4 + k) * 100 / 250 \
             FROM n CROSS JOIN k WHERE k < 3 OR i % 10 = 0 ORDER BY i, k"
        );
        run(&store, &sql).await;
        // And a slow one: its 500 events to trim were written over more than an hour, so it
        // is trimmed on its own.
        let slow = format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500) \
             INSERT INTO events (channel, seq, feed_seq, payload, created_at) \
             SELECT 'notes:5', i, NULL, '{{}}', {} + i * 8 FROM n",
            now_secs() - 4 * 3600
        );
        run(&store, &slow).await;
        run(
            &store,
            "INSERT INTO channel_seqs (channel, seq) VALUES ('conversation:1', 1500), \
             ('conversation:2', 1500), ('posts:3', 1500), ('inbox:4', 150), ('feed', 1500), \
             ('notes:5', 1500)",
        )
        .await;

        let removed = store.prune_events().await.unwrap();
        assert_eq!(removed, 3 * 500, "{kind:?}");
        for channel in ["conversation:1", "conversation:2", "notes:5"] {
            let left = events_left(&store, channel).await;
            assert_eq!(
                left,
                (501..=1500).collect::<Vec<_>>(),
                "{kind:?}: {channel}"
            );
            assert_eq!(
                store.channel_state(channel).await.unwrap().pruned_through,
                500
            );
        }
        assert_eq!(events_left(&store, "posts:3").await.len(), 1500, "{kind:?}");
        assert_eq!(events_left(&store, "inbox:4").await.len(), 150, "{kind:?}");
        assert_eq!(
            store.channel_state("inbox:4").await.unwrap().pruned_through,
            0
        );
    })
    .await;
}

/// On PostgreSQL a prune never waits for a channel's row that a send holds: it passes over
/// that channel, whose events stay under no new mark, and prunes the rest; a later prune takes
/// them. (On SQLite the write gate lets nothing hold a row while a prune writes.)
#[tokio::test]
async fn a_prune_passes_over_a_channel_whose_row_a_send_holds() {
    let db = TestDb::new(Kind::Postgres).await;
    let store = Store::connect(&db.url, 4).await.unwrap();
    let DbPool::Postgres(pool) = store.pool() else {
        unreachable!("a PostgreSQL store")
    };
    let old = EVENT_RETENTION_SECS + 60;
    backlog(&store, "conversation:1", 300, old, None).await;
    backlog(&store, "inbox:free", 300, old, None).await;
    // A blog's posts are the feed's too: with the feed's row held, they stay as well.
    backlog(&store, "posts:2", 300, old, Some(1)).await;
    run(
        &store,
        "INSERT INTO channel_seqs (channel, seq) VALUES ('feed', 300)",
    )
    .await;

    // A send's transaction holding the conversation's row and the feed's, as record does.
    let mut send = pool.begin().await.unwrap();
    sqlx::query(
        "SELECT seq FROM channel_seqs WHERE channel IN ('conversation:1', 'feed') FOR UPDATE",
    )
    .fetch_all(&mut *send)
    .await
    .unwrap();
    let removed = tokio::time::timeout(Duration::from_secs(20), store.prune_events())
        .await
        .expect("a prune never waits for a held row")
        .unwrap();
    assert_eq!(removed, 300, "only the free channel's events");
    assert!(events_left(&store, "inbox:free").await.is_empty());
    assert_eq!(events_left(&store, "conversation:1").await.len(), 300);
    assert_eq!(events_left(&store, "posts:2").await.len(), 300);
    send.rollback().await.unwrap();
    assert_eq!(pruned_through(&store, "conversation:1").await, 0);
    assert_eq!(pruned_through(&store, "feed").await, 0);

    assert_eq!(
        store.prune_events().await.unwrap(),
        600,
        "the rest, once the rows are free"
    );
    assert!(events_left(&store, "conversation:1").await.is_empty());
    assert!(events_left(&store, "posts:2").await.is_empty());
    assert_eq!(pruned_through(&store, "conversation:1").await, 300);
    assert_eq!(pruned_through(&store, "feed").await, 300);
    store.close().await;
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sends_go_on_while_a_backlog_is_pruned() {
    each_store(|store, kind| async move {
        let chat = Chat::start(&store).await;
        let conversation = chat.conversation;
        // 40,000 expired events over 100 channels: 80 steps. And the channels
        // the sends write have expired events too, so that the prune marks the rows they lock.
        for c in 0..100 {
            backlog(
                &store,
                &format!("inbox:gone{c}"),
                400,
                EVENT_RETENTION_SECS + 60,
                None,
            )
            .await;
        }
        let old = now_secs() - EVENT_RETENTION_SECS - 60;
        for channel in [
            format!("conversation:{conversation}"),
            "inbox:ann".into(),
            "inbox:ben".into(),
        ] {
            let sql = format!("UPDATE events SET created_at = {old} WHERE channel = '{channel}'");
            run(&store, &sql).await;
        }

        let pruning = tokio::spawn({
            let store = store.clone();
            async move { store.prune_events().await.unwrap() }
        });
        let mut while_pruning = 0;
        let mut sent = 0;
        while !pruning.is_finished() && sent < 2000 {
            chat.send(format!("m{sent}")).await;
            sent += 1;
            if !pruning.is_finished() {
                while_pruning += 1;
            }
        }
        let removed = pruning.await.unwrap();
        assert!(removed >= 40_000, "{kind:?}: {removed}");
        assert!(
            while_pruning >= 10,
            "{kind:?}: sends are answered between the prune's batches ({while_pruning} were)"
        );
        chat.sends.stop().await;
        tokio::time::sleep(Duration::from_millis(10)).await;
    })
    .await;
}

/// An inbox's entry for conversation `id`, modified at `ts`.
fn entry(id: i64, ts: i64) -> Event {
    Event::Conversation(ConversationSummary {
        id,
        blog: "ann".into(),
        last_modified_ts: ts,
        last_read_ts: 0,
        unread: true,
        participants: Vec::new(),
        last_message: None,
    })
}

fn message(id: i64) -> Event {
    Event::Message(MessageData {
        conversation_id: 1,
        id,
        ts: id,
        participant: "ann".into(),
        message: format!("m{id}"),
        r#type: "TEXT".into(),
    })
}

fn read(participant: &str, ts: i64) -> Event {
    Event::Read(ReadData {
        conversation_id: 1,
        participant: participant.into(),
        last_read_ts: ts,
    })
}

/// `(seq, event)` of a channel's whole log.
async fn replay(store: &Store, channel: &str) -> Vec<(i64, Event)> {
    store
        .events_between(channel, 0, i64::MAX, 1000)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_log_keeps_the_newest_event_of_each_state() {
    each_store(|store, kind| async move {
        let heard = Heard::on(&store);
        let inbox = || Topic::shared(Channel::Inbox("ann".into()));
        let conversation = || Topic::shared(Channel::Conversation(1));
        let unread = || Topic::personal(Channel::Unread, 7);
        let counts = |n| {
            Event::Unread(UnreadCounts {
                messaging: n,
                blogs: Vec::new(),
            })
        };
        // Three changes; the second's record holds two events of one state.
        let changes = vec![
            vec![
                (inbox(), entry(1, 10)),
                (inbox(), entry(2, 11)),
                (conversation(), message(1)),
                (conversation(), read("ann", 10)),
                (unread(), counts(1)),
            ],
            vec![
                (conversation(), message(2)),
                (conversation(), read("ben", 12)),
                (conversation(), read("ben", 13)),
                (inbox(), entry(1, 12)),
                (inbox(), entry(1, 13)),
                (unread(), counts(2)),
            ],
            vec![(conversation(), message(3)), (unread(), counts(0))],
        ];
        for events in changes {
            let mut tx = store.begin().await.unwrap();
            tx.record(events).await.unwrap();
            tx.commit().await.unwrap();
        }
        store.settle().await;

        // Every event took its seq and was published, superseded or not: 1, 2, … on each
        // channel, as live readers see them.
        let published = heard.events();
        let seqs = |key: &str| -> Vec<i64> {
            published
                .iter()
                .filter(|p| &*p.topic.key() == key)
                .map(|p| p.seq)
                .collect()
        };
        assert_eq!(seqs("inbox:ann"), [1, 2, 3, 4], "{kind:?}");
        assert_eq!(seqs("conversation:1"), [1, 2, 3, 4, 5, 6], "{kind:?}");
        assert_eq!(seqs("unread:7"), [1, 2, 3], "{kind:?}");

        // The log keeps the newest of each state, and every message.
        assert_eq!(
            replay(&store, "inbox:ann").await,
            [(2, entry(2, 11)), (4, entry(1, 13))],
            "{kind:?}: each conversation's newest entry, in seq order"
        );
        assert_eq!(
            replay(&store, "conversation:1").await,
            [
                (1, message(1)),
                (2, read("ann", 10)),
                (3, message(2)),
                (5, read("ben", 13)),
                (6, message(3)),
            ],
            "{kind:?}: messages all kept, each participant's newest read"
        );
        assert_eq!(
            replay(&store, "unread:7").await,
            [],
            "{kind:?}: no row of the unread counts, which a replay reads as they are now"
        );
        // A resume from before a superseded event gets what followed it, newest state only.
        assert_eq!(
            store.events_between("inbox:ann", 2, 4, 100).await.unwrap(),
            [(4, entry(1, 13))],
            "{kind:?}"
        );
        assert_eq!(
            store.channel_state("inbox:ann").await.unwrap().seq,
            4,
            "{kind:?}: the channel's seq counts every event"
        );

        // The same reads for many channels in one statement (a node's sockets resuming at
        // once), in the order asked, a channel never written to at 0.
        let asked = ["unread:7", "inbox:nobody", "conversation:1", "inbox:ann"];
        let states = store
            .channel_states(&asked.map(str::to_owned))
            .await
            .unwrap();
        let mut each = Vec::new();
        for channel in asked {
            each.push(store.channel_state(channel).await.unwrap());
        }
        assert_eq!(states, each, "{kind:?}");
        assert_eq!(
            states.iter().map(|s| s.seq).collect::<Vec<_>>(),
            [3, 0, 6, 4],
            "{kind:?}"
        );
        let asks = [
            ("conversation:1".to_owned(), 1, 6, 2),
            ("inbox:nobody".to_owned(), 0, 9, 10),
            ("inbox:ann".to_owned(), 0, 4, 10),
            ("conversation:1".to_owned(), 3, 6, 10),
        ];
        let mut each = Vec::new();
        for (channel, after, up_to, limit) in &asks {
            each.push(
                store
                    .events_between(channel, *after, *up_to, *limit)
                    .await
                    .unwrap(),
            );
        }
        assert_eq!(
            store.events_between_each(&asks).await.unwrap(),
            each,
            "{kind:?}: each channel's events, at most its limit, as read alone"
        );
        assert_eq!(each[0], [(2, read("ann", 10)), (3, message(2))], "{kind:?}");
    })
    .await;
}

#[tokio::test]
async fn a_chat_message_adds_one_event_row() {
    each_store(|store, kind| async move {
        let chat = Chat::start(&store).await;
        let conversation = chat.conversation;
        let (rows, states) = (
            "SELECT COUNT(*) FROM events",
            "SELECT COUNT(*) FROM event_states",
        );
        let before = count(&store, rows).await;
        let states_before = count(&store, states).await;
        for n in 0..20 {
            chat.send(format!("m{n}")).await;
        }
        assert_eq!(
            count(&store, rows).await - before,
            20,
            "{kind:?}: the messages' own events"
        );
        assert_eq!(
            count(&store, states).await,
            states_before,
            "{kind:?}: the inboxes' entries are overwritten in place"
        );
        // Each inbox holds one row: the conversation as it is now.
        for (channel, last) in [
            ("inbox:ann".to_owned(), "m19"),
            ("inbox:ben".to_owned(), "m19"),
        ] {
            let kept = replay(&store, &channel).await;
            assert_eq!(kept.len(), 1, "{kind:?}: {channel}");
            let Event::Conversation(summary) = &kept[0].1 else {
                panic!("{kind:?}: {channel}: {kept:?}");
            };
            assert_eq!(
                summary.last_message.as_ref().map(|m| m.message.as_str()),
                Some(last),
                "{kind:?}: {channel}"
            );
            assert_eq!(
                kept[0].0,
                store.channel_state(&channel).await.unwrap().seq,
                "{kind:?}: {channel}: the row is the newest event"
            );
        }
        for user in [chat.ann.user_id, chat.ben_user] {
            let kept = replay(&store, &format!("unread:{user}")).await;
            assert_eq!(kept, [], "{kind:?}: unread:{user}: read as it is now");
        }
        assert_eq!(
            replay(&store, &format!("conversation:{conversation}"))
                .await
                .len(),
            21,
            "{kind:?}"
        );
        chat.sends.stop().await;
    })
    .await;
}
