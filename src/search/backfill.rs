//! Fills in the words of posts written before search existed (migrations 0018 leave their
//! `search_text` NULL: SQL cannot read a post's HTML the way `posts/search_text.rs` does).
//! Runs once at start-up, a batch at a time, beside serving; a post saved meanwhile writes
//! its own words, and the backfill leaves it be.

use std::time::Duration;

use crate::posts::search_text::{search_tags, search_text};
use crate::posts::store::{PostRow, post_rows, tags_of};
use crate::store::Store;
use crate::{with_pool, with_tx};

/// Posts one batch fills in: one short write transaction, so that serving is not held up.
const BATCH: i64 = 500;

/// Fills in every post still without its words; returns how many it wrote.
pub async fn backfill(store: &Store) -> sqlx::Result<u64> {
    const TODO: &str = "SELECT id FROM posts WHERE search_text IS NULL ORDER BY id LIMIT $1";
    const WRITE: &str =
        "UPDATE posts SET search_text = $2, search_tags = $3 WHERE id = $1 AND search_text IS NULL";
    let mut written = 0;
    loop {
        let ids: Vec<(i64,)> =
            with_pool!(store, pool => sqlx::query_as(TODO).bind(BATCH).fetch_all(pool).await)?;
        if ids.is_empty() {
            return Ok(written);
        }
        let ids: Vec<i64> = ids.into_iter().map(|(id,)| id).collect();
        let rows = post_rows(store, &ids, None).await?;
        let mut tags = tags_of(store, &ids).await?;
        let mut tx = store.begin().await?;
        for id in &ids {
            // A post deleted since the first read has no row; an empty text marks it done.
            let (text, tag_text) = match rows.iter().find(|row| row.id == *id) {
                Some(row) => words_of(row, &tags.remove(id).unwrap_or_default()),
                None => (String::new(), String::new()),
            };
            written += with_tx!(&mut tx, conn => sqlx::query(WRITE)
                .bind(id).bind(&text).bind(&tag_text)
                .execute(conn).await.map(|r| r.rows_affected()))?;
        }
        tx.commit().await?;
    }
}

fn words_of(row: &PostRow, tags: &[String]) -> (String, String) {
    (
        search_text(&row.content(), &row.comment, &row.trail()),
        search_tags(tags),
    )
}

/// The start-up run: logs what it did, and tries again later if the database fails it.
pub(crate) async fn run(store: Store) {
    loop {
        match backfill(&store).await {
            Ok(0) => return,
            Ok(n) => {
                tracing::info!(posts = n, "search: wrote the words of older posts");
                return;
            }
            Err(err) => {
                tracing::warn!(error = %err, "search backfill failed; trying again in a minute");
                tokio::time::sleep(Duration::from_secs(60)).await;
            }
        }
    }
}
