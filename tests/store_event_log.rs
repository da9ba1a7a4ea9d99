//! The event log's bounds on SQLite and PostgreSQL (`store/prune.rs`): events go after a week
//! and beyond each channel's newest 1,000 (outside the feed), each channel's (and the feed's)
//! `pruned_through` says how far, and a prune works in small steps that let sends through
//! while it runs, even on the channels those sends write.

mod common;

use std::time::Duration;

use common::store::{each_store, user_with_blog};
use dashwire::messaging::send::{Batching, NewMessage, Sender, Sends, Target};
use dashwire::store::{EVENT_RETENTION_SECS, EVENTS_KEPT_PER_CHANNEL, Store, now_secs};

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
    dashwire::with_writer!(store, pool => sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()))
        .execute(pool).await.map(|_| ()))
    .unwrap();
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

        let removed = store.prune_events().await.unwrap();
        assert_eq!(removed, 500 + 300 + 10, "{kind:?}");

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sends_go_on_while_a_backlog_is_pruned() {
    each_store(|store, kind| async move {
        let (ann_user, _) = user_with_blog(&store, "ann").await;
        let (_, ben_blog) = user_with_blog(&store, "ben").await;
        let sends = Sends::start(&store, Batching::On);
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
        let conversation = first.message.conversation_id;
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
            sends
                .send(NewMessage {
                    target: Target::Existing(conversation),
                    sender: ann.clone(),
                    body: format!("m{sent}"),
                    r#type: "TEXT".into(),
                })
                .await
                .unwrap();
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
        sends.stop().await;
        tokio::time::sleep(Duration::from_millis(10)).await;
    })
    .await;
}
