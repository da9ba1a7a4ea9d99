//! The notification as the activity popover reads it (spec 000 §3, Notification).

use serde::Serialize;

use super::store::NotificationRow;
use crate::blogs::avatar::avatar_url;

/// The blog a notification came from.
#[derive(Debug, Serialize)]
pub struct FromTumblelog {
    pub name: String,
    pub avatar_url_48: String,
    pub avatar_url_128: String,
    pub url: String,
    pub is_friend: bool,
}

/// One notification.
#[derive(Debug, Serialize)]
pub struct Notification {
    pub id: i64,
    pub r#type: String,
    pub timestamp: i64,
    pub message: String,
    pub is_friend: bool,
    pub is_read: bool,
    pub from_tumblelog: Option<FromTumblelog>,
}

impl From<NotificationRow> for Notification {
    fn from(row: NotificationRow) -> Self {
        let message = match row.r#type.as_str() {
            "follower" => "started following you",
            "like" => "liked your post",
            "reblog" => "reblogged your post",
            "user_mention" => "mentioned you",
            "reply" => "replied to your post",
            _ => "",
        }
        .to_owned();
        Notification {
            id: row.id,
            timestamp: row.created_at,
            message,
            is_friend: row.is_friend,
            is_read: row.is_read,
            from_tumblelog: row.from_name.map(|name| FromTumblelog {
                avatar_url_48: avatar_url(&name, 48),
                avatar_url_128: avatar_url(&name, 128),
                url: format!("/blog/{name}"),
                is_friend: row.is_friend,
                name,
            }),
            r#type: row.r#type,
        }
    }
}
