//! Queries for follows, and the follow itself: its statements, run by the SQLite writer
//! thread (`sqlite.rs`) or in a PostgreSQL transaction (`postgres.rs`).

mod postgres;
mod rules;
mod sqlite;

pub use rules::FollowChange;

use crate::blog_select;
use crate::blogs::store::BlogRow;
use crate::feed::dashboard_topic;
use crate::store::{Store, Tx};
use crate::{with_pool, with_tx};

/// `user_id`, acting as `via_blog_id`, follows `blog_id`: the follow's row, the followed
/// blog's `follower` notification (`activity`), and the user's dashboards reading the blog,
/// all published once it commits. On SQLite a job on the writer thread (`sqlite.rs`: a burst
/// of follows to one blog is what its fan-out waits on), on PostgreSQL a transaction of its
/// own (`postgres.rs`); the same statements and the same events either way.
pub async fn follow(
    store: &Store,
    user_id: i64,
    via_blog_id: i64,
    blog_id: i64,
) -> sqlx::Result<FollowChange> {
    let follow = rules::Follow {
        user_id,
        via_blog_id,
        blog_id,
    };
    match store.sqlite_writer() {
        Some(writer) => writer.run(move |tx| sqlite::follow(tx, follow)).await,
        None => postgres::follow(store, follow).await,
    }
}

/// [`follow`] inside a transaction that writes more (joining a group: `groups/`), on either
/// database: the same statements and events as PostgreSQL's own follow.
pub(crate) async fn follow_in(
    tx: &mut Tx,
    user_id: i64,
    via_blog_id: i64,
    blog_id: i64,
) -> sqlx::Result<FollowChange> {
    let follow = rules::Follow {
        user_id,
        via_blog_id,
        blog_id,
    };
    postgres::follow_in(tx, follow).await
}

/// `user_id` stops following `blog_id`; the user's dashboards stop reading it.
pub async fn unfollow(store: &Store, user_id: i64, blog_id: i64) -> sqlx::Result<FollowChange> {
    let mut tx = store.begin().await?;
    let change = unfollow_in(&mut tx, user_id, blog_id).await?;
    if change == FollowChange::Unfollowed {
        tx.commit().await?;
    }
    Ok(change)
}

/// [`unfollow`] inside a transaction that writes more (a block: `blocks/`).
pub(crate) async fn unfollow_in(
    tx: &mut Tx,
    user_id: i64,
    blog_id: i64,
) -> sqlx::Result<FollowChange> {
    const SQL: &str = "DELETE FROM follows WHERE user_id = $1 AND blog_id = $2";
    let removed = with_tx!(tx, conn =>
        sqlx::query(SQL).bind(user_id).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if removed == 0 {
        return Ok(FollowChange::Unchanged);
    }
    tx.refresh(dashboard_topic(user_id));
    Ok(FollowChange::Unfollowed)
}

/// How many blogs `user_id` follows.
pub async fn friend_count(store: &Store, user_id: i64) -> sqlx::Result<i64> {
    const SQL: &str = "SELECT COUNT(*) FROM follows WHERE user_id = $1";
    let (n,): (i64,) =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_one(pool).await)?;
    Ok(n)
}

/// How many users follow `blog_id`.
pub(crate) async fn follower_count(store: &Store, blog_id: i64) -> sqlx::Result<i64> {
    const SQL: &str = "SELECT COUNT(*) FROM follows WHERE blog_id = $1";
    let (n,): (i64,) =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(blog_id).fetch_one(pool).await)?;
    Ok(n)
}

/// A page of the blogs that follow `blog_id` (each follower by the blog it followed as),
/// newest follow first, as `viewer` sees them.
pub(crate) async fn followers_of(
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

/// The blogs `user_id` follows, most recently followed first.
pub async fn followed_blogs(store: &Store, user_id: i64) -> sqlx::Result<Vec<BlogRow>> {
    const SQL: &str = blog_select!(
        "JOIN follows fo ON fo.blog_id = b.id AND fo.user_id = $1 "
        "ORDER BY fo.created_at DESC, b.id DESC"
    );
    with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_all(pool).await)
}
