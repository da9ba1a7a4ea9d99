//! The notification as the activity popover reads it (spec 000 §3, Notification): the
//! protocol's `NotificationData`, the same over HTTP and on the `activity:{blog}` channel.

use dashwire_protocol::{
    FromTumblelog, GroupInviteMeta, NewPost, NoteMeta, NotificationData, NotificationPost,
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
                video_thumbnail_url: if kind == "video" {
                    row.post_media_url.clone().unwrap_or_default()
                } else {
                    String::new()
                },
                is_ask: is_note && waiting,
                is_answer: is_note && !waiting,
            })
        }
        _ => None,
    };
    let new_post = match (row.r#type.as_str(), row.new_post_id, &row.new_post_blog) {
        ("reblog", Some(id), Some(blog)) => Some(NewPost {
            url: post_url(blog, id, row.new_post_slug.as_deref().unwrap_or("")),
            diff: row.reply_text.clone(),
            quote: post.as_ref().map(|p| p.summary.clone()).unwrap_or_default(),
        }),
        _ => None,
    };
    let note_meta = match row.r#type.as_str() {
        "reply" => Some(NoteMeta {
            reply_text: row.reply_text.clone(),
            answer_text: String::new(),
        }),
        "answer" => Some(NoteMeta {
            reply_text: String::new(),
            answer_text: row.reply_text.clone(),
        }),
        _ => None,
    };
    NotificationData {
        post,
        new_post,
        note_meta,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn row(kind: &str, post_type: &str) -> NotificationRow {
        NotificationRow {
            id: 1,
            blog_id: 1,
            blog_name: "ann".into(),
            r#type: kind.into(),
            created_at: 0,
            is_read: false,
            from_name: Some("ben".into()),
            reply_text: "Added words".into(),
            is_friend: false,
            post_id: Some(7),
            post_type: Some(post_type.into()),
            post_slug: Some(String::new()),
            post_blog: Some("ann".into()),
            post_summary: Some("A walk".into()),
            post_media_url: Some("/media/poster.jpg".into()),
            post_state: Some("published".into()),
            invite_pending: false,
            new_post_id: Some(9),
            new_post_blog: Some("ben".into()),
            new_post_slug: Some("a-walk".into()),
        }
    }

    /// A video's poster is its thumbnail; a reblog names the reblog and what it added.
    #[test]
    fn a_reblog_of_a_video_names_its_thumbnail_and_the_new_post() {
        let data = notification_data(row("reblog", "video"));
        let post = data.post.unwrap();
        assert_eq!(post.video_thumbnail_url, "/media/poster.jpg");
        assert_eq!(
            data.new_post,
            Some(NewPost {
                url: "/blog/ben/post/9/a-walk".into(),
                diff: "Added words".into(),
                quote: "A walk".into(),
            })
        );
        assert_eq!(data.note_meta, None);
        let photo = notification_data(row("like", "photo"));
        assert_eq!(photo.post.unwrap().video_thumbnail_url, "");
        assert_eq!(photo.new_post, None, "only a reblog has a new post");
    }
}
