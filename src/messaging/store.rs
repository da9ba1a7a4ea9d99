//! Queries for conversations and messages.

use dashwire_protocol::{Event, ReadData};

use super::events::{ConversationChange, PARTICIPANTS, conversation_events};
use super::model::{ConversationParticipant, MessageRow, ParticipantRow};
use crate::store::{Store, in_list_query};
use crate::{with_pool, with_tx};

/// A conversation as one participant blog sees it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ConversationRow {
    pub id: i64,
    pub status: String,
    pub last_modified_ms: i64,
    pub last_read_ms: i64,
    /// The blog deleted the conversation's messages up to this time (0: never).
    pub cleared_ms: i64,
}

/// The key that makes a set of blogs have one conversation: sorted ids joined by ':'.
pub fn participants_key(blog_ids: &[i64]) -> String {
    let mut ids = blog_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(":")
}

/// The current time in milliseconds.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The conversation of exactly these blogs, if it exists.
pub async fn conversation_of_blogs(store: &Store, blog_ids: &[i64]) -> sqlx::Result<Option<i64>> {
    const SQL: &str = "SELECT id FROM conversations WHERE participants_key = $1";
    let key = participants_key(blog_ids);
    let row: Option<(i64,)> =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(&key).fetch_optional(pool).await)?;
    Ok(row.map(|r| r.0))
}

/// A conversation's participant blogs, by name.
pub(crate) async fn participants(
    store: &Store,
    conversation_id: i64,
) -> sqlx::Result<Vec<ParticipantRow>> {
    with_pool!(store, pool => sqlx::query_as(PARTICIPANTS).bind(conversation_id).fetch_all(pool).await)
}

/// A conversation as `blog_id` sees it; `None` if that blog does not take part.
pub async fn conversation_as(
    store: &Store,
    conversation_id: i64,
    blog_id: i64,
) -> sqlx::Result<Option<ConversationRow>> {
    const SQL: &str = "SELECT c.id, c.status, c.last_modified_ms, p.last_read_ms, p.cleared_ms \
         FROM conversations c JOIN conversation_participants p ON p.conversation_id = c.id \
         WHERE c.id = $1 AND p.blog_id = $2";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(conversation_id).bind(blog_id).fetch_optional(pool).await)
}

/// A blog's conversations, newest activity first, older than the cursor
/// `(last_modified_ms, id)` when given; none it deleted and heard nothing from since.
pub async fn conversations_of(
    store: &Store,
    blog_id: i64,
    before: Option<(i64, i64)>,
    limit: i64,
) -> sqlx::Result<Vec<ConversationRow>> {
    const SQL: &str = "SELECT c.id, c.status, c.last_modified_ms, p.last_read_ms, p.cleared_ms \
         FROM conversations c JOIN conversation_participants p ON p.conversation_id = c.id \
         WHERE p.blog_id = $1 AND c.last_modified_ms > p.cleared_ms \
         AND (c.last_modified_ms < $2 OR (c.last_modified_ms = $2 AND c.id < $3)) \
         ORDER BY c.last_modified_ms DESC, c.id DESC LIMIT $4";
    let (ms, id) = before.unwrap_or((i64::MAX, i64::MAX));
    with_pool!(store, pool => sqlx::query_as(SQL).bind(blog_id).bind(ms).bind(id).bind(limit).fetch_all(pool).await)
}

/// The participants of each of `conversation_ids`, each conversation's by name, in one
/// query (an inbox page shows twenty conversations).
pub async fn participants_of_many(
    store: &Store,
    conversation_ids: &[i64],
) -> sqlx::Result<Vec<ConversationParticipant>> {
    const HEAD: &str = "SELECT p.conversation_id, b.id, b.name, b.title, b.user_id, b.can_message, \
         b.theme, p.last_read_ms, p.cleared_ms FROM conversation_participants p JOIN blogs b ON b.id = p.blog_id \
         WHERE p.conversation_id IN (";
    if conversation_ids.is_empty() {
        return Ok(Vec::new());
    }
    with_pool!(store, pool => in_list_query(HEAD, conversation_ids, ") ORDER BY p.conversation_id, b.name")
        .build_query_as().fetch_all(pool).await)
}

