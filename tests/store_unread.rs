//! A user's unread counts on SQLite and PostgreSQL: what sends and reads do to them, and
//! what two changes at once record of them (PostgreSQL, where two nodes' transactions may):
//! the log's newest `unread` event for the user must count both.

mod common;

use std::time::Duration;

use common::store::{Heard, Messaging, channels, each_store, send, sender, user_with_blog};
use dashwire::testing::blogs;
use dashwire::testing::follows;
use dashwire::testing::messaging;
use dashwire::testing::messaging::send::{Batching, NewMessage, Sender, Sends, Target};
use dashwire::testing::realtime::CurrentState;
use dashwire::testing::store::Store;
use dashwire::testing::unread;

#[tokio::test]
async fn reading_clears_unread_and_reports_only_a_change() {
    each_store(|store, kind| async move {
        let m = Messaging::on(&store);
        let (ann_user, ann) = user_with_blog(&store, "ann").await;
        let (bob_user, bob) = user_with_blog(&store, "bob").await;
        let (cat_user, cat) = user_with_blog(&store, "cat").await;
        let id = send(&m, "ann", Target::Blogs(vec![ann, bob]), "hello")
            .await
            .message
            .conversation_id;
        assert_eq!(unread_conversations(&store, bob_user).await, 1, "{kind:?}");
        assert_eq!(unread_conversations(&store, ann_user).await, 0, "{kind:?}");

        m.heard.take();
        let nothing_new = messaging::store::mark_read(&store, id, ann).await.unwrap();
        assert!(
            !nothing_new && m.heard.events().is_empty(),
            "{kind:?}: the sender had read it"
        );
        assert!(messaging::store::mark_read(&store, id, bob).await.unwrap());
        assert_eq!(
            channels(&m.heard.events()),
            [
                format!("conversation:{id}"),
                "inbox:ann".into(),
                "inbox:bob".into(),
                format!("unread:{ann_user}"),
                format!("unread:{bob_user}"),
            ],
            "{kind:?}: the read, each blog's inbox, each user's counts"
        );
        let as_bob = messaging::store::conversation_as(&store, id, bob)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(as_bob.last_read_ms, as_bob.last_modified_ms, "{kind:?}");
        assert_eq!(unread_conversations(&store, bob_user).await, 0, "{kind:?}");
        assert!(
            !messaging::store::mark_read(&store, id, bob).await.unwrap(),
            "{kind:?}: reading again changes nothing"
        );
        assert!(
            !messaging::store::mark_read(&store, id, cat).await.unwrap(),
            "{kind:?}: an outsider has nothing to read"
        );
        assert!(m.heard.events().is_empty(), "{kind:?}: nothing published");

        // Counts are per blog, in the user's blog order, with unread activity beside them.
        let bob_two = blogs::store::create_blog(&store, bob_user, "bob-two", "Two")
            .await
            .unwrap();
        send(&m, "ann", Target::Blogs(vec![ann, bob_two]), "to two").await;
        follows::store::follow(&store, cat_user, cat, bob)
            .await
            .unwrap();
        let counts = unread::unread_counts(&store, bob_user).await.unwrap();
        let blogs: Vec<(&str, i64, i64)> = counts
            .blogs
            .iter()
            .map(|b| (b.blog.as_str(), b.messaging, b.activity))
            .collect();
        assert_eq!(
            blogs,
            [("bob", 0, 1), ("bob-two", 1, 0)],
            "{kind:?}: (blog, messaging, activity)"
        );
        assert_eq!(counts.messaging, 1, "{kind:?}: the sum over the blogs");
    })
    .await;
}

/// How many conversations of all the user's blogs are unread.
async fn unread_conversations(store: &Store, user_id: i64) -> i64 {
    unread::unread_counts(store, user_id)
        .await
        .unwrap()
        .messaging
}

