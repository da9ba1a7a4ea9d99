//! Who has blocked whom, as every feature that hides a blocker's or a blocked blog's things
//! reads it (follows, messaging, search, archive, reblogs, asks). Blocking and unblocking
//! themselves, which unfollow through the follow feature, are `blocks/`: here, below follows,
//! so that follows can read a block.

use crate::store::Store;
use crate::with_pool;

/// Whether `blocker_blog_id` has blocked any blog of `user_id`.
pub(crate) async fn blocked_any_blog_of(
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
pub(crate) async fn posts_hidden_from(
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
