//! The notification as the activity popover reads it (spec 000 §3, Notification): the
//! protocol's `NotificationData`, the same over HTTP and on the `activity:{blog}` channel.

use dashwire_protocol::{
    FromTumblelog, GroupInviteMeta, NoteMeta, NotificationData, NotificationPost,
};
use serde::Serialize;

use super::store::NotificationRow;
use crate::blogs::avatar::avatar_url;
use crate::paths::{blog_url, post_url};

/// The text shown for a notification type.
fn message_for(kind: &str) -> &'static str {
    match kind {
        "follower" => "started following you",
        "like" => "liked your post",
        "reblog" => "reblogged your post",
        "user_mention" => "mentioned you",
        "reply" => "replied to your post",
        "ask" => "asked you a question",
        "submission" => "submitted a post",
        "answer" => "answered your question",
        "group_invite" => "invited you to join",
        _ => "",
    }
}

/// A stored notification in its wire form.
pub(crate) fn notification_data(row: NotificationRow) -> NotificationData {
    let post = match (row.post_id, &row.post_type, &row.post_blog) {
        (Some(id), Some(kind), Some(blog)) => {
            let is_note = kind == "note";
            let waiting = row.post_state.as_deref() == Some("unapproved");
            Some(NotificationPost {
                id,
                url: post_url(blog, id, row.post_slug.as_deref().unwrap_or("")),
                r#type: kind.clone(),
                summary: row.post_summary.clone().unwrap_or_default(),
                media_url: row.post_media_url.clone().unwrap_or_default(),
                is_ask: is_note && waiting,
                is_answer: is_note && !waiting,
            })
        }
        _ => None,
    };
    NotificationData {
        post,
        note_meta: (row.r#type == "reply").then(|| NoteMeta {
            reply_text: row.reply_text.clone(),
        }),
        group_invite: (row.r#type == "group_invite").then_some(GroupInviteMeta {
            pending: row.invite_pending,
        }),
        id: row.id,
        blog: row.blog_name,
        message: message_for(&row.r#type).to_owned(),
        timestamp: row.created_at,
        is_friend: row.is_friend,
        is_read: row.is_read,
        from_tumblelog: row.from_name.map(|name| FromTumblelog {
            avatar_url_48: avatar_url(&name, 48),
            avatar_url_128: avatar_url(&name, 128),
            url: blog_url(&name),
            is_friend: row.is_friend,
            name,
        }),
        r#type: row.r#type,
    }
}

/// `activity_data` of a blog: notifications per day over the last 30 days, oldest first.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct ActivityData {
    pub sparkline: Vec<i64>,
}
