//! Submissions (spec 002 §7): a signed-in user's new post saved with `post[state]` '0 3' to
//! another user's blog that takes them. It waits in that blog's inbox (`asks/`) until its
//! owner approves or denies it.

use super::form::SaveForm;
use crate::blogs;
use crate::blogs::lookup::{acting_blog, blog_named};
use crate::blogs::store::BlogRef;
use crate::error::{AppError, Code};
use crate::moderation::not_suspended;
use crate::posts::model::PostType;
use crate::state::AppState;

/// The refusal of a submission to a blog that takes none.
pub(crate) const SUBMISSIONS_OFF: &str = "This blog isn't taking submissions.";
/// The refusal of a submission that is not a new post of one's own.
pub(crate) const SUBMIT_NEW_ONLY: &str = "Only a new post can be submitted.";

/// A submission: a signed-in user's new post to another user's blog (`channel_id`) that
/// takes questions, in the state '0 3'. It waits in that blog's inbox, marked as submitted by
/// the blog the user acts as, until the owner approves (it goes out on the owner's blog) or
/// denies it. Answers the blog it goes to and the submitting blog.
pub(crate) async fn submission(
    app: &AppState,
    user_id: i64,
    form: &SaveForm,
) -> Result<(BlogRef, BlogRef), AppError> {
    if form.edit.is_some() || form.reblog.is_some() {
        return Err(AppError::bad_request(Code::InvalidPost, SUBMIT_NEW_ONLY));
    }
    // A question is asked with /svc/ask: a submitted note would pass for an anonymous one.
    if form.post_type == PostType::Note {
        return Err(AppError::invalid(
            Code::InvalidPost,
            vec![("post[type]".into(), "Invalid \"type\" value".into())],
        ));
    }
    let blog = blog_named(&app.store, Some(user_id), &form.blog).await?;
    if blog.user_id == user_id {
        // An owner never puts a post of their own in the inbox (spec 001 §4: states).
        return Err(AppError::invalid(
            Code::InvalidPost,
            vec![("post[state]".into(), "Invalid \"state\" value".into())],
        ));
    }
    if !blog.asks {
        return Err(AppError::forbidden(Code::AsksOff, SUBMISSIONS_OFF));
    }
    if blogs::blocks::blocked_any_blog_of(&app.store, blog.id, user_id).await? {
        return Err(AppError::forbidden(
            Code::Blocked,
            format!("You can't submit to {}.", blog.name),
        ));
    }
    let submitter = acting_blog(&app.store, user_id).await?;
    not_suspended(&app.store, submitter.id).await?;
    let to = BlogRef {
        id: blog.id,
        user_id: blog.user_id,
        name: blog.name,
        can_message: blog.can_message,
    };
    Ok((to, submitter))
}
