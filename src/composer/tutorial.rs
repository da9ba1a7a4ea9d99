//! The composer's rich-text tutorial: whether the user has seen it (a flag on the user, read
//! by the form builder's data and set by `/svc/post/set_seen_rte`).

use crate::store::Store;
use crate::{with_pool, with_tx};

/// Marks the composer's rich-text tutorial as seen.
pub(super) async fn set_seen_rte(store: &Store, user_id: i64) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE users SET seen_rte = TRUE WHERE id = $1";
    let mut tx = store.begin().await?;
    with_tx!(&mut tx, conn => sqlx::query(SQL).bind(user_id).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// Whether the user has seen the rich-text tutorial.
pub(super) async fn seen_rte(store: &Store, user_id: i64) -> sqlx::Result<bool> {
    const SQL: &str = "SELECT seen_rte FROM users WHERE id = $1";
    let row: Option<(bool,)> =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_optional(pool).await)?;
    Ok(row.is_some_and(|(seen,)| seen))
}
