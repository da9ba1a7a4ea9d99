//! Blocking and unblocking: the block's row, and the follows it ends (through the follow
//! feature's own unfollow, so a dashboard stops reading the blog as after any unfollow).

use crate::follows::store::unfollow_in;
use crate::store::{Store, now_secs};
use crate::with_tx;

/// `blocker_blog_id` blocks `blocked_blog_id` (a blog of `blocked_user_id`): that user
/// stops following the blocker, and can no longer follow or message it; the blocker's user
/// stops following the blocked blog, so its posts leave their dashboard too. Returns whether
/// it was new.
pub async fn block(
    store: &Store,
    blocker_blog_id: i64,
    blocked_blog_id: i64,
    blocked_user_id: i64,
) -> sqlx::Result<bool> {
    const BLOCK: &str = "INSERT INTO blocks (blocker_blog_id, blocked_blog_id, created_at) \
         VALUES ($1, $2, $3) ON CONFLICT (blocker_blog_id, blocked_blog_id) DO NOTHING";
    const BLOCKER: &str = "SELECT user_id FROM blogs WHERE id = $1";
    let mut tx = store.begin().await?;
    let (blocker_user_id,): (i64,) = with_tx!(tx, conn =>
        sqlx::query_as(BLOCKER).bind(blocker_blog_id).fetch_one(conn).await)?;
    let added = with_tx!(tx, conn => sqlx::query(BLOCK)
        .bind(blocker_blog_id).bind(blocked_blog_id).bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    unfollow_in(&mut tx, blocked_user_id, blocker_blog_id).await?;
    unfollow_in(&mut tx, blocker_user_id, blocked_blog_id).await?;
    tx.commit().await?;
    Ok(added > 0)
}

/// Lifts a block. Returns whether there was one.
pub(crate) async fn unblock(
    store: &Store,
    blocker_blog_id: i64,
    blocked_blog_id: i64,
) -> sqlx::Result<bool> {
    const SQL: &str = "DELETE FROM blocks WHERE blocker_blog_id = $1 AND blocked_blog_id = $2";
    let mut tx = store.begin().await?;
    let removed = with_tx!(tx, conn => sqlx::query(SQL).bind(blocker_blog_id).bind(blocked_blog_id)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(removed > 0)
}
