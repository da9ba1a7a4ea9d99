//! The posts store on SQLite and PostgreSQL: what is due is published exactly once however
//! many nodes claim it at the same moment, the queue goes out one post per slot in the order
//! posts joined it, and the dashboard pages through exactly the read blogs' published posts,
//! newest first.

mod common;

use common::store::{Heard, each_store};
use common::{BOTH, TestDb};
use dashwire::testing::accounts;
use dashwire::testing::blogs;
use dashwire::testing::follows;
use dashwire::testing::posts;
use dashwire::testing::posts::model::{PostContent, PostState};
use dashwire::testing::posts::store::{Cursor, Page, PostWrite};
use dashwire::testing::store::{DbPool, Store, now_secs};
use dashwire_protocol::{Event, PostAction};

fn text_post(blog_id: i64, state: PostState, publish_on: Option<i64>) -> PostWrite {
    let content = PostContent::Text {
        title: "t".into(),
        body: String::new(),
    };
    let mut write = PostWrite::new(blog_id, state, content);
    write.publish_on = publish_on;
    write.tags = vec!["a".into()];
    write
}

/// A database with one user and blog, and two stores on it (two nodes' pools).
async fn two_nodes(db: &TestDb) -> (Store, Store, i64) {
    let one = Store::connect(&db.url, 4).await.unwrap();
    let two = Store::connect(&db.url, 4).await.unwrap();
    let user = accounts::store::create_user_with_blog(&one, "a@example.com", "hash", "ann", "Ann")
        .await
        .unwrap();
    let blog = blogs::store::blogs_of_user(&one, user).await.unwrap()[0].id;
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
                posts::store::create_post(
                    &one,
                    &text_post(blog, PostState::Scheduled, Some(now - 1)),
                )
                .await
                .unwrap(),
            );
        }
        let later = posts::store::create_post(
            &one,
            &text_post(blog, PostState::Scheduled, Some(now + 3600)),
        )
        .await
        .unwrap();
        let (heard_one, heard_two) = (Heard::on(&one), Heard::on(&two));
        let (a, b) = tokio::join!(
            posts::store::publish_due(&one, now),
            posts::store::publish_due(&two, now)
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        // Each post's `created` comes from the transaction that sent it out, published as it
        // committed.
        let mut created: Vec<i64> = heard_one
            .events()
            .iter()
            .chain(&heard_two.events())
            .filter_map(|p| match &p.event {
                Event::Post(change) if change.action == PostAction::Created => Some(change.id),
                _ => None,
            })
            .collect();
        created.sort_unstable();
        assert_eq!(created, due, "{kind:?}: one created event each");
        let mut published = a.ids;
        published.extend(b.ids);
        published.sort_unstable();
        assert_eq!(
            published, due,
            "{kind:?}: each due post once, none twice, none early"
        );
        assert_eq!(
            posts::store::publish_due(&one, now).await.unwrap().ids,
            Vec::<i64>::new(),
            "{kind:?}: nothing twice"
        );
        let row = posts::store::post_row(&one, later, None)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.state(), PostState::Scheduled, "{kind:?}");
        assert_eq!(
            posts::store::next_due(&one).await.unwrap(),
            Some(now + 3600),
            "{kind:?}"
        );
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
        let first = posts::store::create_post(&one, &text_post(blog, PostState::Queued, None))
            .await
            .unwrap();
        let second = posts::store::create_post(&one, &text_post(blog, PostState::Queued, None))
            .await
            .unwrap();
        let now = now_secs();
        assert_eq!(
            posts::store::publish_queues(&one, now).await.unwrap().ids,
            Vec::<i64>::new(),
            "{kind:?}: its first slot is later"
        );
        // Both nodes at the first slot: one post goes out.
        let slot = posts::store::next_due(&one).await.unwrap().unwrap();
        assert!(slot > now, "{kind:?}");
        let (a, b) = tokio::join!(
            posts::store::publish_queues(&one, slot),
            posts::store::publish_queues(&two, slot)
        );
        let mut published = a.unwrap().ids;
        published.extend(b.unwrap().ids);
        assert_eq!(published, [first], "{kind:?}: the oldest, once");
        let next = posts::store::next_due(&one).await.unwrap().unwrap();
        assert!(next > slot, "{kind:?}: the next slot is later");
        assert_eq!(
            posts::store::publish_queues(&two, next).await.unwrap().ids,
            [second],
            "{kind:?}"
        );
        assert_eq!(
            posts::store::next_due(&one).await.unwrap(),
            None,
            "{kind:?}: the queue is empty"
        );
        one.close().await;
        two.close().await;
        db.cleanup().await;
    }
}

