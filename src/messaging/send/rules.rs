//! The rules of a message send, whatever runs it: who may send where, what a send writes and
//! answers, and the statements both drivers run. `sqlite.rs` runs them on the SQLite writer
//! thread; `postgres.rs` calls PostgreSQL's send function (`postgres.sql`), PostgreSQL's
//! dialect of the same statements; `batch.rs` sends several in one transaction there.

use dashwire_protocol::Event;

use crate::messaging::events::{ConversationChange, sent_events};
use crate::messaging::model::{MessageRow, ParticipantRow};
use crate::messaging::store::ConversationRow;
use crate::store::sqlite_writer::WriterError;
use crate::store::{Topic, log};

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

// A send's statements, run on the SQLite writer thread; PostgreSQL's send function
// (`postgres.sql`) is their dialect there, and sqlx runs those of a new conversation there.
/// The sending blog; binds its name, then the user's id.
pub(super) const SENDER: &str =
    "SELECT id, can_message FROM blogs WHERE name = $1 AND user_id = $2";
pub(super) const NEW: &str = "INSERT INTO conversations (participants_key, last_modified_ms, created_at) \
     VALUES ($1, $2, $3) ON CONFLICT (participants_key) DO NOTHING";
pub(super) const FIND: &str = "SELECT id FROM conversations WHERE participants_key = $1";
pub(super) const JOIN: &str = "INSERT INTO conversation_participants (conversation_id, blog_id) \
     VALUES ($1, $2) ON CONFLICT (conversation_id, blog_id) DO NOTHING";
/// The message's ts: now, unless the conversation already moved at or past now, so two
/// messages in one millisecond keep their order. Taken in the UPDATE, under the
/// conversation's row lock, so concurrent sends on PostgreSQL get distinct, increasing ts (a
/// read of MAX(ts) would let both see the same one).
pub(super) const TOUCH: &str = "UPDATE conversations SET last_modified_ms = \
     CASE WHEN $1 > last_modified_ms THEN $1 ELSE last_modified_ms + 1 END \
     WHERE id = $2 RETURNING last_modified_ms, status";
pub(super) const INSERT: &str = "INSERT INTO messages (conversation_id, blog_id, type, body, ts) \
     VALUES ($1, $2, $3, $4, $5) RETURNING id";
pub(super) const READ: &str = "UPDATE conversation_participants SET last_read_ms = $1 \
     WHERE conversation_id = $2 AND blog_id = $3";
/// [`PARTICIPANTS`] with whether each blocks a blog of the sender's user; binds the
/// conversation id, then the sending blog's id.
pub(super) const SEND_PARTICIPANTS: &str = "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, p.last_read_ms, \
     p.cleared_ms, EXISTS (SELECT 1 FROM blocks k JOIN blogs kb ON kb.id = k.blocked_blog_id \
     WHERE k.blocker_blog_id = b.id AND kb.user_id = (SELECT s.user_id FROM blogs s WHERE s.id = $2)) AS blocks_sender \
     FROM conversation_participants p JOIN blogs b ON b.id = p.blog_id \
     WHERE p.conversation_id = $1 ORDER BY b.name";

/// A participant as a send reads it: whether it blocks a blog of the sender's user.
#[derive(Debug, sqlx::FromRow, serde::Deserialize)]
pub(super) struct SendParticipant {
    #[sqlx(flatten)]
    #[serde(flatten)]
    pub(super) row: ParticipantRow,
    pub(super) blocks_sender: bool,
}

impl SendParticipant {
    /// A row of [`SEND_PARTICIPANTS`] as the SQLite writer thread reads it through rusqlite, by
    /// the column names sqlx's `FromRow` reads.
    pub(super) fn from_rusqlite(r: &rusqlite::Row<'_>) -> rusqlite::Result<SendParticipant> {
        Ok(SendParticipant {
            row: ParticipantRow {
                id: r.get("id")?,
                name: r.get("name")?,
                title: r.get("title")?,
                user_id: r.get("user_id")?,
                can_message: r.get("can_message")?,
                theme: r.get("theme")?,
                last_read_ms: r.get("last_read_ms")?,
                cleared_ms: r.get("cleared_ms")?,
            },
            blocks_sender: r.get("blocks_sender")?,
        })
    }
}

impl From<rusqlite::Error> for SendError {
    fn from(err: rusqlite::Error) -> SendError {
        SendError::Db(log::sqlite::to_sqlx_error(err))
    }
}

impl From<WriterError> for SendError {
    fn from(err: WriterError) -> SendError {
        SendError::Db(err.into())
    }
}

/// The sending blog's id, from what [`SENDER`] read: refused when the user has no blog of
/// that name, or it does not take messages.
pub(super) fn sender_id(read: Option<(i64, bool)>) -> Result<i64, SendError> {
    match read {
        None => Err(SendError::NotYourBlog),
        Some((_, false)) => Err(SendError::SenderCannotMessage),
        Some((id, true)) => Ok(id),
    }
}

/// The blogs of a new conversation: those named and the sender's, each once; at least two.
pub(super) fn conversation_blogs(named: &[i64], sender_id: i64) -> Result<Vec<i64>, SendError> {
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
pub(super) fn may_send(
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

pub(super) fn message_row(
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

/// What a send answers: the message, the conversation as the sender now sees it, and its
/// participants.
pub(super) fn sent(row: MessageRow, status: String, participants: Vec<ParticipantRow>) -> Sent {
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
    }
}

/// A sent message, with what the send answers (its events were published as it committed).
#[derive(Debug)]
pub struct Sent {
    pub message: MessageRow,
    /// The conversation as the sender now sees it.
    pub conversation: ConversationRow,
    pub participants: Vec<ParticipantRow>,
}

/// The events of a send but for the unread counts, which each driver reads its own way.
pub(super) fn events_of(
    message_row: &MessageRow,
    participants: &[ParticipantRow],
) -> Vec<(Topic, Event)> {
    let change = ConversationChange {
        conversation_id: message_row.conversation_id,
        participants,
        head: Event::Message(message_row.clone().into_data()),
        latest: None,
    };
    sent_events(change, message_row.ts, message_row.clone())
}
