//! Queries for accounts: creating one with its first blog, and the user's own settings.

use crate::store::{Store, now_secs};
use crate::{with_pool, with_writer};

/// Whether any user has this email.
pub async fn email_taken(store: &Store, email: &str) -> sqlx::Result<bool> {
    const SQL: &str = "SELECT COUNT(*) FROM users WHERE email = $1";
    let (n,): (i64,) =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(email).fetch_one(pool).await)?;
    Ok(n > 0)
}

/// Makes `blog_id` the blog the user acts as.
pub async fn set_current_blog(store: &Store, user_id: i64, blog_id: i64) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE users SET current_blog_id = $1 WHERE id = $2";
    with_writer!(store, pool => sqlx::query(SQL).bind(blog_id).bind(user_id).execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Marks the account tour guide as seen.
pub async fn set_seen_atg(store: &Store, user_id: i64) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE users SET seen_atg = TRUE WHERE id = $1";
    with_writer!(store, pool => sqlx::query(SQL).bind(user_id).execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
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
    // Reach and Analytics are every blog's until an administrator takes them away.
    const BLOG: &str = "INSERT INTO blogs (user_id, name, title, position, is_primary, created_at, \
                        radar_feature_premium, is_visible_premium_partner) \
                        VALUES ($1, $2, $3, 0, TRUE, $4, TRUE, TRUE) RETURNING id";
    const CURRENT: &str = "UPDATE users SET current_blog_id = $1 WHERE id = $2";
    let now = now_secs();
    with_writer!(store, pool => {
        let mut tx = pool.begin().await?;
        let (user_id,): (i64,) = sqlx::query_as(USER)
            .bind(email).bind(password_hash).bind(now)
            .fetch_one(&mut *tx).await?;
        let (blog_id,): (i64,) = sqlx::query_as(BLOG)
            .bind(user_id).bind(blog_name).bind(blog_title).bind(now)
            .fetch_one(&mut *tx).await?;
        sqlx::query(CURRENT).bind(blog_id).bind(user_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(user_id)
    })
}
