//! Sends on PostgreSQL: the function of `postgres.sql` runs a send's statements, for one send
//! or a batch of them, and answers what they read; Rust decides who may send from that, as
//! on SQLite. This file creates the function, calls it, and runs a send in a transaction of
//! its own (a new conversation, a send when batching is off, a batch's send run again
//! alone); `batch.rs` runs several in one. Both write through the store's [`Tx`], which
//! publishes what they record as it commits.

use std::sync::LazyLock;

use dashwire_protocol::Event;
use sha2::{Digest, Sha256};
use sqlx::PgConnection;
use tokio::sync::OnceCell;

use super::rules::{
    FIND, JOIN, NEW, NewMessage, SENDER, SendError, SendParticipant, Sent, Target,
    conversation_blogs, events_of, may_send, message_row, sender_id, sent,
};
use crate::messaging::model::{MessageRow, ParticipantRow};
use crate::messaging::store::{now_ms, participants_key};
use crate::store::{Store, Topic, Tx, TxConn, now_secs};

/// The send function's definition, as the file has it.
const DEFINITION: &str = include_str!("postgres.sql");
/// The function's name in [`DEFINITION`]; the database has it with a hash of the text after
/// it ([`SendFunction`]).
const NAME_IN_FILE: &str = "send_messages_batch";
/// Serialises creating the function: two nodes starting at once would otherwise both write
/// its catalogue row (`pg_advisory_xact_lock` key, "dashwire send function").
const CREATE_LOCK: i64 = 0x6461_7368_7365_6e64;

/// The function as this build names it: `send_messages_batch_<hash>`.
struct Versioned {
    name: String,
    /// [`DEFINITION`] under that name.
    definition: String,
    /// Its call, the sends' fields as arrays and one `now` for all.
    call: String,
}

static VERSIONED: LazyLock<Versioned> = LazyLock::new(|| {
    let hash = Sha256::digest(DEFINITION.as_bytes());
    let suffix: String = hash[..6].iter().map(|b| format!("{b:02x}")).collect();
    let name = format!("{NAME_IN_FILE}_{suffix}");
    let definition = DEFINITION.replacen(
        &format!("FUNCTION {NAME_IN_FILE}("),
        &format!("FUNCTION {name}("),
        1,
    );
    let call = format!("SELECT {name}($1, $2, $3, $4, $5, $6)");
    Versioned {
        name,
        definition,
        call,
    }
});

/// The send function of this build, created in the database the first time a send needs it
/// (the migrations hold no copy of it: a changed `postgres.sql` is a new function, and the
/// function of the build before stays for its nodes until they are gone). Shared by the
/// server's sends.
#[derive(Debug, Default)]
pub(super) struct SendFunction {
    created: OnceCell<()>,
}

impl SendFunction {
    /// Creates the function unless the database has it; once per store.
    pub(super) async fn ensure(&self, store: &Store) -> sqlx::Result<()> {
        self.created
            .get_or_try_init(|| async {
                let Versioned {
                    name, definition, ..
                } = &*VERSIONED;
                let mut tx = store.begin().await?;
                let conn = connection(&mut tx)?;
                let exists: bool = sqlx::query_scalar("SELECT to_regproc($1) IS NOT NULL")
                    .bind(name)
                    .fetch_one(&mut *conn)
                    .await?;
                if !exists {
                    sqlx::query("SELECT pg_advisory_xact_lock($1)")
                        .bind(CREATE_LOCK)
                        .execute(&mut *conn)
                        .await?;
                    // The file's text, with the name this build gives it: no input in it.
                    sqlx::raw_sql(sqlx::AssertSqlSafe(definition.as_str()))
                        .execute(&mut *conn)
                        .await?;
                }
                tx.commit().await
            })
            .await
            .map(|_| ())
    }

