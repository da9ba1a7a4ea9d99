//! The events a messaging change causes, built inside its transaction from what the
//! transaction sees: the message on `conversation:{id}`, each participant blog's updated
//! inbox entry on `inbox:{blog}`, each participant user's counts on `unread:{user}`.

/// The head of [`unread_counts_query`]: the user ids follow, then the order.
const UNREAD_COUNTS_OF: &str = "SELECT b.user_id, b.name, \
     (SELECT COUNT(*) FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id \
      WHERE p.blog_id = b.id AND c.last_modified_ms > p.last_read_ms) AS messaging, \
     (SELECT COUNT(*) FROM notifications n WHERE n.blog_id = b.id AND n.is_read = FALSE) AS activity \
     FROM blogs b WHERE b.user_id IN (";

/// Each blog of the given users with its unread conversations and unread notifications,
/// as `(user_id, blog, messaging, activity)` rows in user, then blog, order. One query for
/// every participant of a conversation, not one per user.
pub fn unread_counts_query<DB>(user_ids: &[i64]) -> sqlx::QueryBuilder<DB>
where
    DB: sqlx::Database,
    <DB as sqlx::Database>::Arguments: Default,
    for<'t> i64: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    crate::store::in_list_query(
        UNREAD_COUNTS_OF,
        user_ids,
        ") ORDER BY b.user_id, b.position, b.id",
    )
}

/// One user's counts from [`unread_counts_query`] rows.
pub fn unread_counts_of(
    user_id: i64,
    rows: &[(i64, String, i64, i64)],
) -> dashwire_protocol::UnreadCounts {
    let blogs: Vec<dashwire_protocol::BlogUnread> = rows
        .iter()
        .filter(|row| row.0 == user_id)
        .map(
            |(_, blog, messaging, activity)| dashwire_protocol::BlogUnread {
                blog: blog.clone(),
                messaging: *messaging,
                activity: *activity,
            },
        )
        .collect();
    dashwire_protocol::UnreadCounts {
        messaging: blogs.iter().map(|b| b.messaging).sum(),
        blogs,
    }
}

/// The participants of a conversation with what events need; binds the conversation id.
pub const PARTICIPANTS: &str = "SELECT b.id, b.name, b.title, b.user_id, b.can_message, b.theme, p.last_read_ms \
     FROM conversation_participants p JOIN blogs b ON b.id = p.blog_id \
     WHERE p.conversation_id = $1 ORDER BY b.name";

/// A conversation's newest message; binds the conversation id.
pub const LAST_MESSAGE: &str = "SELECT m.id, m.conversation_id, m.ts, m.type, m.body, b.name AS participant \
     FROM messages m JOIN blogs b ON b.id = m.blog_id \
     WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT 1";

/// Builds `(topic, Event)` pairs for a changed conversation inside an open transaction:
/// `conversation_events!(tx, conversation_id, &participants, head, latest)` where
/// `participants` are the conversation's [`PARTICIPANTS`] as the transaction now sees them,
/// `head` is an `Option<Event>` for the conversation's own channel (the message, or the
/// read), and `latest` is `Some((last_modified_ms, last_message))` when the caller has just
/// written them (a send), so they are not read back. Evaluates to
/// `sqlx::Result<Vec<(String, Event)>>`.
#[macro_export]
macro_rules! conversation_events {
    ($tx:expr, $conversation_id:expr, $participants:expr, $head:expr, $latest:expr) => {
        async {
            use dashwire_protocol::{ConversationSummary, Event};
            use $crate::messaging::model::{MessageRow, ParticipantRow};
            let conversation_id: i64 = $conversation_id;
            let mut pending: Vec<(String, Event)> = Vec::new();
            if let Some(head) = $head {
                pending.push((format!("conversation:{conversation_id}"), head));
            }
            let participants: &[ParticipantRow] = $participants;
            let latest: Option<(i64, MessageRow)> = $latest;
            let (modified, last) = match latest {
                Some((modified, last)) => (modified, Some(last)),
                None => {
                    let (modified,): (i64,) =
                        sqlx::query_as("SELECT last_modified_ms FROM conversations WHERE id = $1")
                            .bind(conversation_id)
                            .fetch_one(&mut *$tx)
                            .await?;
                    let last: Option<MessageRow> =
                        sqlx::query_as($crate::messaging::events::LAST_MESSAGE)
                            .bind(conversation_id)
                            .fetch_optional(&mut *$tx)
                            .await?;
                    (modified, last)
                }
            };
            let refs: Vec<_> = participants.iter().map(ParticipantRow::as_ref).collect();
            for p in participants {
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
            pending.extend($crate::unread_events!($tx, &users).await?);
            Ok::<_, sqlx::Error>(pending)
        }
    };
}

/// The `unread:{user}` event of each given user with their current counts, read inside an
/// open transaction in one query: `unread_events!(tx, &user_ids)` evaluates to
/// `sqlx::Result<Vec<(String, Event)>>`.
#[macro_export]
macro_rules! unread_events {
    ($tx:expr, $user_ids:expr) => {
        async {
            let user_ids: &[i64] = $user_ids;
            let rows: Vec<(i64, String, i64, i64)> =
                $crate::messaging::events::unread_counts_query(user_ids)
                    .build_query_as()
                    .fetch_all(&mut *$tx)
                    .await?;
            let events: Vec<(String, dashwire_protocol::Event)> = user_ids
                .iter()
                .map(|&user_id| {
                    let counts = $crate::messaging::events::unread_counts_of(user_id, &rows);
                    (
                        format!("unread:{user_id}"),
                        dashwire_protocol::Event::Unread(counts),
                    )
                })
                .collect();
            Ok::<_, sqlx::Error>(events)
        }
    };
}
