//! Queries for likes.

use crate::notes::store::{Added, NewNote, NoteKind, NotedPost, add, remove_like};
use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// How many posts `user_id` has liked.
pub(crate) async fn liked_post_count(store: &Store, user_id: i64) -> sqlx::Result<i64> {
    const SQL: &str = "SELECT COUNT(*) FROM likes WHERE user_id = $1";
    let (n,): (i64,) =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_one(pool).await)?;
    Ok(n)
}

/// `user_id`, acting as `via_blog_id`, likes a post: the like, its note, the chain's
/// count and the post's blog's notification, in one transaction. Liking twice changes
/// nothing and publishes nothing.
pub(crate) async fn like(
    store: &Store,
    user_id: i64,
    via_blog_id: i64,
    post: NotedPost,
) -> sqlx::Result<()> {
    const SQL: &str = "INSERT INTO likes (user_id, post_id, blog_id, created_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, post_id) DO NOTHING";
    let mut tx = store.begin().await?;
    let inserted = with_tx!(&mut tx, conn => sqlx::query(SQL)
        .bind(user_id).bind(post.post_id).bind(via_blog_id).bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    if inserted == 0 {
        return Ok(());
    }
    let note = NewNote {
        kind: NoteKind::Like,
        post_id: post.post_id,
        root_id: post.root_id,
        blog_id: via_blog_id,
        user_id,
        reblog_post_id: None,
        reply_text: "",
        added: Added::default(),
    };
    let events = add(&mut tx, note).await?;
    tx.record(events).await?;
    tx.commit().await
}

/// `user_id` no longer likes `post_id`: the like and its note go, the chain's count
/// drops. Unliking what is not liked changes nothing.
pub(crate) async fn unlike(store: &Store, user_id: i64, post_id: i64) -> sqlx::Result<()> {
    const SQL: &str = "DELETE FROM likes WHERE user_id = $1 AND post_id = $2";
    let mut tx = store.begin().await?;
    let removed = with_tx!(&mut tx, conn => sqlx::query(SQL)
        .bind(user_id).bind(post_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if removed == 0 {
        return Ok(());
    }
    let events = remove_like(&mut tx, post_id, user_id).await?;
    tx.record(events).await?;
    tx.commit().await
}
