//! A send on PostgreSQL: one call of the send function (migration 0014), which runs the
//! statements of `rules.rs` and answers what it read; Rust decides who may send from that
//! answer, as on SQLite. This file runs a send in a transaction of its own (a new
//! conversation, a send when batching is off, a batch's send run again alone); `batch.rs`
//! runs several in one.

use dashwire_protocol::Event;
use sqlx::PgPool;

use super::rules::{
    FIND, JOIN, NEW, NewMessage, SENDER, SendError, SendParticipant, Sent, Target,
    conversation_blogs, events_of, may_send, message_row, sender_id, sent,
};
use crate::messaging::model::{MessageRow, ParticipantRow};
use crate::messaging::store::{now_ms, participants_key};
use crate::store::health::{self, Health};
use crate::store::{Committed, Publisher, Store, Topic, log, now_secs};

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
        let users: Vec<i64> = participants.iter().map(|p| p.user_id).collect();
        let mut events = events_of(&row, &participants);
        events.extend(crate::unread::events_from(&users, &read.unread));
        Ok(Accepted {
            row,
            status,
            participants,
            events,
        })
    }

    /// What the send answers once it has committed.
    pub(super) fn sent(self) -> Sent {
        sent(self.row, self.status, self.participants)
    }
}

/// Sends `message` in a transaction of its own: the new conversation if any, the send
/// function's call (migration 0014), the events; then publishes them. On a task of the
/// store's ([`Store::spawn_commit`]), so that a caller dropped while it waits cannot stop it
/// between the commit and the publish, and a shutdown waits for it.
pub(super) async fn send(
    store: &Store,
    pool: &PgPool,
    message: NewMessage,
) -> Result<Sent, SendError> {
    let (pool, publisher, health) = (
        pool.clone(),
        store.publisher().clone(),
        store.health().clone(),
    );
    store
        .spawn_commit(async move { send_in_transaction(&pool, &publisher, &health, message).await })
        .await
        .map_err(|err| {
            SendError::Db(sqlx::Error::Protocol(format!(
                "a send's task failed: {err}"
            )))
        })?
}

/// [`send`] on the caller's task.
pub(super) async fn send_in_transaction(
    pool: &PgPool,
    publisher: &Publisher,
    health: &Health,
    message: NewMessage,
) -> Result<Sent, SendError> {
    let mut tx = health::begin(pool, health).await?;
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
    let published = log::record_groups(&mut tx, vec![events]).await?;
    tx.commit().await?;
    publisher.publish(Committed {
        events: published.into_iter().flatten().collect(),
        ..Committed::default()
    });
    Ok(accepted.sent())
}
