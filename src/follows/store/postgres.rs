//! A follow on PostgreSQL: its statements in a transaction of its own, which publishes its
//! events as it commits; and the same inside a caller's transaction, on either database.

use super::rules::{FOLLOW, Follow, FollowChange};
use crate::activity::events::notify;
use crate::feed::dashboard_topic;
use crate::store::{Store, Tx, now_secs};
use crate::with_tx;

/// Makes `follow`.
pub(super) async fn follow(store: &Store, follow: Follow) -> sqlx::Result<FollowChange> {
    let mut tx = store.begin().await?;
    let change = follow_in(&mut tx, follow).await?;
    if change == FollowChange::Followed {
        tx.commit().await?;
    }
    Ok(change)
}

/// Makes `follow` inside a transaction that writes more (either database: joining a group
/// follows it, `groups/`).
pub(super) async fn follow_in(tx: &mut Tx, follow: Follow) -> sqlx::Result<FollowChange> {
    let inserted = with_tx!(tx, conn => sqlx::query(FOLLOW)
        .bind(follow.user_id).bind(follow.blog_id).bind(follow.via_blog_id).bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    if inserted == 0 {
        return Ok(FollowChange::Unchanged);
    }
    let events = notify(tx, follow.notice()).await?;
    tx.record(events).await?;
    tx.refresh(dashboard_topic(follow.user_id));
    Ok(FollowChange::Followed)
}
