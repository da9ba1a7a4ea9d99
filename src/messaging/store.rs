//! Queries for conversations and messages.

use dashwire_protocol::{Event, ReadData};
use sqlx::PgPool;

use super::events::{
    ConversationChange, PARTICIPANTS, conversation_events, sent_events, sent_events_sqlite,
};
use super::model::{ConversationParticipant, MessageRow, ParticipantRow};
use super::send_batch::SendBatch;
use crate::realtime::{Published, Topic, log};
use crate::store::sqlite_writer::{WriterError, named};
use crate::store::{DbPool, Store, in_list_query, now_secs};
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

/// Where a message goes.
#[derive(Debug, Clone)]
pub enum Target {
    /// An existing conversation.
    Existing(i64),
    /// The conversation of exactly these blogs and the sender's, created if new (the sender's
    /// blog may be among them or not).
    Blogs(Vec<i64>),
}

/// Who sends: one of the user's blogs, by name. The send resolves it in its own transaction
/// (no read before it) and refuses a name that is not the user's.
#[derive(Debug, Clone)]
pub struct Sender {
    pub user_id: i64,
    pub blog: String,
}

/// A message to send.
#[derive(Debug, Clone)]
pub struct NewMessage {
    pub target: Target,
    pub sender: Sender,
    pub body: String,
    pub r#type: String,
}

/// Why a send was refused (checked in its transaction, so nothing of it stays).
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// No blog of the sending user has the sender's name.
    #[error("the sender is not one of the user's blogs")]
    NotYourBlog,
    /// The sending blog does not take messages itself.
    #[error("the sender does not take messages")]
    SenderCannotMessage,
    /// The blogs named are only the sender's.
    #[error("no recipient besides the sender")]
    NoRecipient,
    /// The sending blog does not take part in the conversation.
    #[error("the sender does not take part in the conversation")]
    NotParticipant,
    /// Another participant does not take messages.
    #[error("a participant does not take messages")]
    MessagingDisabled,
    /// Another participant blocks a blog of the sender's user.
    #[error("a participant blocks the sender")]
    Blocked,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

// A send's statements, run on the SQLite writer thread; PostgreSQL's send function (migration
// 0014) runs the same ones, and sqlx runs those of a new conversation there.
/// The sending blog; binds its name, then the user's id.
const SENDER: &str = "SELECT id, can_message FROM blogs WHERE name = $1 AND user_id = $2";
const NEW: &str = "INSERT INTO conversations (participants_key, last_modified_ms, created_at) \
     VALUES ($1, $2, $3) ON CONFLICT (participants_key) DO NOTHING";
const FIND: &str = "SELECT id FROM conversations WHERE participants_key = $1";
const JOIN: &str = "INSERT INTO conversation_participants (conversation_id, blog_id) \
     VALUES ($1, $2) ON CONFLICT (conversation_id, blog_id) DO NOTHING";
/// The message's ts: now, unless the conversation already moved at or past now, so two
/// messages in one millisecond keep their order. Taken in the UPDATE, under the
/// conversation's row lock, so concurrent sends on PostgreSQL get distinct, increasing ts (a
/// read of MAX(ts) would let both see the same one).
const TOUCH: &str = "UPDATE conversations SET last_modified_ms = \
     CASE WHEN $1 > last_modified_ms THEN $1 ELSE last_modified_ms + 1 END \
     WHERE id = $2 RETURNING last_modified_ms, status";
const INSERT: &str = "INSERT INTO messages (conversation_id, blog_id, type, body, ts) \
     VALUES ($1, $2, $3, $4, $5) RETURNING id";
const READ: &str = "UPDATE conversation_participants SET last_read_ms = $1 \
     WHERE conversation_id = $2 AND blog_id = $3";
