//! What a follow is (spec 002 §6, §7): who may follow which blog, as which of their blogs,
//! and what following does (`store.rs`: the follow, the followed blog's `follower`
//! notification, the user's dashboards reading the blog, all published as it commits).

use super::store::{self, FollowChange};
use crate::blogs;
use crate::blogs::lookup::acting_blog;
use crate::blogs::store::BlogRow;
use crate::error::{AppError, Code};
use crate::store::Store;

/// `user_id` follows `target` as the blog they act as: refused for one's own blog and for a
/// blog that blocked them. Following twice is not an error. Answers whether it followed now.
pub async fn follow(store: &Store, user_id: i64, target: &BlogRow) -> Result<bool, AppError> {
    if target.user_id == user_id {
        return Err(AppError::bad_request(
            Code::OwnBlog,
            "You can't follow your own blog.",
        ));
    }
    if blogs::blocks::blocked_any_blog_of(store, target.id, user_id).await? {
        return Err(AppError::forbidden(
            Code::Blocked,
            format!("You can't follow {}.", target.name),
        ));
    }
    let via = acting_blog(store, user_id).await?;
    let change = store::follow(store, user_id, via.id, target.id).await?;
    Ok(change == FollowChange::Followed)
}

/// `user_id` stops following `target`. Not following it is not an error. Answers whether it
/// unfollowed now.
pub async fn unfollow(store: &Store, user_id: i64, target: &BlogRow) -> Result<bool, AppError> {
    let change = store::unfollow(store, user_id, target.id).await?;
    Ok(change == FollowChange::Unfollowed)
}
