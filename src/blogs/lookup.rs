//! Finding the blog a call names: "the caller's blog named X" (the check every call that
//! acts as one of the user's blogs makes, with one answer everywhere: 403 `not_your_blog`),
//! and any blog by name (404 when there is none).

use super::store;
use super::store::{BlogRef, BlogRow};
use crate::error::{AppError, Code};
use crate::store::Store;

/// The form field a call names the acting blog in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlogField {
    /// `tumblelog`, as the blog calls write it.
    Tumblelog,
    /// `participant`, as messaging writes it (`{blog}.{host}` or `{blog}`).
    Participant,
    /// `channel_id`, as the composer writes it.
    ChannelId,
}

impl BlogField {
    fn name(self) -> &'static str {
        match self {
            BlogField::Tumblelog => "tumblelog",
            BlogField::Participant => "participant",
            BlogField::ChannelId => "channel_id",
        }
    }

    fn missing_code(self) -> Code {
        match self {
            BlogField::Tumblelog => Code::MissingTumblelog,
            BlogField::Participant => Code::MissingParticipant,
            BlogField::ChannelId => Code::MissingChannelId,
        }
    }
}

/// The caller's own blog named `name`. A name that is not one of the user's blogs (whether
/// or not some other blog has it) is refused with 403 `not_your_blog`; an empty one is a 400
/// naming the field that should have said which blog.
pub(crate) async fn owned_blog(
    store: &Store,
    user_id: i64,
    name: &str,
    field: BlogField,
) -> Result<BlogRef, AppError> {
    let name = named_blog(name, field)?;
    store::owned_blog(store, user_id, name)
        .await?
        .ok_or_else(|| not_yours(name))
}

/// The blog named `name` that the caller writes: their own, or a group blog they are a
/// member of (posting, its drafts and queue, its asks). Any other is refused as
/// [`owned_blog`] refuses it.
pub(crate) async fn writable_blog(
    store: &Store,
    user_id: i64,
    name: &str,
    field: BlogField,
) -> Result<BlogRef, AppError> {
    let name = named_blog(name, field)?;
    super::writers::writable_blog(store, user_id, name)
        .await?
        .ok_or_else(|| not_yours(name))
}

/// The blog name a call gives in `field`, trimmed: a 400 naming the field when it is empty.
pub(crate) fn named_blog(name: &str, field: BlogField) -> Result<&str, AppError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(AppError::bad_request(
            field.missing_code(),
            format!(
                "Say which of your blogs: the {} field is required.",
                field.name()
            ),
        ));
    }
    Ok(name)
}

/// The refusal for a blog that is not the caller's.
pub(crate) fn not_yours(name: &str) -> AppError {
    AppError::forbidden(
        Code::NotYourBlog,
        format!("'{name}' is not one of your blogs."),
    )
}

/// Any blog by name, as `viewer` sees it: 404 when there is none, 400 when the `tumblelog`
/// field is empty.
pub(crate) async fn blog_named(
    store: &Store,
    viewer: Option<i64>,
    name: &str,
) -> Result<BlogRow, AppError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(AppError::bad_request(
            Code::MissingTumblelog,
            "Say which blog: the tumblelog field is required.",
        ));
    }
    store::blog_by_name(store, name, viewer)
        .await?
        .ok_or_else(|| AppError::not_found(format!("There's no blog named '{name}'.")))
}

/// The blog the user acts as: the current one, or the first if none is set (or it is gone).
/// One light query: it is on every follow's path.
pub(crate) async fn acting_blog(store: &Store, user_id: i64) -> Result<BlogRef, AppError> {
    store::acting_blog(store, user_id)
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("user {user_id} has no blog")))
}
