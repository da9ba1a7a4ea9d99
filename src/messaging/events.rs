//! The events a messaging change causes, built inside its transaction from what the
//! transaction sees: the message or read on `conversation:{id}`, each participant blog's
//! updated inbox entry on `inbox:{blog}`, and each participant user's unread counts.

use dashwire_protocol::{Channel, ConversationSummary, Event};

use super::model::{MessageRow, ParticipantRow};
use crate::store::Topic;
use crate::store::Tx;
use crate::with_tx;

/// The participants of a conversation with what events need; binds the conversation id.
pub(crate) const PARTICIPANTS: &str = "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, p.last_read_ms, \
     p.cleared_ms FROM conversation_participants p JOIN blogs b ON b.id = p.blog_id \
     WHERE p.conversation_id = $1 ORDER BY b.name";

/// A conversation's newest message; binds the conversation id.
const LAST_MESSAGE: &str = "SELECT m.id, m.conversation_id, m.ts, m.type, m.body, b.name AS participant \
     FROM messages m JOIN blogs b ON b.id = m.blog_id \
     WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT 1";

const LAST_MODIFIED: &str = "SELECT last_modified_ms FROM conversations WHERE id = $1";

/// A change to one conversation, as its events report it.
pub(crate) struct ConversationChange<'a> {
    pub conversation_id: i64,
    /// The conversation's participants as the transaction now sees them.
    pub participants: &'a [ParticipantRow],
    /// The event on the conversation's own channel: the message, or the read.
    pub head: Event,
    /// `(last_modified_ms, newest message)` when the caller has just written them (a send),
    /// so they are not read back; `None` to read them.
    pub latest: Option<(i64, MessageRow)>,
}

/// The events of a conversation change, to record in the same transaction: the head on the
/// conversation's channel, every participant's inbox entry (but for a blog that deleted the
/// conversation since its last change). Every participant user's counts are recorded as `tx`
/// commits ([`crate::unread::record_counts`]).
pub(crate) async fn conversation_events(
    tx: &mut Tx,
    mut change: ConversationChange<'_>,
) -> sqlx::Result<Vec<(Topic, Event)>> {
    let id = change.conversation_id;
    let (modified, last) = match change.latest.take() {
        Some((modified, last)) => (modified, Some(last)),
        None => {
            let (modified,): (i64,) =
                with_tx!(tx, conn => sqlx::query_as(LAST_MODIFIED).bind(id).fetch_one(conn).await)?;
            let last: Option<MessageRow> = with_tx!(tx, conn =>
                sqlx::query_as(LAST_MESSAGE).bind(id).fetch_optional(conn).await)?;
            (modified, last)
        }
    };
    let users: Vec<i64> = change.participants.iter().map(|p| p.user_id).collect();
    crate::unread::record_counts(tx, &users);
    Ok(change_events(change, modified, last))
}

/// [`conversation_events`] of a send but for the unread counts, which the send reads with
/// the rest of what it reads: the send gives the conversation's new state, so nothing is read.
pub(crate) fn sent_events(
    change: ConversationChange<'_>,
    modified: i64,
    last: MessageRow,
) -> Vec<(Topic, Event)> {
    change_events(change, modified, Some(last))
}

/// The events of a change but for the unread counts: the head on the conversation's channel,
/// and each participant's inbox entry.
fn change_events(
    change: ConversationChange<'_>,
    modified: i64,
    last: Option<MessageRow>,
) -> Vec<(Topic, Event)> {
    let id = change.conversation_id;
    let mut events = vec![(Topic::shared(Channel::Conversation(id)), change.head)];
    let refs: Vec<_> = change
        .participants
        .iter()
        .map(ParticipantRow::as_ref)
        .collect();
    // A blog that deleted the conversation for itself hears of it again only when something
    // newer than the deletion happens (a new message), not when another participant reads.
    for p in change
        .participants
        .iter()
        .filter(|p| modified > p.cleared_ms)
    {
        let summary = ConversationSummary {
            id,
            blog: p.name.clone(),
            last_modified_ts: modified / 1000,
            last_read_ts: p.last_read_ms / 1000,
            unread: modified > p.last_read_ms,
            participants: refs.clone(),
            last_message: last.clone().map(MessageRow::into_data),
        };
        events.push((
            Topic::shared(Channel::Inbox(p.name.clone())),
            Event::Conversation(summary),
        ));
    }
    events
}
