//! Queries for likes.

use crate::store::Store;
use crate::with_pool;

impl Store {
    /// How many posts `user_id` has liked.
    pub async fn liked_post_count(&self, user_id: i64) -> sqlx::Result<i64> {
        const SQL: &str = "SELECT COUNT(*) FROM likes WHERE user_id = $1";
        let (n,): (i64,) =
            with_pool!(self, pool => sqlx::query_as(SQL).bind(user_id).fetch_one(pool).await)?;
        Ok(n)
    }
}