    /// Runs `sends` (each a message and its conversation) in `tx`, in the order given: each
    /// one's read. Call [`SendFunction::ensure`] first.
    pub(super) async fn call(
        &self,
        tx: &mut Tx,
        sends: &[(&NewMessage, i64)],
    ) -> sqlx::Result<BatchRead> {
        let text = |field: fn(&NewMessage) -> &str| -> Vec<&str> {
            sends.iter().map(|(message, _)| field(message)).collect()
        };
        let user_ids: Vec<i64> = sends.iter().map(|(m, _)| m.sender.user_id).collect();
        let conversation_ids: Vec<i64> = sends.iter().map(|(_, id)| *id).collect();
        // A constant but for the hash in the function's name: the sends are bound.
        let answer: String = sqlx::query_scalar(sqlx::AssertSqlSafe(VERSIONED.call.as_str()))
            .bind(user_ids)
            .bind(text(|m| &m.sender.blog))
            .bind(conversation_ids)
            .bind(now_ms())
            .bind(text(|m| &m.r#type))
            .bind(text(|m| &m.body))
            .fetch_one(connection(tx)?)
            .await?;
        let read: BatchRead =
            serde_json::from_str(&answer).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        if read.sends.len() != sends.len() {
            let count = read.sends.len();
            return Err(sqlx::Error::Protocol(format!(
                "{count} answers from the send function for {} sends",
                sends.len()
            )));
        }
        Ok(read)
    }
}

/// The PostgreSQL connection of `tx`: sends on PostgreSQL run only there.
fn connection(tx: &mut Tx) -> sqlx::Result<&mut PgConnection> {
    match tx.conn() {
        TxConn::Postgres(tx) => Ok(&mut **tx),
        TxConn::Sqlite(..) => Err(sqlx::Error::Protocol(
            "a PostgreSQL send in a SQLite transaction".into(),
        )),
    }
}

/// What the send function answers.
#[derive(Debug, serde::Deserialize)]
pub(super) struct BatchRead {
    /// Each send's, in the order given.
    #[serde(deserialize_with = "null_as_empty")]
    pub(super) sends: Vec<FunctionSend>,
}

/// What the send function answers of one send. It leaves the rest out when the user has no
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

/// A send on PostgreSQL that may go ahead: what it wrote, and the events to record with it
/// (but for the unread counts, recorded as its transaction commits: [`Accepted::count_unread`]).
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
        let events = events_of(&row, &participants);
        Ok(Accepted {
            row,
            status,
            participants,
            events,
        })
    }

    /// The users whose unread counts the sends of `accepted` moved (every participant's), to
    /// record as their transaction commits: after the users' `unread` rows are taken, so that
    /// a batch committing beside it is in the counts (`store/read_at_commit.rs`).
    pub(super) fn count_unread<'a>(tx: &mut Tx, accepted: impl IntoIterator<Item = &'a Accepted>) {
        let users: Vec<Vec<i64>> = accepted
            .into_iter()
            .map(|send| send.participants.iter().map(|p| p.user_id).collect())
            .collect();
        crate::unread::record_counts_of_each(tx, users.iter().map(Vec::as_slice));
    }

    /// What the send answers once it has committed.
    pub(super) fn sent(self) -> Sent {
        sent(self.row, self.status, self.participants)
    }
}

/// Sends `message` in a transaction of its own: the new conversation if any, the send
/// function's call, the events. Its [`Tx`] publishes them as it commits.
pub(super) async fn send(
    store: &Store,
    function: &SendFunction,
    message: NewMessage,
) -> Result<Sent, SendError> {
    function.ensure(store).await?;
    let mut tx = store.begin().await?;
    let conversation_id = match &message.target {
        Target::Existing(id) => *id,
        Target::Blogs(named_blogs) => start_conversation(&mut tx, &message, named_blogs).await?,
    };
    let mut read = function
        .call(&mut tx, &[(&message, conversation_id)])
        .await?;
    let own = read.sends.pop().expect("one answer, checked by call");
    let mut accepted = Accepted::postgres(&message, conversation_id, own)?;
    tx.record(std::mem::take(&mut accepted.events)).await?;
    Accepted::count_unread(&mut tx, [&accepted]);
    tx.commit().await?;
    Ok(accepted.sent())
}

/// The conversation of `named_blogs` and the sender's, created if new: its id.
async fn start_conversation(
    tx: &mut Tx,
    message: &NewMessage,
    named_blogs: &[i64],
) -> Result<i64, SendError> {
    let conn = connection(tx)?;
    let sender_blog_id = sender_id(
        sqlx::query_as(SENDER)
            .bind(&message.sender.blog)
            .bind(message.sender.user_id)
            .fetch_optional(&mut *conn)
            .await?,
    )?;
    let blog_ids = conversation_blogs(named_blogs, sender_blog_id)?;
    let key = participants_key(&blog_ids);
    sqlx::query(NEW)
        .bind(&key)
        .bind(now_ms())
        .bind(now_secs())
        .execute(&mut *conn)
        .await?;
    let (id,): (i64,) = sqlx::query_as(FIND)
        .bind(&key)
        .fetch_one(&mut *conn)
        .await?;
    for blog_id in &blog_ids {
        sqlx::query(JOIN)
            .bind(id)
            .bind(blog_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_function_is_created_under_its_versioned_name_alone() {
        assert_eq!(DEFINITION.matches(NAME_IN_FILE).count(), 1);
        let Versioned {
            name, definition, ..
        } = &*VERSIONED;
        assert!(name.starts_with("send_messages_batch_") && name.len() == 32);
        assert!(definition.contains(&format!("CREATE OR REPLACE FUNCTION {name}(")));
        assert!(!definition.contains(&format!("FUNCTION {NAME_IN_FILE}(")));
    }
}
