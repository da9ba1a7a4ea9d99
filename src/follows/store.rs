//! Queries for follows.

use crate::activity::events::{Notice, notify, notify_sqlite};
use crate::blog_select;
use crate::blogs::store::BlogRow;
use crate::feed::dashboard_topic;
use crate::store::log;
use crate::store::sqlite_writer::named;
use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// What a follow call changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FollowChange {
    /// The follow was made now.
    Followed,
    /// Nothing changed: already following, or not following on an unfollow.
    Unchanged,
    /// The follow was removed.
    Unfollowed,
}

/// `user_id`, acting as `via_blog_id`, follows `blog_id`: the followed blog gets a
/// `follower` notification, and the user's dashboards start reading it, once it commits.
pub async fn follow(
    store: &Store,
    user_id: i64,
    via_blog_id: i64,
    blog_id: i64,
) -> sqlx::Result<FollowChange> {
    const SQL: &str = "INSERT INTO follows (user_id, blog_id, via_blog_id, created_at) \
                       VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, blog_id) DO NOTHING";
    if let Some(writer) = store.sqlite_writer() {
        // One job on the SQLite writer thread (store/sqlite_writer.rs): a burst of
        // follows to one blog is what its fan-out waits on.
        return writer
            .run(move |tx| {
                let now = now_secs();
                let followed = || -> rusqlite::Result<_> {
                    let inserted = tx
                        .prepare_cached(SQL)?
                        .execute(named(&[&user_id, &blog_id, &via_blog_id, &now]).as_slice())?;
                    if inserted == 0 {
                        return Ok(None);
                    }
                    let notice = Notice::about_blog(blog_id, "follower", via_blog_id);
                    notify_sqlite(tx, notice).map(Some)
                };
                let Some(events) = followed().map_err(log::sqlite_error)? else {
                    return Ok(FollowChange::Unchanged);
                };
                tx.record(events)?;
                tx.refresh(dashboard_topic(user_id));
                Ok(FollowChange::Followed)
            })
            .await;
    }
    let mut tx = store.begin().await?;
    let inserted = with_tx!(&mut tx, conn => sqlx::query(SQL)
        .bind(user_id).bind(blog_id).bind(via_blog_id).bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    if inserted == 0 {
        return Ok(FollowChange::Unchanged);
    }
    let notice = Notice::about_blog(blog_id, "follower", via_blog_id);
    let events = notify(&mut tx, notice).await?;
    tx.record(events).await?;
    tx.refresh(dashboard_topic(user_id));
    tx.commit().await?;
    Ok(FollowChange::Followed)
}

/// `user_id` stops following `blog_id`; the user's dashboards stop reading it.
pub async fn unfollow(store: &Store, user_id: i64, blog_id: i64) -> sqlx::Result<FollowChange> {
    const SQL: &str = "DELETE FROM follows WHERE user_id = $1 AND blog_id = $2";
    let mut tx = store.begin().await?;
    let removed = with_tx!(&mut tx, conn =>
        sqlx::query(SQL).bind(user_id).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if removed == 0 {
        return Ok(FollowChange::Unchanged);
    }
    tx.refresh(dashboard_topic(user_id));
    tx.commit().await?;
    Ok(FollowChange::Unfollowed)
}

/// How many blogs `user_id` follows.
pub async fn friend_count(store: &Store, user_id: i64) -> sqlx::Result<i64> {
    const SQL: &str = "SELECT COUNT(*) FROM follows WHERE user_id = $1";
    let (n,): (i64,) =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_one(pool).await)?;
    Ok(n)
}

/// The blogs `user_id` follows, most recently followed first.
/// How many users follow `blog_id`.
pub async fn follower_count(store: &Store, blog_id: i64) -> sqlx::Result<i64> {
    const SQL: &str = "SELECT COUNT(*) FROM follows WHERE blog_id = $1";
    let (n,): (i64,) =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(blog_id).fetch_one(pool).await)?;
    Ok(n)
}

/// A page of the blogs that follow `blog_id` (each follower by the blog it followed as),
/// newest follow first, as `viewer` sees them.
pub async fn followers_of(
    store: &Store,
    blog_id: i64,
    viewer: i64,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<BlogRow>> {
    const SQL: &str = blog_select!(
        "JOIN follows fo ON fo.via_blog_id = b.id AND fo.blog_id = $2 "
        "ORDER BY fo.created_at DESC, fo.user_id DESC LIMIT $3 OFFSET $4"
    );
    with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(viewer).bind(blog_id).bind(limit).bind(offset).fetch_all(pool).await)
}

pub async fn followed_blogs(store: &Store, user_id: i64) -> sqlx::Result<Vec<BlogRow>> {
    const SQL: &str = blog_select!(
        "JOIN follows fo ON fo.blog_id = b.id AND fo.user_id = $1 "
        "ORDER BY fo.created_at DESC, b.id DESC"
    );
    with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_all(pool).await)
}