/// A send on PostgreSQL, in one round trip: the function of migration 0014 runs [`SENDER`],
/// [`TOUCH`], [`SEND_PARTICIPANTS`], [`INSERT`], [`READ`] and the participant users' unread
/// counts, and answers what they read as JSON ([`FunctionSend`]).
const SEND_FUNCTION: &str = "SELECT send_message($1, $2, $3, $4, $5, $6)";

/// What the send function answers. It stops early, leaving the rest out, when the user has no
/// blog of that name or it takes no messages (`sender` and `can_message` say which), or the
/// conversation does not exist (no `ts`).
#[derive(Debug, serde::Deserialize)]
pub(super) struct FunctionSend {
    sender: Option<i64>,
    can_message: Option<bool>,
    ts: Option<i64>,
    status: Option<String>,
    /// Present when the function wrote the message: a refused send must then be rolled back.
    pub(super) message_id: Option<i64>,
    #[serde(default, deserialize_with = "null_as_empty")]
    participants: Vec<SendParticipant>,
    /// `(user_id, blog, messaging, activity)` rows, as `unread::events_from` takes them.
    #[serde(default, deserialize_with = "null_as_empty")]
    unread: Vec<crate::unread::CountRow>,
}

impl FunctionSend {
    /// The send function's answer.
    pub(super) fn parse(answer: &str) -> sqlx::Result<FunctionSend> {
        serde_json::from_str(answer).map_err(|e| sqlx::Error::Decode(Box::new(e)))
    }
}

/// PostgreSQL's `json_agg` of no rows is `null`.
fn null_as_empty<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    use serde::Deserialize;
    Ok(Option::<Vec<T>>::deserialize(deserializer)?.unwrap_or_default())
}

/// [`PARTICIPANTS`] with whether each blocks a blog of the sender's user; binds the
/// conversation id, then the sending blog's id.
const SEND_PARTICIPANTS: &str = "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, p.last_read_ms, \
     p.cleared_ms, EXISTS (SELECT 1 FROM blocks k JOIN blogs kb ON kb.id = k.blocked_blog_id \
     WHERE k.blocker_blog_id = b.id AND kb.user_id = (SELECT s.user_id FROM blogs s WHERE s.id = $2)) AS blocks_sender \
     FROM conversation_participants p JOIN blogs b ON b.id = p.blog_id \
     WHERE p.conversation_id = $1 ORDER BY b.name";

/// A participant as a send reads it: whether it blocks a blog of the sender's user.
#[derive(Debug, sqlx::FromRow, serde::Deserialize)]
struct SendParticipant {
    #[sqlx(flatten)]
    #[serde(flatten)]
    row: ParticipantRow,
    blocks_sender: bool,
}

impl From<rusqlite::Error> for SendError {
    fn from(err: rusqlite::Error) -> SendError {
        SendError::Db(log::sqlite_error(err))
    }
}

impl From<WriterError> for SendError {
    fn from(err: WriterError) -> SendError {
        SendError::Db(err.into())
    }
}

/// The sending blog's id, from what [`SENDER`] read: refused when the user has no blog of
/// that name, or it does not take messages.
fn sender_id(read: Option<(i64, bool)>) -> Result<i64, SendError> {
    match read {
        None => Err(SendError::NotYourBlog),
        Some((_, false)) => Err(SendError::SenderCannotMessage),
        Some((id, true)) => Ok(id),
    }
}

/// The blogs of a new conversation: those named and the sender's, each once; at least two.
fn conversation_blogs(named: &[i64], sender_id: i64) -> Result<Vec<i64>, SendError> {
    let mut blogs = named.to_vec();
    blogs.push(sender_id);
    blogs.sort_unstable();
    blogs.dedup();
    if blogs.len() < 2 {
        return Err(SendError::NoRecipient);
    }
    Ok(blogs)
}