/// The queue is in the order posts joined it, not the order they were written: a draft
/// queued after other posts goes to the back, on the queue page and out of the publisher;
/// an edit keeps a queued post's place, and a post sent back to the queue joins at the back.
#[tokio::test]
async fn the_queue_goes_in_the_order_posts_joined_it() {
    each_store(|store, kind| async move {
        let user =
            accounts::store::create_user_with_blog(&store, "q@example.com", "hash", "que", "Q")
                .await
                .unwrap();
        let blog = blogs::store::blogs_of_user(&store, user).await.unwrap()[0].id;
        let create = |state| {
            let store = store.clone();
            async move {
                posts::store::create_post(&store, &text_post(blog, state, None))
                    .await
                    .unwrap()
            }
        };
        let draft = create(PostState::Draft).await;
        let first = create(PostState::Queued).await;
        let second = create(PostState::Queued).await;
        // The draft, written before both, is queued after them.
        posts::store::publish_post(&store, draft, blog, PostState::Queued)
            .await
            .unwrap();
        // Editing a queued post keeps its place.
        posts::store::update_post(&store, first, &text_post(blog, PostState::Queued, None))
            .await
            .unwrap();
        let queue_page = |cursor| {
            let store = store.clone();
            async move {
                let rows =
                    posts::store::page(&store, Page::Queue { blog_id: blog }, cursor, 2, None)
                        .await
                        .unwrap();
                rows.iter().map(|r| r.id).collect::<Vec<i64>>()
            }
        };
        assert_eq!(queue_page(Cursor::Start).await, [first, second], "{kind:?}");
        assert_eq!(queue_page(Cursor::After(second)).await, [draft], "{kind:?}");
        assert_eq!(
            queue_page(Cursor::Before(draft)).await,
            [first, second],
            "{kind:?}: back a page, in page order"
        );
        // Sent to the queue again (Publish -> Queue on a queued post): to the back.
        posts::store::publish_post(&store, first, blog, PostState::Queued)
            .await
            .unwrap();
        let mut out = Vec::new();
        let mut now = now_secs();
        for _ in 0..3 {
            let slot = posts::store::next_due(&store).await.unwrap().unwrap();
            now = now.max(slot);
            out.extend(posts::store::publish_queues(&store, now).await.unwrap().ids);
        }
        assert_eq!(out, [second, draft, first], "{kind:?}: out in queue order");

        // Places only grow: a page read before the queue went out goes on to what was
        // queued since.
        let late = create(PostState::Queued).await;
        assert_eq!(queue_page(Cursor::After(first)).await, [late], "{kind:?}");
        // A scheduled post edited to be queued goes to the back, as one sent there does.
        let mut scheduled = text_post(blog, PostState::Scheduled, Some(now_secs() + 3600));
        let timed = posts::store::create_post(&store, &scheduled).await.unwrap();
        scheduled.state = PostState::Queued;
        scheduled.publish_on = None;
        let last = create(PostState::Queued).await;
        posts::store::update_post(&store, timed, &scheduled)
            .await
            .unwrap();
        assert_eq!(
            queue_page(Cursor::Start).await,
            [late, last],
            "{kind:?}: the first page"
        );
        assert_eq!(queue_page(Cursor::After(last)).await, [timed], "{kind:?}");
    })
    .await;
}

