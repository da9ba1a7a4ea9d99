//! The feed on SQLite and PostgreSQL: post events take consecutive feed positions in the
//! transaction that records them, other events none; the log reads them back by position,
//! for one node (all of them) and for one dashboard (its blogs' only).

mod common;

use common::store::each_store;
use dashwire::testing::accounts;
use dashwire::testing::blogs;
use dashwire::testing::feed;
use dashwire::testing::feed::posts_topic;
use dashwire::testing::follows;
use dashwire::testing::store::Store;
use dashwire::testing::store::{Published, Topic, log};
use dashwire_protocol::{Channel, Event, PostAction, PostChange, UnreadCounts};

fn post(blog: &str, id: i64) -> (Topic, Event) {
    let change = PostChange {
        blog: blog.into(),
        id,
        action: PostAction::Created,
    };
    (posts_topic(blog.into()), Event::Post(change))
}

fn unread(user: i64) -> (Topic, Event) {
    let counts = UnreadCounts {
        messaging: 0,
        blogs: Vec::new(),
    };
    (
        Topic::personal(Channel::Unread, user),
        Event::Unread(counts),
    )
}

async fn record(store: &Store, events: Vec<(Topic, Event)>) -> Vec<Published> {
    let mut tx = store.begin().await.unwrap();
    let published = tx.record(events).await.unwrap().to_vec();
    tx.commit().await.unwrap();
    published
}

fn positions(published: &[Published]) -> Vec<(String, i64, Option<i64>)> {
    published
        .iter()
        .map(|p| (p.topic.to_string(), p.seq, p.feed_seq))
        .collect()
}

#[tokio::test]
async fn post_events_take_consecutive_feed_positions_and_read_back_by_them() {
    each_store(|store, kind| async move {
        let first = record(&store, vec![unread(1), post("ann", 10)]).await;
        assert_eq!(
            positions(&first),
            [
                ("unread:1".into(), 1, None),
                ("posts:ann".into(), 1, Some(1))
            ],
            "{kind:?}: only the post event is in the feed"
        );
        let second = record(&store, vec![post("cid", 11), post("bob", 12)]).await;
        assert_eq!(
            positions(&second),
            [
                ("posts:bob".into(), 1, Some(2)),
                ("posts:cid".into(), 1, Some(3))
            ],
            "{kind:?}: one transaction, consecutive positions"
        );
        record(&store, vec![post("ann", 13)]).await;
        assert_eq!(store.channel_state(log::FEED).await.unwrap().seq, 4);

        let all = store.feed_events_between(1, 4, 10).await.unwrap();
        let read: Vec<(&str, i64, i64)> = all
            .iter()
            .map(|(key, seq, feed_seq, _)| (key.as_str(), *seq, *feed_seq))
            .collect();
        assert_eq!(
            read,
            [
                ("posts:bob", 1, 2),
                ("posts:cid", 1, 3),
                ("posts:ann", 2, 4)
            ],
            "{kind:?}"
        );
        let anns: Vec<std::sync::Arc<str>> = vec!["posts:ann".into(), "posts:bob".into()];
        let mine: Vec<i64> = store
            .feed_events_of(&anns, 0, 4, 10)
            .await
            .unwrap()
            .into_iter()
            .map(|(feed_seq, _)| feed_seq)
            .collect();
        assert_eq!(mine, [1, 2, 4], "{kind:?}: ann's and bob's, not cid's");
        let limited = store.feed_events_of(&anns, 1, 4, 1).await.unwrap();
        assert_eq!(limited.len(), 1, "{kind:?}: at most the limit");
    })
    .await;
}

#[tokio::test]
async fn a_topics_several_events_in_one_record_take_its_seqs_in_the_order_given() {
    each_store(|store, kind| async move {
        record(&store, vec![unread(7)]).await;
        let events = vec![
            post("ann", 1),
            unread(7),
            post("ann", 2),
            unread(7),
            post("bob", 3),
        ];
        let published = record(&store, events).await;
        assert_eq!(
            positions(&published),
            [
                ("unread:7".into(), 2, None),
                ("unread:7".into(), 3, None),
                ("posts:ann".into(), 1, Some(1)),
                ("posts:ann".into(), 2, Some(2)),
                ("posts:bob".into(), 1, Some(3)),
            ],
            "{kind:?}: in topic order; each topic's events in the order given, after what it had"
        );
        let ids: Vec<i64> = store
            .events_between("posts:ann", 0, 2, 10)
            .await
            .unwrap()
            .into_iter()
            .map(|(seq, event)| match event {
                Event::Post(change) => seq * 100 + change.id,
                other => panic!("{kind:?}: not a post event: {other:?}"),
            })
            .collect();
        assert_eq!(
            ids,
            [101, 202],
            "{kind:?}: the log keeps them at those seqs"
        );
        assert_eq!(store.channel_state("unread:7").await.unwrap().seq, 3);
    })
    .await;
}

#[tokio::test]
async fn concurrent_transactions_take_distinct_feed_positions_with_no_holes() {
    each_store(|store, kind| async move {
        let tasks: Vec<_> = (0..16)
            .map(|i| {
                let store = store.clone();
                tokio::spawn(async move {
                    record(&store, vec![post(&format!("b{}", i % 4), i)]).await[0]
                        .feed_seq
                        .unwrap()
                })
            })
            .collect();
        let mut taken = Vec::new();
        for task in tasks {
            taken.push(task.await.unwrap());
        }
        taken.sort_unstable();
        assert_eq!(taken, (1..=16).collect::<Vec<i64>>(), "{kind:?}");
    })
    .await;
}

#[tokio::test]
async fn a_dashboard_reads_its_users_blogs_and_those_they_follow() {
    each_store(|store, kind| async move {
        let ann =
            accounts::store::create_user_with_blog(&store, "ann@example.com", "hash", "ann", "ann")
                .await
                .unwrap();
        blogs::store::create_blog(&store, ann, "ann-art", "Art")
            .await
            .unwrap();
        let bob =
            accounts::store::create_user_with_blog(&store, "bob@example.com", "hash", "bob", "bob")
                .await
                .unwrap();
        accounts::store::create_user_with_blog(&store, "cid@example.com", "hash", "cid", "cid")
            .await
            .unwrap();
        let ann_blog = blogs::store::blogs_of_user(&store, ann).await.unwrap()[0].id;
        let bob_blog = blogs::store::blogs_of_user(&store, bob).await.unwrap()[0].id;
        follows::store::follow(&store, ann, ann_blog, bob_blog)
            .await
            .unwrap();
        let mut blogs = feed::dashboard_blogs(&store, ann).await.unwrap();
        blogs.sort();
        assert_eq!(blogs, ["ann", "ann-art", "bob"], "{kind:?}");
    })
    .await;
}
