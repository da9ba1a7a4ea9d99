//! Queries for accounts: creating one with its first blog, and the user's own settings.

use crate::blogs;
use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// Whether any user has this email.
pub(crate) async fn email_taken(store: &Store, email: &str) -> sqlx::Result<bool> {
    const SQL: &str = "SELECT COUNT(*) FROM users WHERE email = $1";
    let (n,): (i64,) =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(email).fetch_one(pool).await)?;
    Ok(n > 0)
}

/// Makes `blog_id` the blog the user acts as.
pub(crate) async fn set_current_blog(
    store: &Store,
    user_id: i64,
    blog_id: i64,
) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE users SET current_blog_id = $1 WHERE id = $2";
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(SQL).bind(blog_id).bind(user_id).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// Marks the account tour guide as seen.
pub(crate) async fn set_seen_atg(store: &Store, user_id: i64) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE users SET seen_atg = TRUE WHERE id = $1";
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(SQL).bind(user_id).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// Creates a user and their first (primary, current) blog in one transaction.
/// Returns the new user's id.
pub async fn create_user_with_blog(
    store: &Store,
    email: &str,
    password_hash: &str,
    blog_name: &str,
    blog_title: &str,
) -> sqlx::Result<i64> {
    const USER: &str = "INSERT INTO users (email, password_hash, created_at) \
                        VALUES ($1, $2, $3) RETURNING id";
    const CURRENT: &str = "UPDATE users SET current_blog_id = $1 WHERE id = $2";
    let mut tx = store.begin().await?;
    let (user_id,): (i64,) = with_tx!(tx, conn => sqlx::query_as(USER)
        .bind(email).bind(password_hash).bind(now_secs())
        .fetch_one(conn).await)?;
    let blog_id = blogs::store::insert_blog(&mut tx, user_id, blog_name, blog_title, true).await?;
    with_tx!(tx, conn => sqlx::query(CURRENT).bind(blog_id).bind(user_id).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(user_id)
}
