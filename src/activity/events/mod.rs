//! The events a notification causes: the notification itself on its blog's `activity`
//! channel, and its owner's new unread counts. The rule and its statements are here; they run
//! in a sqlx transaction on either database (`sqlx_tx.rs`) or on the SQLite writer thread
//! through rusqlite (`writer_thread.rs`).

mod sqlx_tx;
mod writer_thread;

use dashwire_protocol::{Channel, Event};

use super::model::notification_data;
use super::store::NotificationRow;
use crate::store::Topic;

pub use sqlx_tx::notify;
pub use writer_thread::notify_sqlite;

/// Inserts one notification and returns its id.
const INSERT_NOTIFICATION: &str = "INSERT INTO notifications \
     (blog_id, type, from_blog_id, post_id, reply_text, created_at) \
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id";
/// The notified blog's owner.
const OWNER: &str = "SELECT user_id FROM blogs WHERE id = $1";

/// Something that happened to a blog, to tell its owner.
#[derive(Debug, Clone, Copy)]
pub struct Notice<'a> {
    /// The notified blog.
    pub blog_id: i64,
    /// `follower`, `like`, `reblog`, `user_mention`, `reply`.
    pub kind: &'a str,
    /// The blog it came from; none for an anonymous question.
    pub from_blog_id: Option<i64>,
    /// The post it is about.
    pub post_id: Option<i64>,
    /// A reply's text.
    pub reply_text: &'a str,
}

impl<'a> Notice<'a> {
    /// A notice about no post (a new follower).
    pub fn about_blog(blog_id: i64, kind: &'a str, from_blog_id: i64) -> Notice<'a> {
        Notice {
            blog_id,
            kind,
            from_blog_id: Some(from_blog_id),
            post_id: None,
            reply_text: "",
        }
    }
}

/// The events of the notification `row`: itself on its blog's `activity` channel. Its owner's
/// unread counts follow, read by each driver in the same transaction.
fn notification_event(row: NotificationRow) -> (Topic, Event) {
    (
        Topic::shared(Channel::Activity(row.blog_name.clone())),
        Event::Notification(Box::new(notification_data(row))),
    )
}
