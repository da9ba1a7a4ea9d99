//! How PostgreSQL plans the reads a page makes: each prepared once per connection and, from
//! its sixth run on, run on one plan instead of planned again (docs/architecture.md,
//! Invariants). Read from `pg_prepared_statements` on a store of one connection.

mod common;

use common::{Kind, TestDb};
use dashwire::testing::accounts;
use dashwire::testing::blogs;
use dashwire::testing::follows;
use dashwire::testing::posts;
use dashwire::testing::posts::model::{PostContent, PostState};
use dashwire::testing::posts::store::{Cursor, Page, PostWrite};
use dashwire::testing::store::{DbPool, Store};

/// A text post of `blog_id` in `state`, tagged `a`.
fn text_post(blog_id: i64, state: PostState) -> PostWrite {
    let content = PostContent::Text {
        title: "t".into(),
        body: String::new(),
    };
    let mut write = PostWrite::new(blog_id, state, content);
    write.tags = vec!["a".into()];
    write
}

/// PostgreSQL plans a prepared statement for its parameters' values until a plan for any values
/// is estimated no dearer. The dashboard's reads bound their limits, which it estimates at a
/// tenth of the rows, so on a table of more than about 30,000 posts the plan for any values
/// looked 19 times dearer; a blog's page, its drafts, its archive and the blogs to explore bound
/// optional filters and states, which a plan for any values cannot fold away. Each was planned
/// again on every read, 0.4–1.1 ms a page (RESULTS §25). With what the server decides written
/// into the text, a connection's reads from the sixth on use one plan.
#[tokio::test]
async fn pages_of_posts_are_not_planned_again_on_each_read_on_postgresql() {
    let db = TestDb::new(Kind::Postgres).await;
    // One connection, so every read below is on the connection whose statements are looked at.
    let store = Store::connect(&db.url, 1).await.unwrap();
    let DbPool::Postgres(pool) = store.pool().clone() else {
        unreachable!("a PostgreSQL store")
    };
    let reader =
        accounts::store::create_user_with_blog(&store, "r@example.com", "hash", "reader", "R")
            .await
            .unwrap();
    let own = blogs::store::blogs_of_user(&store, reader).await.unwrap()[0].id;
    let other =
        accounts::store::create_user_with_blog(&store, "o@example.com", "hash", "other", "O")
            .await
            .unwrap();
    let other = blogs::store::blogs_of_user(&store, other).await.unwrap()[0].id;
    follows::store::follow(&store, reader, own, other)
        .await
        .unwrap();
    for blog in [own, other] {
        posts::store::create_post(&store, &text_post(blog, PostState::Published))
            .await
            .unwrap();
    }
    // 40,000 posts of a blog nobody reads, copied from one made the usual way, each a second
    // older than the last, and the statistics the planner estimates from.
    let unread =
        accounts::store::create_user_with_blog(&store, "u@example.com", "hash", "unread", "U")
            .await
            .unwrap();
    let unread = blogs::store::blogs_of_user(&store, unread).await.unwrap()[0].id;
    let model = posts::store::create_post(&store, &text_post(unread, PostState::Published))
        .await
        .unwrap();
    let copy = sqlx::AssertSqlSafe(
        "DO $$ DECLARE columns text; BEGIN \
         SELECT string_agg(quote_ident(column_name), ', ') INTO columns FROM information_schema.columns \
         WHERE table_name = 'posts' AND table_schema = current_schema() AND column_name <> 'id' \
         AND is_generated = 'NEVER'; \
         EXECUTE format('CREATE TEMP TABLE copies AS SELECT %s FROM posts, generate_series(1, 40000) g \
         WHERE id = %s', columns, $MODEL$); \
         UPDATE copies SET published_at = published_at - 40000 + floor(random() * 40000); \
         EXECUTE format('INSERT INTO posts (%s) SELECT %s FROM copies', columns, columns); \
         END $$"
            .replace("$MODEL$", &model.to_string()),
    );
    sqlx::query(copy).execute(&pool).await.unwrap();
    sqlx::query("ANALYZE").execute(&pool).await.unwrap();

    posts::store::create_post(&store, &text_post(unread, PostState::Draft))
        .await
        .unwrap();
    // Each page eight times, each read asked for as the server asks for it.
    let pages: [(Page, usize); 4] = [
        (Page::Dashboard { user_id: reader }, 2),
        (
            Page::Blog {
                blog_id: unread,
                with_private: false,
                tag: None,
                pinned: None,
            },
            10,
        ),
        (
            Page::Blog {
                blog_id: unread,
                with_private: false,
                tag: Some("a".into()),
                pinned: None,
            },
            1,
        ),
        (
            Page::States {
                blog_id: unread,
                states: &["draft"],
            },
            1,
        ),
    ];
    for (page, expected) in pages {
        for _ in 0..8 {
            let rows = posts::store::page(&store, page.clone(), Cursor::Start, 10, Some(reader))
                .await
                .unwrap();
            assert_eq!(rows.len(), expected, "{page:?}: its posts");
        }
    }
    let archive = dashwire::testing::archive::store::ArchiveFilter {
        post_type: None,
        tag_key: Some("a".into()),
        with_private: false,
    };
    for _ in 0..8 {
        let tiles = dashwire::testing::archive::store::posts_before(
            &store,
            unread,
            &archive,
            i64::MAX,
            i64::MAX,
            51,
        )
        .await
        .unwrap();
        assert_eq!(
            tiles.len(),
            1,
            "the archive of a tag: the one post with tags"
        );
        let explored = blogs::store::explore_blogs(&store, Some(reader), 20)
            .await
            .unwrap();
        assert_eq!(explored.len(), 2, "the blogs that are not the reader's");
        let counts = dashwire::testing::unread::unread_counts(&store, reader)
            .await
            .unwrap();
        assert_eq!(counts.blogs.len(), 1, "the reader's one blog's counts");
    }
    for (read, marker) in [
        (
            "a blog's archive of a tag",
            "%is_reblog FROM posts p%t.tag_key = $4%",
        ),
        (
            "the blogs to explore",
            "%b.user_id <> $1 AND b.is_private_group_channel%",
        ),
        // The dashboard: the window, then each read blog's own posts (the window holds too
        // few read ones).
        (
            "the dashboard's window",
            "%UNION ALL SELECT o.id FROM blogs o%",
        ),
        ("the dashboard's read of each blog", "%CROSS JOIN LATERAL%"),
        ("a blog's page", "%p.state = 'published' AND p.id <> $5%"),
        ("a blog's page of a tag", "%t.tag_key = $6%"),
        ("a blog's drafts", "%p.state IN ('draft')%"),
    ] {
        let (generic, custom): (i64, i64) = sqlx::query_as(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE $1",
        )
        .bind(marker)
        .fetch_one(&pool)
        .await
        .unwrap_or_else(|e| panic!("{read}: its prepared statement: {e}"));
        assert_eq!(
            (generic, custom),
            (3, 5),
            "{read}: planned for its values five times, then run on the plan for any values"
        );
    }
    store.close().await;
    db.cleanup().await;
}