/// On PostgreSQL two transactions can change one user's counts at once (two nodes' batches of
/// sends, two lone sends, a read beside a send): the `unread` event each records must count
/// what the other committed before it, so that the log's newest one is the user's counts.
/// Each case is held at the user's `unread` row until both have written, so that without that
/// order each would count only its own change. (SQLite's writes never overlap.)
#[tokio::test]
async fn changes_at_once_to_one_user_record_counts_that_include_each_other() {
    let db = common::TestDb::new(common::Kind::Postgres).await;
    let store = Store::connect(&db.url, 8).await.unwrap();
    let (_, ann) = user_with_blog(&store, "ann").await;
    let (_, bob) = user_with_blog(&store, "bob").await;
    let (cat_user, cat) = user_with_blog(&store, "cat").await;
    let heard = Heard::on(&store);
    let (from_ann, from_bob) = (sender(&store, "ann").await, sender(&store, "bob").await);
    let message = |sender: &Sender, target: Target| NewMessage {
        target,
        sender: sender.clone(),
        body: "hello".to_owned(),
        r#type: "TEXT".to_owned(),
    };
    // The conversations exist, so that no change below makes a row the other waits for.
    let setup = Sends::start(&store, Batching::Off);
    let mut conversations = Vec::new();
    for (from, to) in [(&from_ann, ann), (&from_bob, bob)] {
        let sent = setup.send(message(from, Target::Blogs(vec![to, cat])));
        conversations.push(sent.await.unwrap().message.conversation_id);
    }
    let (with_ann, with_bob) = (conversations[0], conversations[1]);
    let read_all = async || {
        for id in [with_ann, with_bob] {
            messaging::store::mark_read(&store, id, cat).await.unwrap();
        }
    };

    // Two nodes' sends, each with its own batches; then sends that each run alone.
    for batching in [Batching::On, Batching::Off] {
        read_all().await;
        let (one, other) = (
            Sends::start(&store, batching),
            Sends::start(&store, batching),
        );
        let to_ann = message(&from_ann, Target::Existing(with_ann));
        let to_bob = message(&from_bob, Target::Existing(with_bob));
        heard.take();
        held_at_unread_row(&store, cat_user, async move {
            let (a, b) = tokio::join!(one.send(to_ann), other.send(to_bob));
            a.unwrap();
            b.unwrap();
        })
        .await;
        let counts = assert_newest_counts(&store, &heard, cat_user, &format!("{batching:?}")).await;
        assert_eq!(counts.messaging, 2, "{batching:?}: both conversations");
    }

    // Cat reads one conversation as a message comes in the other.
    read_all().await;
    let sends = Sends::start(&store, Batching::On);
    setup
        .send(message(&from_ann, Target::Existing(with_ann)))
        .await
        .unwrap();
    let to_bob = message(&from_bob, Target::Existing(with_bob));
    heard.take();
    let reading = store.clone();
    held_at_unread_row(&store, cat_user, async move {
        let (read, sent) = tokio::join!(
            messaging::store::mark_read(&reading, with_ann, cat),
            sends.send(to_bob)
        );
        assert!(read.unwrap());
        sent.unwrap();
    })
    .await;
    let counts = assert_newest_counts(&store, &heard, cat_user, "a read beside a send").await;
    assert_eq!(counts.messaging, 1, "the conversation not read");
    store.close().await;
    db.cleanup().await;
}

/// Runs `changes` (two transactions) while a transaction of its own holds `user`'s `unread`
/// row, and lets the row go once both wait on a row lock: one on that row, or both on it, or
/// one on a row the other holds.
async fn held_at_unread_row(
    store: &Store,
    user: i64,
    changes: impl Future<Output = ()> + Send + 'static,
) {
    let dashwire::testing::store::DbPool::Postgres(pool) = store.pool() else {
        unreachable!("a PostgreSQL store")
    };
    let mut holder = pool.begin().await.unwrap();
    sqlx::query("SELECT 1 FROM channel_seqs WHERE channel = $1 FOR UPDATE")
        .bind(format!("unread:{user}"))
        .fetch_one(&mut *holder)
        .await
        .unwrap();
    let changing = tokio::spawn(changes);
    const WAITING: &str = "SELECT count(*) FROM pg_stat_activity \
         WHERE datname = current_database() AND wait_event_type = 'Lock'";
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (count,): (i64,) = sqlx::query_as(WAITING).fetch_one(pool).await.unwrap();
        if count == 2 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{count} waiting, not 2"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    holder.commit().await.unwrap();
    tokio::time::timeout(Duration::from_secs(20), changing)
        .await
        .expect("the changes go on once the row is free")
        .unwrap();
}

/// Asserts that what a replay on `unread` sends `user` (the log keeps no row of it), and the
/// newest event published since `heard` was last taken, are the user's counts; answers those.
async fn assert_newest_counts(
    store: &Store,
    heard: &Heard,
    user: i64,
    case: &str,
) -> dashwire_protocol::UnreadCounts {
    use dashwire_protocol::Event;
    let counts = unread::unread_counts(store, user).await.unwrap();
    let channel = format!("unread:{user}");
    let newest = |events: Vec<(i64, Event)>| {
        events
            .into_iter()
            .max_by_key(|(seq, _)| *seq)
            .map(|(_, event)| event)
    };
    let replayed = unread::UnreadChannel {
        store: store.clone(),
    }
    .read(std::slice::from_ref(&channel))
    .await
    .unwrap();
    let latest = store.channel_state(&channel).await.unwrap().seq;
    assert_eq!(
        replayed,
        [Some((latest, Event::Unread(counts.clone())))],
        "{case}: what a replay sends, at the channel's latest seq"
    );
    let published = heard
        .events()
        .into_iter()
        .filter(|e| e.topic.to_string() == channel)
        .map(|e| (e.seq, e.event));
    assert_eq!(
        newest(published.collect()),
        Some(Event::Unread(counts.clone())),
        "{case}: the newest counts published"
    );
    counts
}
