//! The events a messaging change causes, built inside its transaction from what the
//! transaction sees: the message on `conversation:{id}`, each participant blog's updated
//! inbox entry on `inbox:{blog}`, each participant user's counts on `unread:{user}`.

/// Each of a user's blogs with its unread conversations and unread notifications;
/// binds the user id.
pub const UNREAD_COUNTS: &str = "SELECT b.name, \
     (SELECT COUNT(*) FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id \
      WHERE p.blog_id = b.id AND c.last_modified_ms > p.last_read_ms) AS messaging, \
     (SELECT COUNT(*) FROM notifications n WHERE n.blog_id = b.id AND n.is_read = FALSE) AS activity \
     FROM blogs b WHERE b.user_id = $1 ORDER BY b.position, b.id";

/// The participants of a conversation with what events need; binds the conversation id.
pub const PARTICIPANTS: &str = "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, p.last_read_ms \
     FROM conversation_participants p JOIN blogs b ON b.id = p.blog_id \
     WHERE p.conversation_id = $1 ORDER BY b.name";

/// A conversation's newest message; binds the conversation id.
pub const LAST_MESSAGE: &str = "SELECT m.id, m.conversation_id, m.ts, m.type, m.body, b.name AS participant \
     FROM messages m JOIN blogs b ON b.id = m.blog_id \
     WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT 1";

/// Builds `(topic, Event)` pairs for a changed conversation inside an open transaction:
/// `conversation_events!(tx, conversation_id, head)` where `head` is an `Option<Event>` for
/// the conversation's own channel (the message, or the read). Evaluates to
/// `sqlx::Result<Vec<(String, Event)>>`.
#[macro_export]
macro_rules! conversation_events {
    ($tx:expr, $conversation_id:expr, $head:expr) => {
        async {
            use dashwire_protocol::{ConversationSummary, Event};
            use $crate::messaging::model::{MessageRow, ParticipantRow};
            let conversation_id: i64 = $conversation_id;
            let mut pending: Vec<(String, Event)> = Vec::new();
            if let Some(head) = $head {
                pending.push((format!("conversation:{conversation_id}"), head));
            }
            let participants: Vec<ParticipantRow> =
                sqlx::query_as($crate::messaging::events::PARTICIPANTS)
                    .bind(conversation_id)
                    .fetch_all(&mut *$tx)
                    .await?;
            let (modified,): (i64,) =
                sqlx::query_as("SELECT last_modified_ms FROM conversations WHERE id = $1")
                    .bind(conversation_id)
                    .fetch_one(&mut *$tx)
                    .await?;
            let last: Option<MessageRow> = sqlx::query_as($crate::messaging::events::LAST_MESSAGE)
                .bind(conversation_id)
                .fetch_optional(&mut *$tx)
                .await?;
            let refs: Vec<_> = participants.iter().map(ParticipantRow::as_ref).collect();
            for p in &participants {
                let summary = ConversationSummary {
                    id: conversation_id,
                    blog: p.name.clone(),
                    last_modified_ts: modified / 1000,
                    last_read_ts: p.last_read_ms / 1000,
                    unread: modified > p.last_read_ms,
                    participants: refs.clone(),
                    last_message: last.clone().map(MessageRow::into_data),
                };
                pending.push((format!("inbox:{}", p.name), Event::Conversation(summary)));
            }
            let mut users: Vec<i64> = participants.iter().map(|p| p.user_id).collect();
            users.sort_unstable();
            users.dedup();
            for user_id in users {
                pending.push($crate::unread_event!($tx, user_id).await?);
            }
            Ok::<_, sqlx::Error>(pending)
        }
    };
}

/// The `unread:{user}` event with a user's current counts, read inside an open transaction:
/// `unread_event!(tx, user_id)` evaluates to `sqlx::Result<(String, Event)>`.
#[macro_export]
macro_rules! unread_event {
    ($tx:expr, $user_id:expr) => {
        async {
            use dashwire_protocol::{BlogUnread, Event, UnreadCounts};
            let user_id: i64 = $user_id;
            let rows: Vec<(String, i64, i64)> = sqlx::query_as($crate::messaging::UNREAD_COUNTS)
                .bind(user_id)
                .fetch_all(&mut *$tx)
                .await?;
            let counts = UnreadCounts {
                messaging: rows.iter().map(|r| r.1).sum(),
                blogs: rows
                    .into_iter()
                    .map(|(blog, messaging, activity)| BlogUnread {
                        blog,
                        messaging,
                        activity,
                    })
                    .collect(),
            };
            Ok::<_, sqlx::Error>((format!("unread:{user_id}"), Event::Unread(counts)))
        }
    };
}
