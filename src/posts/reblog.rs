//! The rules of a post that is already written, whatever the call that acts on it: whose
//! it is, who may reblog it and with what, who may act on it, and the trail a reblog of it
//! carries (spec 001 §4, spec 002 §7).

use super::model::{PostContent, PostState, TrailItem};
use super::store;
use super::store::{PostRow, PostWrite, ReblogOf};
use super::view::post_url;
use crate::blogs;
use crate::blogs::avatar::{DEFAULT_AVATAR_SIZE, avatar_url};
use crate::error::{AppError, Code};
use crate::store::Store;

/// The message of a reblog (or a text post) that says nothing (spec 001 §5).
pub(crate) const POST_BODY_EMPTY: &str = "Post body empty.";

/// The message of a refused reblog (spec 001 §4).
pub(crate) const CANNOT_REBLOG: &str = "This post cannot be reblogged.";

/// What a fast reblog writes (spec 002 §7 `/fast_reblog`): `parent` reblogged as it is to
/// `blog_id`, with no words or tags of its own, published now or queued.
pub(crate) fn fast_reblog(
    parent: &PostRow,
    blog_id: i64,
    state: PostState,
) -> Result<PostWrite, AppError> {
    let trail = trail_after(parent);
    let content = parent.content().for_reblog();
    check_reblog_text(&content, &trail, "")?;
    let mut write = PostWrite::new(blog_id, state, content);
    // A reblog keeps its parent's type whatever its content says (a note's answer, say).
    write.post_type = parent.post_type();
    write.reblog = Some(ReblogOf {
        parent_id: parent.id,
        root_id: parent.root_post_id.unwrap_or(parent.id),
        trail,
    });
    Ok(write)
}

/// One of the user's own posts, or of a group blog they are a member of (its members write
/// it); anyone else's answers 404, as if it did not exist (drafts and queued posts are
/// nobody else's business).
pub(crate) async fn own_post(store: &Store, user_id: i64, id: i64) -> Result<PostRow, AppError> {
    match store::post_row(store, id, Some(user_id)).await? {
        Some(row) if row.owner_id == user_id => Ok(row),
        Some(row)
            if row.is_group
                && crate::blogs::writers::membership(store, row.blog_id, user_id)
                    .await?
                    .is_some() =>
        {
            Ok(row)
        }
        _ => Err(AppError::not_found("No such post.")),
    }
}

/// The post `parent_id` if `user_id` may reblog it with `key`: a published post whose blog
/// has not blocked any blog of the user. Anything else is refused with the spec's 403.
pub(crate) async fn rebloggable(
    store: &Store,
    user_id: i64,
    parent_id: i64,
    key: &str,
) -> Result<PostRow, AppError> {
    let refused = || AppError::forbidden(Code::NotRebloggable, CANNOT_REBLOG);
    let parent = store::post_row(store, parent_id, Some(user_id))
        .await?
        .ok_or_else(refused)?;
    let key_matches = !key.is_empty() && parent.reblog_key == key;
    if !key_matches || parent.state() != PostState::Published {
        return Err(refused());
    }
    if blogs::blocks::blocked_any_blog_of(store, parent.blog_id, user_id).await? {
        return Err(refused());
    }
    Ok(parent)
}

/// Refuses to `act` on ("like", "reply to") a post of a blog that blocked one of the user's
/// blogs: 403 `blocked`.
pub(crate) async fn not_blocked(
    store: &Store,
    user_id: i64,
    post: &PostRow,
    act: &str,
) -> Result<(), AppError> {
    if blogs::blocks::blocked_any_blog_of(store, post.blog_id, user_id).await? {
        return Err(AppError::forbidden(
            Code::Blocked,
            format!("You can't {act} {}'s posts.", post.blog_name),
        ));
    }
    Ok(())
}

/// The trail a reblog of `parent` carries: the parent's own trail, then the parent's own
/// words (its comment, or for the chain's first post its text), when it has any.
pub(crate) fn trail_after(parent: &PostRow) -> Vec<TrailItem> {
    let content = parent.content();
    let (mut trail, words, original) = if parent.is_reblog() {
        (parent.trail(), parent.comment.clone(), false)
    } else {
        (Vec::new(), content.own_text().to_owned(), true)
    };
    if !words.trim().is_empty() {
        let title = match (&content, original) {
            (PostContent::Text { title, .. }, true) => title.clone(),
            _ => String::new(),
        };
        trail.push(TrailItem {
            pid: parent.id,
            name: parent.blog_name.clone(),
            permalink: post_url(&parent.blog_name, parent.id, &parent.slug),
            content: words,
            avatar_url: avatar_url(&parent.blog_name, DEFAULT_AVATAR_SIZE),
            title,
            is_original_entry: original,
        });
    }
    trail
}

/// A text reblog says something: a title, a trail, or its own comment (spec 001 §5: the
/// body may be empty when a reblog tree exists).
pub(crate) fn check_reblog_text(
    content: &PostContent,
    trail: &[TrailItem],
    comment: &str,
) -> Result<(), AppError> {
    if let PostContent::Text { title, .. } = content
        && title.is_empty()
        && trail.is_empty()
        && comment.trim().is_empty()
    {
        return Err(AppError::invalid(
            Code::InvalidPost,
            vec![("post[two]".to_owned(), POST_BODY_EMPTY.to_owned())],
        ));
    }
    Ok(())
}
