//! What a like is (spec 002 §4 Post like, §6): who may like which post, as which blog, and
//! what liking does (`store.rs`: the like, its note in the chain, the post's blog's
//! notification, all published as it commits).

use super::store;
use crate::blogs::lookup::acting_blog;
use crate::error::{AppError, Code};
use crate::notes::store::NotedPost;
use crate::posts;
use crate::posts::model::PostState;
use crate::posts::reblog::not_blocked;
use crate::posts::store::PostRow;
use crate::store::Store;

/// The message of a like refused for the post's owner (spec 002 §6).
pub(crate) const OWN_POST: &str = "You can't like your own post.";

/// `user_id` likes the post `id`, named with its reblog `key`, as the blog they act as:
/// refused for their own post, for a post of a blog that blocked them, and (404) for one that
/// is not published or not named so. Liking twice is not an error. Answers the post's id.
pub async fn like(store: &Store, user_id: i64, id: i64, key: &str) -> Result<i64, AppError> {
    let post = likeable(store, user_id, id, key).await?;
    if post.owner_id == user_id {
        return Err(AppError::forbidden(Code::OwnPost, OWN_POST));
    }
    not_blocked(store, user_id, &post, "like").await?;
    let via = acting_blog(store, user_id).await?;
    let noted = NotedPost::of(post.id, post.root_post_id);
    store::like(store, user_id, via.id, noted).await?;
    Ok(post.id)
}

/// `user_id` no longer likes the post `id` (named as for [`like`]). Not liking it is not an
/// error. Answers the post's id.
pub async fn unlike(store: &Store, user_id: i64, id: i64, key: &str) -> Result<i64, AppError> {
    let post = likeable(store, user_id, id, key).await?;
    store::unlike(store, user_id, post.id).await?;
    Ok(post.id)
}

/// The published post `id`, named with its reblog key; anything else answers 404, as if
/// the post did not exist.
async fn likeable(store: &Store, user_id: i64, id: i64, key: &str) -> Result<PostRow, AppError> {
    match posts::store::post_row(store, id, Some(user_id)).await? {
        Some(row)
            if row.state() == PostState::Published && !key.is_empty() && row.reblog_key == key =>
        {
            Ok(row)
        }
        _ => Err(AppError::not_found("No such post.")),
    }
}