/// Who may send, from the participants a send read under the conversation's lock: the sender
/// takes part, and every other participant takes messages and blocks none of the sender's
/// blogs. Answers the sender's place among them, and them.
fn may_send(
    read: Vec<SendParticipant>,
    sender_blog_id: i64,
) -> Result<(usize, Vec<ParticipantRow>), SendError> {
    let sender = read
        .iter()
        .position(|p| p.row.id == sender_blog_id)
        .ok_or(SendError::NotParticipant)?;
    let others = read.iter().filter(|p| p.row.id != sender_blog_id);
    if others.clone().any(|p| !p.row.can_message) {
        return Err(SendError::MessagingDisabled);
    }
    if others.clone().any(|p| p.blocks_sender) {
        return Err(SendError::Blocked);
    }
    Ok((sender, read.into_iter().map(|p| p.row).collect()))
}

fn message_row(
    message: &NewMessage,
    id: i64,
    conversation_id: i64,
    ts: i64,
    sender: &ParticipantRow,
) -> MessageRow {
    MessageRow {
        id,
        conversation_id,
        ts,
        r#type: message.r#type.clone(),
        body: message.body.clone(),
        participant: sender.name.clone(),
    }
}

/// What a send answers: the message, the conversation as the sender now sees it, its
/// participants, and the events to publish.
fn sent(
    row: MessageRow,
    status: String,
    participants: Vec<ParticipantRow>,
    published: Vec<Published>,
) -> Sent {
    let conversation = ConversationRow {
        id: row.conversation_id,
        status,
        last_modified_ms: row.ts,
        last_read_ms: row.ts,
        // The sender's new message is after anything the sender deleted.
        cleared_ms: 0,
    };
    Sent {
        message: row,
        conversation,
        participants,
        published,
    }
}

/// A send on PostgreSQL that may go ahead: what it wrote, and the events to record with it.
pub(super) struct Accepted {
    row: MessageRow,
    status: String,
    participants: Vec<ParticipantRow>,
    pub(super) events: Vec<(Topic, Event)>,
}

impl Accepted {
    /// Checks a send from what the send function read and wrote (`read`, for `message` to
    /// `conversation_id`): who may send is decided here, as on SQLite. Refused, its writes
    /// are the caller's to roll back.
    pub(super) fn postgres(
        message: &NewMessage,
        conversation_id: i64,
        read: FunctionSend,
    ) -> Result<Accepted, SendError> {
        let sender_blog_id = sender_id(read.sender.zip(read.can_message))?;
        let (Some(ts), Some(status), Some(id)) = (read.ts, read.status, read.message_id) else {
            return Err(SendError::NotParticipant);
        };
        let (sender, mut participants) = may_send(read.participants, sender_blog_id)?;
        participants[sender].last_read_ms = ts;
        let row = message_row(message, id, conversation_id, ts, &participants[sender]);
        let change = ConversationChange {
            conversation_id,
            participants: &participants,
            head: Event::Message(row.clone().into_data()),
            latest: None,
        };
        let users: Vec<i64> = participants.iter().map(|p| p.user_id).collect();
        let mut events = sent_events(change, ts, row.clone());
        events.extend(crate::unread::events_from(&users, &read.unread));
        Ok(Accepted {
            row,
            status,
            participants,
            events,
        })
    }

    /// What the send answers once its events are recorded as `published` and committed.
    pub(super) fn sent(self, published: Vec<Published>) -> Sent {
        sent(self.row, self.status, self.participants, published)
    }
}

