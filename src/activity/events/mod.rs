//! The events a notification causes: the notification itself on its blog's `activity`
//! channel, and its owner's new unread counts. The rule and its statements are here; they run
//! in the store's transaction on either database ([`notify`]), or on the SQLite writer thread
//! through rusqlite for a change that runs there ([`sqlite::notify`]).

pub(crate) mod sqlite;

use dashwire_protocol::{Channel, Event};

use super::model::notification_data;
use super::store::{NOTIFICATION_BY_ID, NotificationRow};
use crate::store::{Topic, Tx, now_secs};
use crate::with_tx;

/// Inserts one notification and returns its id.
const INSERT_NOTIFICATION: &str = "INSERT INTO notifications \
     (blog_id, type, from_blog_id, post_id, reply_text, created_at, new_post_id) \
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id";
/// The notified blog's owner.
const OWNER: &str = "SELECT user_id FROM blogs WHERE id = $1";

/// Something that happened to a blog, to tell its owner.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Notice<'a> {
    /// The notified blog.
    pub blog_id: i64,
    /// `follower`, `like`, `reblog`, `user_mention`, `reply`.
    pub kind: &'a str,
    /// The blog it came from; none for an anonymous question.
    pub from_blog_id: Option<i64>,
    /// The post it is about.
    pub post_id: Option<i64>,
    /// The note's words, plain text: a reply's text, what a reblog added, an answer.
    pub reply_text: &'a str,
    /// A reblog's new post (the reblog itself).
    pub new_post_id: Option<i64>,
}

impl<'a> Notice<'a> {
    /// A notice about no post (a new follower).
    pub(crate) fn about_blog(blog_id: i64, kind: &'a str, from_blog_id: i64) -> Notice<'a> {
        Notice {
            blog_id,
            kind,
            from_blog_id: Some(from_blog_id),
            post_id: None,
            reply_text: "",
            new_post_id: None,
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

/// Writes a notification inside the open transaction of the change it reports, and returns
/// the events to record with it; the owner's unread counts are recorded as `tx` commits.
pub(crate) async fn notify(tx: &mut Tx, notice: Notice<'_>) -> sqlx::Result<Vec<(Topic, Event)>> {
    let (id,): (i64,) = with_tx!(tx, conn => sqlx::query_as(INSERT_NOTIFICATION)
        .bind(notice.blog_id).bind(notice.kind).bind(notice.from_blog_id).bind(notice.post_id)
        .bind(notice.reply_text).bind(now_secs()).bind(notice.new_post_id)
        .fetch_one(conn).await)?;
    let row: NotificationRow = with_tx!(tx, conn =>
        sqlx::query_as(NOTIFICATION_BY_ID).bind(id).fetch_one(conn).await)?;
    let (owner,): (i64,) =
        with_tx!(tx, conn => sqlx::query_as(OWNER).bind(notice.blog_id).fetch_one(conn).await)?;
    crate::unread::record_counts(tx, &[owner]);
    Ok(vec![notification_event(row)])
}
