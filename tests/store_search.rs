//! The search index on SQLite (FTS5 and its triggers) and PostgreSQL (the generated tsvector
//! and its GIN index): it follows every save, edit and delete, and the start-up backfill
//! writes the words of posts saved before search existed.

mod common;

use common::store::each_store;
use dashwire::testing::accounts;
use dashwire::testing::blogs;
use dashwire::testing::posts;
use dashwire::testing::posts::model::{PostContent, PostState};
use dashwire::testing::posts::store::PostWrite;
use dashwire::testing::search::backfill::backfill;
use dashwire::testing::search::store::{Filters, Order, Window, blog_search};
use dashwire::testing::search::terms::Terms;
use dashwire::testing::store::Store;
use dashwire::with_tx;

fn text(title: &str, body: &str, tags: &[&str]) -> PostWrite {
    let content = PostContent::Text {
        title: title.into(),
        body: body.into(),
    };
    let mut write = PostWrite::new(0, PostState::Published, content);
    write.tags = tags.iter().map(|t| t.to_string()).collect();
    write
}

async fn found(store: &Store, blog: i64, term: &str) -> Vec<i64> {
    let filters = Filters {
        post_type: None,
        original_only: false,
        safe: false,
    };
    let window = Window {
        offset: 0,
        limit: 50,
    };
    let terms = Terms::parse(term).unwrap();
    blog_search(store, blog, false, &terms, filters, Order::Recent, window)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_index_follows_saves_edits_deletes_and_the_backfill() {
    each_store(|store, kind| async move {
        let user =
            accounts::store::create_user_with_blog(&store, "a@example.com", "hash", "ann", "Ann")
                .await
                .unwrap();
        let blog = blogs::store::blogs_of_user(&store, user).await.unwrap()[0].id;
        let post = |title: &str, body: &str, tags: &[&str]| {
            let mut write = text(title, body, tags);
            write.blog_id = blog;
            write
        };
        let a = posts::store::create_post(
            &store,
            &post("Tides", "<p>the harbour at dawn</p>", &["Sea Shells"]),
        )
        .await
        .unwrap();
        let b = posts::store::create_post(&store, &post("", "<p>cats<br>asleep</p>", &[]))
            .await
            .unwrap();
        assert_eq!(
            found(&store, blog, "harbour").await,
            vec![a],
            "{kind:?}: words"
        );
        assert_eq!(
            found(&store, blog, "TIDES").await,
            vec![a],
            "{kind:?}: title"
        );
        assert_eq!(
            found(&store, blog, "shells").await,
            vec![a],
            "{kind:?}: tags"
        );
        assert_eq!(
            found(&store, blog, "cat").await,
            vec![b],
            "{kind:?}: stemmed"
        );
        assert_eq!(
            found(&store, blog, "the dawn").await,
            vec![a],
            "{kind:?}: no stop words"
        );
        assert!(
            found(&store, blog, "harbour cats").await.is_empty(),
            "{kind:?}: every word"
        );

        posts::store::update_post(&store, a, &post("Tides", "<p>a quiet cove</p>", &["rocks"]))
            .await
            .unwrap();
        assert!(
            found(&store, blog, "harbour").await.is_empty(),
            "{kind:?}: edit forgets"
        );
        assert!(
            found(&store, blog, "shells").await.is_empty(),
            "{kind:?}: old tags forgotten"
        );
        assert_eq!(
            found(&store, blog, "cove rocks").await,
            vec![a],
            "{kind:?}: edit indexes"
        );

        posts::store::delete_post(&store, b).await.unwrap();
        assert!(
            found(&store, blog, "cats").await.is_empty(),
            "{kind:?}: delete forgets"
        );

        // Posts from before search: their words were never written.
        let older = posts::store::create_post(&store, &post("Old", "<p>lanterns</p>", &["attic"]))
            .await
            .unwrap();
        let mut tx = store.begin().await.unwrap();
        with_tx!(tx, conn => sqlx::query(
            "UPDATE posts SET search_text = NULL, search_tags = NULL WHERE id IN ($1, $2)")
            .bind(a).bind(older).execute(conn).await.map(|r| r.rows_affected()))
        .unwrap();
        tx.commit().await.unwrap();
        assert!(found(&store, blog, "lanterns").await.is_empty(), "{kind:?}");
        assert_eq!(backfill(&store).await.unwrap(), 2, "{kind:?}");
        assert_eq!(
            found(&store, blog, "lanterns attic").await,
            vec![older],
            "{kind:?}"
        );
        assert_eq!(found(&store, blog, "cove").await, vec![a], "{kind:?}");
        assert_eq!(backfill(&store).await.unwrap(), 0, "{kind:?}: once");
    })
    .await;
}
