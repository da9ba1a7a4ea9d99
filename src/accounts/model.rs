//! The current user as `/svc/user/info` answers it (spec 000 §3, spec 002 §3).

use serde::Serialize;

use crate::auth;
use crate::blogs;
use crate::blogs::model::UserBlog;
use crate::error::AppError;
use crate::follows;
use crate::likes;
use crate::moderation;
use crate::store::Store;
use crate::unread;

/// The logged-in user's model. A visitor's answer has only a form key (no name: logged out).
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct UserModel {
    /// The primary blog's name.
    pub name: String,
    pub email: String,
    pub form_key: String,
    pub seen_atg: bool,
    pub liked_post_count: i64,
    pub friend_count: i64,
    /// Unread conversations over all the user's blogs: the messaging badge.
    pub unread_count: i64,
    /// Unread notifications over all the user's blogs.
    pub activity_unread_count: i64,
    pub can_message: bool,
    pub primary_channel: Option<String>,
    pub current_channel: Option<String>,
    pub channels: Vec<UserBlog>,
    /// The blog the user acts as is suspended: it posts nothing (fast compose stays shut,
    /// spec 001 §2).
    pub is_suspended: bool,
    /// May toggle blogs' spam, nsfw and suspended flags.
    pub is_admin: bool,
    #[serde(skip)]
    pub current_blog_id: Option<i64>,
}

/// The visitor's answer.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct VisitorModel {
    pub form_key: String,
}

/// Builds the user model for `user_id`, whose session has `form_key`.
pub(crate) async fn user_model(
    store: &Store,
    user_id: i64,
    form_key: &str,
) -> Result<UserModel, AppError> {
    let user = auth::store::user_by_id(store, user_id)
        .await?
        .ok_or_else(AppError::not_logged_in)?;
    let blogs = blogs::store::blogs_of_user(store, user_id).await?;
    // A current blog that is gone (or never set) falls back to the first blog.
    let current_blog_id = user
        .current_blog_id
        .filter(|id| blogs.iter().any(|b| b.id == *id))
        .or_else(|| blogs.first().map(|b| b.id));
    let mut channels: Vec<UserBlog> = blogs
        .iter()
        .map(|b| UserBlog::of(b, current_blog_id))
        .collect();
    let can_message = channels.iter().any(|c| c.can_message);
    // The group blogs the user writes but does not own, after their own (never current:
    // the current blog is the one they act as, which is always their own).
    let groups = blogs::store::groups_of_member(store, user_id).await?;
    channels.extend(groups.iter().map(UserBlog::member_of));
    let primary = blogs.iter().find(|b| b.is_primary).or(blogs.first());
    let counts = unread::unread_counts(store, user_id).await?;
    Ok(UserModel {
        name: primary.map(|b| b.name.clone()).unwrap_or_default(),
        email: user.email,
        form_key: form_key.to_owned(),
        seen_atg: user.seen_atg,
        liked_post_count: likes::store::liked_post_count(store, user_id).await?,
        friend_count: follows::store::friend_count(store, user_id).await?,
        unread_count: counts.messaging,
        activity_unread_count: counts.blogs.iter().map(|b| b.activity).sum(),
        can_message,
        primary_channel: primary.map(|b| b.name.clone()),
        current_channel: channels
            .iter()
            .find(|c| c.is_current)
            .map(|c| c.name.clone()),
        channels,
        is_suspended: match current_blog_id {
            Some(id) => moderation::store::blog_flags(store, id).await?.is_suspended,
            None => false,
        },
        is_admin: moderation::store::is_admin(store, user_id).await?,
        current_blog_id,
    })
}

/// What making a blog answers: the new blog's entry (named `name`, the user's now) and the
/// user model with it.
pub(crate) async fn with_new_blog(
    store: &Store,
    user_id: i64,
    form_key: &str,
    name: &str,
) -> Result<(UserBlog, UserModel), AppError> {
    let user = user_model(store, user_id, form_key).await?;
    let row = blogs::store::blog_by_name(store, name, Some(user_id))
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("new blog {name} vanished")))?;
    Ok((UserBlog::of(&row, user.current_blog_id), user))
}
