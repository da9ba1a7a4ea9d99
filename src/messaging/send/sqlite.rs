//! A send on the SQLite writer thread (`store/sqlite_writer.rs`): the statements of
//! `rules.rs`, prepared once, run in one hand-off, with its events recorded beside them.
//! Sends that queue together share the thread's transaction (group commit).

use rusqlite::OptionalExtension;

use super::rules::{
    FIND, INSERT, JOIN, NEW, NewMessage, READ, SEND_PARTICIPANTS, SENDER, SendError,
    SendParticipant, Sent, TOUCH, Target, conversation_blogs, events_of, may_send, message_row,
    sender_id, sent,
};
use crate::messaging::store::{now_ms, participants_key};
use crate::store::now_secs;
use crate::store::sqlite_writer::{WriterTx, named};

/// Sends `message` inside the writer thread's transaction `tx`.
pub(super) fn send(tx: &mut WriterTx, message: NewMessage) -> Result<Sent, SendError> {
    let now = now_ms();
    let sender_blog_id = sender_id(
        tx.prepare_cached(SENDER)?
            .query_row(
                named(&[&message.sender.blog, &message.sender.user_id]).as_slice(),
                |r| Ok((r.get("id")?, r.get("can_message")?)),
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
            Ok((r.get("last_modified_ms")?, r.get("status")?))
        })
        .optional()?
        .ok_or(SendError::NotParticipant)?;
    let read: Vec<SendParticipant> = tx
        .prepare_cached(SEND_PARTICIPANTS)?
        .query_map(
            named(&[&conversation_id, &sender_blog_id]).as_slice(),
            SendParticipant::from_rusqlite,
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
    let mut events = events_of(&row, &participants);
    let users: Vec<i64> = participants.iter().map(|p| p.user_id).collect();
    events.extend(crate::unread::sqlite::events(tx, &users)?);
    tx.record(events)?;
    Ok(sent(row, status, participants))
}
