//! Who may read which channel: only your own blogs' inbox and activity, only conversations
//! one of your blogs takes part in, and your own unread counts.

use dashwire_protocol::Channel;

use crate::store::Store;
use crate::with_pool;

/// The routing topic of a channel a user may read, or `None` when it is not theirs.
pub async fn authorize(
    store: &Store,
    user_id: i64,
    channel: &Channel,
) -> sqlx::Result<Option<String>> {
    let allowed = match channel {
        Channel::Unread => return Ok(Some(format!("unread:{user_id}"))),
        Channel::Inbox(blog) | Channel::Activity(blog) => {
            const SQL: &str = "SELECT COUNT(*) FROM blogs WHERE name = $1 AND user_id = $2";
            let (n,): (i64,) = with_pool!(store, pool =>
                sqlx::query_as(SQL).bind(blog).bind(user_id).fetch_one(pool).await)?;
            n > 0
        }
        Channel::Conversation(id) => {
            const SQL: &str = "SELECT COUNT(*) FROM conversation_participants p \
                               JOIN blogs b ON b.id = p.blog_id \
                               WHERE p.conversation_id = $1 AND b.user_id = $2";
            let (n,): (i64,) = with_pool!(store, pool =>
                sqlx::query_as(SQL).bind(id).bind(user_id).fetch_one(pool).await)?;
            n > 0
        }
    };
    Ok(allowed.then(|| channel.to_string()))
}