/// The newest message of each of `conversation_ids` that has one, in one query.
pub async fn last_messages(
    store: &Store,
    conversation_ids: &[i64],
) -> sqlx::Result<Vec<MessageRow>> {
    const HEAD: &str = "SELECT m.id, m.conversation_id, m.ts, m.type, m.body, b.name AS participant \
         FROM messages m JOIN blogs b ON b.id = m.blog_id \
         WHERE m.id IN (SELECT MAX(id) FROM messages WHERE conversation_id IN (";
    if conversation_ids.is_empty() {
        return Ok(Vec::new());
    }
    with_pool!(store, pool => in_list_query(HEAD, conversation_ids, ") GROUP BY conversation_id)")
        .build_query_as().fetch_all(pool).await)
}

/// A page of messages older than `before_id` and newer than `after_ts` (what the reading
/// blog deleted is not there for it), returned oldest first.
pub async fn messages(
    store: &Store,
    conversation_id: i64,
    before_id: Option<i64>,
    after_ts: i64,
    limit: i64,
) -> sqlx::Result<Vec<MessageRow>> {
    const SQL: &str = "SELECT m.id, m.conversation_id, m.ts, m.type, m.body, b.name AS participant \
         FROM messages m JOIN blogs b ON b.id = m.blog_id \
         WHERE m.conversation_id = $1 AND m.id < $2 AND m.ts > $4 ORDER BY m.id DESC LIMIT $3";
    let mut rows: Vec<MessageRow> = with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(conversation_id).bind(before_id.unwrap_or(i64::MAX)).bind(limit).bind(after_ts)
        .fetch_all(pool).await)?;
    rows.reverse();
    Ok(rows)
}

