//! Blocks between blogs: a blocked blog's user stops following the blocker and can no longer
//! follow or message it (spec 002 §6); the blocker's user stops following the blocked blog,
//! and its posts leave their likes page and what they find across blogs.

use crate::feed::dashboard_topic;
use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx, with_writer};

/// Whether `blocker_blog_id` has blocked any blog of `user_id`.
pub async fn blocked_any_blog_of(
    store: &Store,
    blocker_blog_id: i64,
    user_id: i64,
) -> sqlx::Result<bool> {
    const SQL: &str = "SELECT COUNT(*) FROM blocks k JOIN blogs b ON b.id = k.blocked_blog_id \
                       WHERE k.blocker_blog_id = $1 AND b.user_id = $2";
    let (n,): (i64,) = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(blocker_blog_id).bind(user_id).fetch_one(pool).await)?;
    Ok(n > 0)
}

/// Whether `viewer` may not read `blog`'s posts in its listings (search, archive): a private
/// blog to anyone but its owner, or a blog that blocked one of the viewer's blogs.
pub async fn posts_hidden_from(
    store: &Store,
    blog: &crate::blogs::store::BlogRow,
    viewer: Option<i64>,
) -> sqlx::Result<bool> {
    match viewer {
        Some(user_id) if user_id == blog.user_id => Ok(false),
        _ if blog.is_private_group_channel => Ok(true),
        Some(user_id) => blocked_any_blog_of(store, blog.id, user_id).await,
        None => Ok(false),
    }
}

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
    const UNFOLLOW: &str = "DELETE FROM follows WHERE blog_id = $1 AND user_id = $2";
    const BLOCKER: &str = "SELECT user_id FROM blogs WHERE id = $1";
    let mut tx = store.begin().await?;
    let (blocker_user_id,): (i64,) = with_tx!(&mut tx, conn =>
        sqlx::query_as(BLOCKER).bind(blocker_blog_id).fetch_one(conn).await)?;
    let added = with_tx!(&mut tx, conn => sqlx::query(BLOCK)
        .bind(blocker_blog_id).bind(blocked_blog_id).bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    let unfollowed = with_tx!(&mut tx, conn => sqlx::query(UNFOLLOW)
        .bind(blocker_blog_id).bind(blocked_user_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if unfollowed > 0 {
        tx.refresh(dashboard_topic(blocked_user_id));
    }
    let unfollowed = with_tx!(&mut tx, conn => sqlx::query(UNFOLLOW)
        .bind(blocked_blog_id).bind(blocker_user_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if unfollowed > 0 {
        tx.refresh(dashboard_topic(blocker_user_id));
    }
    tx.commit().await?;
    Ok(added > 0)
}

/// Lifts a block. Returns whether there was one.
pub async fn unblock(
    store: &Store,
    blocker_blog_id: i64,
    blocked_blog_id: i64,
) -> sqlx::Result<bool> {
    const SQL: &str = "DELETE FROM blocks WHERE blocker_blog_id = $1 AND blocked_blog_id = $2";
    let removed = with_writer!(store, pool => sqlx::query(SQL).bind(blocker_blog_id).bind(blocked_blog_id)
        .execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(removed > 0)
}