/// On PostgreSQL the publisher takes a blog's row (its slot) and then its first queued post.
/// Publish -> Queue of that same post at that moment waits for the slot instead of taking the
/// post first and deadlocking with it (PostgreSQL would then fail one of the two).
#[tokio::test]
async fn sending_the_first_queued_post_back_to_the_queue_waits_for_the_publisher() {
    use sqlx::Connection;
    let db = TestDb::new(common::Kind::Postgres).await;
    let (store, other, blog) = two_nodes(&db).await;
    other.close().await;
    let first = posts::store::create_post(&store, &text_post(blog, PostState::Queued, None))
        .await
        .unwrap();
    // The publisher's transaction, by hand: the slot claimed, then the post sent out.
    let mut publisher = sqlx::PgConnection::connect(&db.url).await.unwrap();
    sqlx::query("BEGIN").execute(&mut publisher).await.unwrap();
    sqlx::query("UPDATE blogs SET queue_next_at = queue_next_at WHERE id = $1")
        .bind(blog)
        .execute(&mut publisher)
        .await
        .unwrap();
    let requeue = tokio::spawn({
        let store = store.clone();
        async move { posts::store::publish_post(&store, first, blog, PostState::Queued).await }
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let sent =
        sqlx::query("UPDATE posts SET state = 'published' WHERE id = $1 AND state = 'queued'")
            .bind(first)
            .execute(&mut publisher)
            .await;
    let committed = sqlx::query("COMMIT").execute(&mut publisher).await;
    let requeued = requeue.await.unwrap();
    assert!(
        sent.is_ok() && committed.is_ok() && requeued.is_ok(),
        "no deadlock: {sent:?} {committed:?} {requeued:?}"
    );
    // The publisher had it first: it went out, and the late Queue found nothing to send.
    let row = posts::store::post_row(&store, first, None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.state(), PostState::Published);
    store.close().await;
    db.cleanup().await;
}

/// The dashboard's query reads each blog's newest posts and keeps the newest of those; this
/// checks it against the plain definition (every published post of the blogs the reader
/// follows or owns, by date then id, newest first) on posts whose dates interleave the blogs
/// and tie often, some backdated, paged forwards and backwards.
#[tokio::test]
async fn the_dashboard_is_every_read_blogs_published_posts_newest_first() {
    each_store(|store, kind| async move {
        let reader = accounts::store::create_user_with_blog(
            &store,
            "r@example.com",
            "hash",
            "reader",
            "Reader",
        )
        .await
        .unwrap();
        let own = blogs::store::blogs_of_user(&store, reader).await.unwrap()[0].id;
        let mut blogs = Vec::new();
        for n in 0..6 {
            let user = accounts::store::create_user_with_blog(
                &store,
                &format!("u{n}@example.com"),
                "hash",
                &format!("blog{n}"),
                "B",
            )
            .await
            .unwrap();
            blogs.push(blogs::store::blogs_of_user(&store, user).await.unwrap()[0].id);
        }
        // Followed: blog0..blog2 (blog2 never posts); not followed: blog3..blog5.
        for &blog in &blogs[..3] {
            follows::store::follow(&store, reader, own, blog)
                .await
                .unwrap();
        }
        let read: Vec<i64> = [own, blogs[0], blogs[1], blogs[2]].into();
        let base = 1_700_000_000;
        let mut expected: Vec<(i64, i64)> = Vec::new();
        for i in 0..90_i64 {
            // Blogs in an uneven rotation; dates in a scrambled order with many ties.
            let blog = [
                own, blogs[0], blogs[0], blogs[1], blogs[3], blogs[4], blogs[5],
            ][(i * 5 % 7) as usize];
            let state = match i % 11 {
                3 => PostState::Draft,
                7 => PostState::Private,
                _ => PostState::Published,
            };
            let mut post = text_post(blog, state, None);
            let date = base + (i * 37 % 29);
            post.date = Some(date);
            let id = posts::store::create_post(&store, &post).await.unwrap();
            if read.contains(&blog) && state == PostState::Published {
                expected.push((date, id));
            }
        }
        expected.sort_unstable_by(|a, b| b.cmp(a));
        let expected: Vec<i64> = expected.into_iter().map(|(_, id)| id).collect();
        assert!(
            expected.len() > 20,
            "{kind:?}: enough posts to page through"
        );

        let page = |cursor| {
            let store = store.clone();
            async move {
                let rows = posts::store::page(
                    &store,
                    Page::Dashboard { user_id: reader },
                    cursor,
                    4,
                    Some(reader),
                )
                .await
                .unwrap();
                rows.into_iter().map(|r| r.id).collect::<Vec<i64>>()
            }
        };
        let mut shown = page(Cursor::Start).await;
        loop {
            let next = page(Cursor::After(*shown.last().unwrap())).await;
            if next.is_empty() {
                break;
            }
            assert!(next.len() <= 4, "{kind:?}: pages of the limit");
            shown.extend(next);
        }
        assert_eq!(shown, expected, "{kind:?}: older pages, one after another");

        for at in [4, 5, 17, expected.len() - 1] {
            let newer = page(Cursor::Before(expected[at])).await;
            assert_eq!(
                newer,
                expected[at - 4..at],
                "{kind:?}: the four posts just newer than #{at}, newest first"
            );
        }
        assert_eq!(
            page(Cursor::Before(expected[2])).await,
            expected[..2],
            "{kind:?}"
        );
        assert_eq!(
            page(Cursor::Before(expected[0])).await,
            Vec::<i64>::new(),
            "{kind:?}"
        );

        // An unfollowed blog floods the newest posts: the 400 newest of any blog (100 pages
        // of 4) hold no read post, so the page comes from each read blog's own posts.
        for i in 0..420_i64 {
            let mut post = text_post(blogs[4], PostState::Published, None);
            post.date = Some(base + 100 + i);
            posts::store::create_post(&store, &post).await.unwrap();
        }
        let mut shown = page(Cursor::Start).await;
        assert_eq!(
            shown,
            expected[..4],
            "{kind:?}: the newest read posts behind 420 newer unread ones"
        );
        loop {
            let next = page(Cursor::After(*shown.last().unwrap())).await;
            if next.is_empty() {
                break;
            }
            shown.extend(next);
        }
        assert_eq!(shown, expected, "{kind:?}: every page behind the flood");
        assert_eq!(
            page(Cursor::Before(expected[0])).await,
            Vec::<i64>::new(),
            "{kind:?}: nothing newer, past 420 newer unread posts"
        );
    })
    .await;
}

#[tokio::test]
async fn a_finished_video_looks_only_at_unprocessed_video_posts_for_those_showing_it() {
    each_store(|store, kind| async move {
        let plan: Vec<String> = match store.pool() {
            DbPool::Sqlite { read, .. } => {
                let sql = format!("EXPLAIN QUERY PLAN {}", posts::store::UNPROCESSED_SHOWING);
                let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
                    .bind("%x%")
                    .fetch_all(read)
                    .await
                    .unwrap();
                rows.into_iter().map(|row| row.3).collect()
            }
            DbPool::Postgres(pool) => {
                // An empty table is cheapest to read whole; with that way closed the plan
                // shows whether the statement can use the index at all.
                let mut tx = pool.begin().await.unwrap();
                sqlx::query("SET LOCAL enable_seqscan = off")
                    .execute(&mut *tx)
                    .await
                    .unwrap();
                let sql = format!("EXPLAIN {}", posts::store::UNPROCESSED_SHOWING);
                sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                    .bind("%x%")
                    .fetch_all(&mut *tx)
                    .await
                    .unwrap()
            }
        };
        assert!(
            plan.iter()
                .any(|line| line.contains("posts_video_unprocessed")),
            "{kind:?}: {plan:?}"
        );
    })
    .await;
}