/// Marks a conversation read for `blog_id` if it has anything unread; answers whether it
/// had (only then are there events).
pub async fn mark_read(store: &Store, conversation_id: i64, blog_id: i64) -> sqlx::Result<bool> {
    const READ: &str = "UPDATE conversation_participants SET last_read_ms = \
         (SELECT last_modified_ms FROM conversations WHERE id = $1) \
         WHERE conversation_id = $1 AND blog_id = $2 \
         AND last_read_ms < (SELECT last_modified_ms FROM conversations WHERE id = $1)";
    let mut tx = store.begin().await?;
    let changed = with_tx!(&mut tx, conn => sqlx::query(READ)
        .bind(conversation_id).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if changed == 0 {
        return Ok(false);
    }
    let participants: Vec<ParticipantRow> = with_tx!(&mut tx, conn =>
        sqlx::query_as(PARTICIPANTS).bind(conversation_id).fetch_all(conn).await)?;
    let reader = participants
        .iter()
        .find(|p| p.id == blog_id)
        .ok_or(sqlx::Error::RowNotFound)?;
    let head = Event::Read(ReadData {
        conversation_id,
        participant: reader.name.clone(),
        last_read_ts: reader.last_read_ms / 1000,
    });
    let change = ConversationChange {
        conversation_id,
        participants: &participants,
        head,
        latest: None,
    };
    let events = conversation_events(&mut tx, change).await?;
    tx.record(events).await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes a conversation for `blog_id` alone: its messages so far are hidden from that
/// blog and the conversation is read; it leaves the blog's inbox until a new message.
/// Its owner's unread counts change. Answers false when the blog does not take part.
pub(crate) async fn clear_conversation(
    store: &Store,
    conversation_id: i64,
    blog_id: i64,
) -> sqlx::Result<bool> {
    const CLEAR: &str = "UPDATE conversation_participants SET \
         cleared_ms = (SELECT last_modified_ms FROM conversations WHERE id = $1), \
         last_read_ms = (SELECT last_modified_ms FROM conversations WHERE id = $1) \
         WHERE conversation_id = $1 AND blog_id = $2";
    const OWNER: &str = "SELECT user_id FROM blogs WHERE id = $1";
    let mut tx = store.begin().await?;
    let changed = with_tx!(&mut tx, conn => sqlx::query(CLEAR)
        .bind(conversation_id).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if changed == 0 {
        return Ok(false);
    }
    let (owner,): (i64,) =
        with_tx!(&mut tx, conn => sqlx::query_as(OWNER).bind(blog_id).fetch_one(conn).await)?;
    crate::unread::record_counts(&mut tx, &[owner]);
    tx.commit().await?;
    Ok(true)
}

/// Blogs whose name starts with `query`, that can message, not the user's own.
pub(crate) async fn search_participants(
    store: &Store,
    query: &str,
    user_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<ParticipantRow>> {
    const SQL: &str = "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, CAST(0 AS BIGINT) AS last_read_ms, CAST(0 AS BIGINT) AS cleared_ms \
         FROM blogs b WHERE b.name LIKE $1 AND b.user_id <> $2 AND b.can_message = TRUE \
         ORDER BY length(b.name), b.name LIMIT $3";
    let pattern = format!("{}%", query.replace(['%', '_'], ""));
    with_pool!(store, pool => sqlx::query_as(SQL).bind(&pattern).bind(user_id).bind(limit).fetch_all(pool).await)
}

/// Favourite recipients: blogs the user's blogs have talked with most recently, then
/// blogs the user follows.
pub(crate) async fn favorite_participants(
    store: &Store,
    user_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<ParticipantRow>> {
    // A blog blocked by one of the user's blogs, or blocking one, is no one to write to.
    const BLOCKED: &str = "EXISTS (SELECT 1 FROM blocks k JOIN blogs ub ON ub.user_id = $1 \
         AND ((k.blocker_blog_id = ub.id AND k.blocked_blog_id = b.id) \
           OR (k.blocker_blog_id = b.id AND k.blocked_blog_id = ub.id)))";
    let talked = format!(
        "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, CAST(0 AS BIGINT) AS last_read_ms, CAST(0 AS BIGINT) AS cleared_ms, \
         MAX(c.last_modified_ms) AS recent \
         FROM conversation_participants mine \
         JOIN blogs mb ON mb.id = mine.blog_id AND mb.user_id = $1 \
         JOIN conversations c ON c.id = mine.conversation_id \
         JOIN conversation_participants other ON other.conversation_id = c.id AND other.blog_id <> mine.blog_id \
         JOIN blogs b ON b.id = other.blog_id AND b.user_id <> $1 AND b.can_message = TRUE \
         WHERE NOT {BLOCKED} \
         GROUP BY b.id, b.name, b.title, b.user_id, b.can_message, b.theme \
         ORDER BY recent DESC LIMIT $2"
    );
    let followed = format!(
        "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, CAST(0 AS BIGINT) AS last_read_ms, CAST(0 AS BIGINT) AS cleared_ms \
         FROM follows f JOIN blogs b ON b.id = f.blog_id \
         WHERE f.user_id = $1 AND b.can_message = TRUE AND NOT {BLOCKED} \
         ORDER BY f.created_at DESC LIMIT $2"
    );
    let mut blogs: Vec<ParticipantRow> = with_pool!(store, pool => sqlx::query_as(sqlx::AssertSqlSafe(talked.as_str())).bind(user_id).bind(limit).fetch_all(pool).await)?;
    if (blogs.len() as i64) < limit {
        let followed: Vec<ParticipantRow> = with_pool!(store, pool => sqlx::query_as(sqlx::AssertSqlSafe(followed.as_str())).bind(user_id).bind(limit).fetch_all(pool).await)?;
        for blog in followed {
            if (blogs.len() as i64) < limit && !blogs.iter().any(|b| b.id == blog.id) {
                blogs.push(blog);
            }
        }
    }
    Ok(blogs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_key_per_set_of_blogs() {
        assert_eq!(participants_key(&[3, 1, 2, 3]), "1:2:3");
        assert_eq!(participants_key(&[2, 1]), participants_key(&[1, 2]));
    }
}
