//! Queries for moderation.

use crate::store::Store;
use crate::{with_pool, with_tx};

/// A blog flag an administrator toggles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlogFlag {
    Spam,
    Nsfw,
    Suspended,
}

impl BlogFlag {
    /// Its toggle's path segment (`/{name}/toggle`).
    pub(crate) fn name(self) -> &'static str {
        match self {
            BlogFlag::Spam => "spam",
            BlogFlag::Nsfw => "nsfw",
            BlogFlag::Suspended => "suspended",
        }
    }

    /// The statement that flips it. One constant per flag: the column is never written
    /// from input.
    fn toggle_sql(self) -> &'static str {
        match self {
            BlogFlag::Spam => "UPDATE blogs SET is_spam = NOT is_spam WHERE id = $1",
            BlogFlag::Nsfw => "UPDATE blogs SET is_nsfw = NOT is_nsfw WHERE id = $1",
            BlogFlag::Suspended => "UPDATE blogs SET is_suspended = NOT is_suspended WHERE id = $1",
        }
    }
}

/// A blog's moderation flags.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, sqlx::FromRow)]
pub(crate) struct BlogFlags {
    pub is_spam: bool,
    pub is_nsfw: bool,
    pub is_suspended: bool,
}

/// Makes the account with `email` an administrator (or not); false when there is none.
pub(crate) async fn set_admin(store: &Store, email: &str, admin: bool) -> sqlx::Result<bool> {
    const SQL: &str = "UPDATE users SET is_admin = $2 WHERE email = $1";
    let mut tx = store.begin().await?;
    let changed = with_tx!(tx, conn => sqlx::query(SQL)
        .bind(email.trim().to_lowercase()).bind(admin).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(changed > 0)
}

/// Whether `user_id` is an administrator.
pub(crate) async fn is_admin(store: &Store, user_id: i64) -> sqlx::Result<bool> {
    const SQL: &str = "SELECT is_admin FROM users WHERE id = $1";
    let row: Option<(bool,)> =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_optional(pool).await)?;
    Ok(row.is_some_and(|(admin,)| admin))
}

/// Flips `flag` on the blog `blog_id`; answers its flags after.
pub(crate) async fn toggle_blog_flag(
    store: &Store,
    blog_id: i64,
    flag: BlogFlag,
) -> sqlx::Result<BlogFlags> {
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(flag.toggle_sql()).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    blog_flags(store, blog_id).await
}

/// The blog's moderation flags (all false for a blog that does not exist).
pub(crate) async fn blog_flags(store: &Store, blog_id: i64) -> sqlx::Result<BlogFlags> {
    const SQL: &str = "SELECT is_spam, is_nsfw, is_suspended FROM blogs WHERE id = $1";
    let flags: Option<BlogFlags> =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(blog_id).fetch_optional(pool).await)?;
    Ok(flags.unwrap_or_default())
}
