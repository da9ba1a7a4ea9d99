//! The posts store on SQLite and PostgreSQL: what is due is published exactly once however
//! many nodes claim it at the same moment, and the queue goes out one post per slot.

mod common;

use common::{BOTH, TestDb};
use dashwire::posts::model::{PostContent, PostSource, PostState, PostType};
use dashwire::posts::store::PostWrite;
use dashwire::store::{Store, now_secs};

fn text_post(blog_id: i64, state: PostState, publish_on: Option<i64>) -> PostWrite {
    PostWrite {
        blog_id,
        post_type: PostType::Text,
        state,
        publish_on,
        date: None,
        slug: String::new(),
        source_url: String::new(),
        editor_type: "rich".into(),
        allow_answers: false,
        allow_photo_replies: false,
        content: PostContent::Text {
            title: "t".into(),
            body: String::new(),
        },
        source: PostSource::default(),
        comment: String::new(),
        tags: vec!["a".into()],
        reblog: None,
    }
}

/// A database with one user and blog, and two stores on it (two nodes' pools).
async fn two_nodes(db: &TestDb) -> (Store, Store, i64) {
    let one = Store::connect(&db.url, 4).await.unwrap();
    let two = Store::connect(&db.url, 4).await.unwrap();
    let user = one
        .create_user_with_blog("a@example.com", "hash", "ann", "Ann")
        .await
        .unwrap();
    let blog = one.blogs_of_user(user).await.unwrap()[0].id;
    (one, two, blog)
}

#[tokio::test]
async fn a_due_post_is_published_once_however_many_nodes_claim_it() {
    for kind in BOTH {
        let db = TestDb::new(kind).await;
        let (one, two, blog) = two_nodes(&db).await;
        let now = now_secs();
        let mut due = Vec::new();
        for _ in 0..20 {
            due.push(
                one.create_post(&text_post(blog, PostState::Scheduled, Some(now - 1)))
                    .await
                    .unwrap(),
            );
        }
        let later = one
            .create_post(&text_post(blog, PostState::Scheduled, Some(now + 3600)))
            .await
            .unwrap();
        let (a, b) = tokio::join!(one.publish_due(now), two.publish_due(now));
        let mut published = a.unwrap();
        published.extend(b.unwrap());
        published.sort_unstable();
        assert_eq!(
            published, due,
            "{kind:?}: each due post once, none twice, none early"
        );
        assert_eq!(
            one.publish_due(now).await.unwrap(),
            Vec::<i64>::new(),
            "{kind:?}: nothing twice"
        );
        let row = one.post_row(later, None).await.unwrap().unwrap();
        assert_eq!(row.state(), PostState::Scheduled, "{kind:?}");
        assert_eq!(one.next_due().await.unwrap(), Some(now + 3600), "{kind:?}");
        one.close().await;
        two.close().await;
        db.cleanup().await;
    }
}

#[tokio::test]
async fn the_queue_publishes_one_post_a_slot_oldest_first() {
    for kind in BOTH {
        let db = TestDb::new(kind).await;
        let (one, two, blog) = two_nodes(&db).await;
        let first = one
            .create_post(&text_post(blog, PostState::Queued, None))
            .await
            .unwrap();
        let second = one
            .create_post(&text_post(blog, PostState::Queued, None))
            .await
            .unwrap();
        let now = now_secs();
        assert_eq!(
            one.publish_queues(now).await.unwrap(),
            Vec::<i64>::new(),
            "{kind:?}: its first slot is later"
        );
        // Both nodes at the first slot: one post goes out.
        let slot = one.next_due().await.unwrap().unwrap();
        assert!(slot > now, "{kind:?}");
        let (a, b) = tokio::join!(one.publish_queues(slot), two.publish_queues(slot));
        let mut published = a.unwrap();
        published.extend(b.unwrap());
        assert_eq!(published, [first], "{kind:?}: the oldest, once");
        let next = one.next_due().await.unwrap().unwrap();
        assert!(next > slot, "{kind:?}: the next slot is later");
        assert_eq!(
            two.publish_queues(next).await.unwrap(),
            [second],
            "{kind:?}"
        );
        assert_eq!(
            one.next_due().await.unwrap(),
            None,
            "{kind:?}: the queue is empty"
        );
        one.close().await;
        two.close().await;
        db.cleanup().await;
    }
}