/// [`send_message`] on the SQLite writer thread (`store/sqlite_writer.rs`): the same
/// statements, prepared once, in one hand-off.
fn send_message_sqlite(tx: &rusqlite::Transaction, message: NewMessage) -> Result<Sent, SendError> {
    use rusqlite::OptionalExtension;
    let now = now_ms();
    let sender_blog_id = sender_id(
        tx.prepare_cached(SENDER)?
            .query_row(
                named(&[&message.sender.blog, &message.sender.user_id]).as_slice(),
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?,
    )?;
    let conversation_id = match &message.target {
        Target::Existing(id) => *id,
        Target::Blogs(named_blogs) => {
            let blog_ids = conversation_blogs(named_blogs, sender_blog_id)?;
            let key = participants_key(&blog_ids);
            let created = now_secs();
            tx.prepare_cached(NEW)?
                .execute(named(&[&key, &now, &created]).as_slice())?;
            let id: i64 = tx
                .prepare_cached(FIND)?
                .query_row(named(&[&key]).as_slice(), |r| r.get(0))?;
            let mut join = tx.prepare_cached(JOIN)?;
            for blog_id in &blog_ids {
                join.execute(named(&[&id, blog_id]).as_slice())?;
            }
            id
        }
    };
    let (ts, status): (i64, String) = tx
        .prepare_cached(TOUCH)?
        .query_row(named(&[&now, &conversation_id]).as_slice(), |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?
        .ok_or(SendError::NotParticipant)?;
    let read: Vec<SendParticipant> = tx
        .prepare_cached(SEND_PARTICIPANTS)?
        .query_map(
            named(&[&conversation_id, &sender_blog_id]).as_slice(),
            |r| {
                Ok(SendParticipant {
                    row: ParticipantRow {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        title: r.get(2)?,
                        user_id: r.get(3)?,
                        can_message: r.get(4)?,
                        theme: r.get(5)?,
                        last_read_ms: r.get(6)?,
                        cleared_ms: r.get(7)?,
                    },
                    blocks_sender: r.get(8)?,
                })
            },
        )?
        .collect::<rusqlite::Result<_>>()?;
    let (sender, mut participants) = may_send(read, sender_blog_id)?;
    let id: i64 = tx.prepare_cached(INSERT)?.query_row(
        named(&[
            &conversation_id,
            &sender_blog_id,
            &message.r#type,
            &message.body,
            &ts,
        ])
        .as_slice(),
        |r| r.get(0),
    )?;
    tx.prepare_cached(READ)?
        .execute(named(&[&ts, &conversation_id, &sender_blog_id]).as_slice())?;
    participants[sender].last_read_ms = ts;
    let row = message_row(&message, id, conversation_id, ts, &participants[sender]);
    let change = ConversationChange {
        conversation_id,
        participants: &participants,
        head: Event::Message(row.clone().into_data()),
        latest: None,
    };
    let events = sent_events_sqlite(tx, change, ts, row.clone())?;
    let published = log::record_sqlite(tx, events)?;
    Ok(sent(row, status, participants, published))
}

/// A sent message, with what the send answers and publishes.
#[derive(Debug)]
pub struct Sent {
    pub message: MessageRow,
    /// The conversation as the sender now sees it.
    pub conversation: ConversationRow,
    pub participants: Vec<ParticipantRow>,
    pub published: Vec<Published>,
}

/// The key that makes a set of blogs have one conversation: sorted ids joined by ':'.
pub fn participants_key(blog_ids: &[i64]) -> String {
    let mut ids = blog_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(":")
}

/// The current time in milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// [`send_message`] on PostgreSQL, on its own: into a new conversation, and for a
/// batch of sends that failed (`send_batch.rs`). One transaction: the new conversation if
/// any, the send function's call (migration 0014), the events.
pub(super) async fn send_postgres(pool: &PgPool, message: NewMessage) -> Result<Sent, SendError> {
    let mut tx = pool.begin().await?;
    let conversation_id = match &message.target {
        Target::Existing(id) => *id,
        Target::Blogs(named_blogs) => {
            let sender_blog_id = sender_id(
                sqlx::query_as(SENDER)
                    .bind(&message.sender.blog)
                    .bind(message.sender.user_id)
                    .fetch_optional(&mut *tx)
                    .await?,
            )?;
            let blog_ids = conversation_blogs(named_blogs, sender_blog_id)?;
            let key = participants_key(&blog_ids);
            sqlx::query(NEW)
                .bind(&key)
                .bind(now_ms())
                .bind(now_secs())
                .execute(&mut *tx)
                .await?;
            let (id,): (i64,) = sqlx::query_as(FIND).bind(&key).fetch_one(&mut *tx).await?;
            for blog_id in &blog_ids {
                sqlx::query(JOIN)
                    .bind(id)
                    .bind(blog_id)
                    .execute(&mut *tx)
                    .await?;
            }
            id
        }
    };
    let answer: String = sqlx::query_scalar(SEND_FUNCTION)
        .bind(message.sender.user_id)
        .bind(&message.sender.blog)
        .bind(conversation_id)
        .bind(now_ms())
        .bind(&message.r#type)
        .bind(&message.body)
        .fetch_one(&mut *tx)
        .await?;
    let mut accepted =
        Accepted::postgres(&message, conversation_id, FunctionSend::parse(&answer)?)?;
    let events = std::mem::take(&mut accepted.events);
    let mut published = log::record_groups(&mut tx, vec![events]).await?;
    tx.commit().await?;
    Ok(accepted.sent(published.pop().unwrap_or_default()))
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
pub async fn participants(
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

/// Writes a message, moves its conversation to the top of every inbox, marks it read
/// for the sender, and records the events all that causes, in one transaction. Who may
/// send is checked in it too (the sender is the user's blog, takes messages and takes
/// part; every other participant takes messages and blocks none of the sender's blogs),
/// so a send costs no reads before it. Answers with what the caller needs to reply, so
/// nothing is read back afterwards. Sends that queue together share a transaction: on
/// SQLite the writer thread's, on PostgreSQL a batch's (`send_batch.rs`).
pub async fn send_message(store: &Store, message: NewMessage) -> Result<Sent, SendError> {
    let pool = match store.pool() {
        DbPool::Sqlite { writer, .. } => {
            return writer.run(move |tx| send_message_sqlite(tx, message)).await;
        }
        DbPool::Postgres(pool) => pool,
    };
    match message.target {
        Target::Existing(conversation_id) => {
            let batch = store.extension(|| SendBatch::start(pool.clone()));
            batch.send(message, conversation_id).await
        }
        Target::Blogs(_) => send_postgres(pool, message).await,
    }
}

/// Marks a conversation read for `blog_id` if it has anything unread; returns the
/// events that causes (none when it was already read).
pub async fn mark_read(
    store: &Store,
    conversation_id: i64,
    blog_id: i64,
) -> sqlx::Result<Vec<Published>> {
    const READ: &str = "UPDATE conversation_participants SET last_read_ms = \
         (SELECT last_modified_ms FROM conversations WHERE id = $1) \
         WHERE conversation_id = $1 AND blog_id = $2 \
         AND last_read_ms < (SELECT last_modified_ms FROM conversations WHERE id = $1)";
    let mut tx = store.begin().await?;
    let changed = with_tx!(&mut tx, conn => sqlx::query(READ)
        .bind(conversation_id).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if changed == 0 {
        return Ok(Vec::new());
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
    let published = log::record(&mut tx, events).await?;
    tx.commit().await?;
    Ok(published)
}

/// Deletes a conversation for `blog_id` alone: its messages so far are hidden from that
/// blog and the conversation is read; it leaves the blog's inbox until a new message.
/// Returns the events to publish (the owner's unread counts). `None`: not a participant.
pub async fn clear_conversation(
    store: &Store,
    conversation_id: i64,
    blog_id: i64,
) -> sqlx::Result<Option<Vec<Published>>> {
    const CLEAR: &str = "UPDATE conversation_participants SET \
         cleared_ms = (SELECT last_modified_ms FROM conversations WHERE id = $1), \
         last_read_ms = (SELECT last_modified_ms FROM conversations WHERE id = $1) \
         WHERE conversation_id = $1 AND blog_id = $2";
    const OWNER: &str = "SELECT user_id FROM blogs WHERE id = $1";
    let mut tx = store.begin().await?;
    let changed = with_tx!(&mut tx, conn => sqlx::query(CLEAR)
        .bind(conversation_id).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    if changed == 0 {
        return Ok(None);
    }
    let (owner,): (i64,) =
        with_tx!(&mut tx, conn => sqlx::query_as(OWNER).bind(blog_id).fetch_one(conn).await)?;
    let events = crate::unread::events(&mut tx, &[owner]).await?;
    let published = log::record(&mut tx, events).await?;
    tx.commit().await?;
    Ok(Some(published))
}

/// Reports each of `reported` (blogs of the conversation) as `reporter_blog_id` saw them.
pub async fn flag_conversation(
    store: &Store,
    conversation_id: i64,
    reporter_blog_id: i64,
    reported: &[i64],
) -> sqlx::Result<()> {
    const SQL: &str = "INSERT INTO conversation_flags \
         (conversation_id, reporter_blog_id, reported_blog_id, created_at) VALUES ($1, $2, $3, $4)";
    let mut tx = store.begin().await?;
    for &blog in reported {
        with_tx!(&mut tx, conn => sqlx::query(SQL)
            .bind(conversation_id).bind(reporter_blog_id).bind(blog).bind(now_secs())
            .execute(conn).await.map(|r| r.rows_affected()))?;
    }
    tx.commit().await
}

/// Blogs whose name starts with `query`, that can message, not the user's own.
pub async fn search_participants(
    store: &Store,
    query: &str,
    user_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<ParticipantRow>> {
    const SQL: &str = "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, CAST(0 AS BIGINT) AS last_read_ms, CAST(0 AS BIGINT) AS cleared_ms \
         FROM blogs b WHERE b.name LIKE $1 AND b.user_id <> $2 AND b.can_message = TRUE \
         ORDER BY length(b.name), b.name LIMIT $3";
    let pattern = format!("{}%", query.replace(['%', '_'], ""));
    with_pool!(store, pool => sqlx::query_as(SQL).bind(pattern).bind(user_id).bind(limit).fetch_all(pool).await)
}

/// Favourite recipients: blogs the user's blogs have talked with most recently, then
/// blogs the user follows.
pub async fn favorite_participants(
    store: &Store,
    user_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<ParticipantRow>> {
    const TALKED: &str = "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, CAST(0 AS BIGINT) AS last_read_ms, CAST(0 AS BIGINT) AS cleared_ms, \
         MAX(c.last_modified_ms) AS recent \
         FROM conversation_participants mine \
         JOIN blogs mb ON mb.id = mine.blog_id AND mb.user_id = $1 \
         JOIN conversations c ON c.id = mine.conversation_id \
         JOIN conversation_participants other ON other.conversation_id = c.id AND other.blog_id <> mine.blog_id \
         JOIN blogs b ON b.id = other.blog_id AND b.user_id <> $1 AND b.can_message = TRUE \
         GROUP BY b.id, b.name, b.title, b.user_id, b.can_message, b.theme \
         ORDER BY recent DESC LIMIT $2";
    const FOLLOWED: &str = "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, CAST(0 AS BIGINT) AS last_read_ms, CAST(0 AS BIGINT) AS cleared_ms \
         FROM follows f JOIN blogs b ON b.id = f.blog_id \
         WHERE f.user_id = $1 AND b.can_message = TRUE ORDER BY f.created_at DESC LIMIT $2";
    let mut blogs: Vec<ParticipantRow> = with_pool!(store, pool => sqlx::query_as(TALKED).bind(user_id).bind(limit).fetch_all(pool).await)?;
    if (blogs.len() as i64) < limit {
        let followed: Vec<ParticipantRow> = with_pool!(store, pool => sqlx::query_as(FOLLOWED).bind(user_id).bind(limit).fetch_all(pool).await)?;
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
