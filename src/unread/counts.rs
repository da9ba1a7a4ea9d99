//! The count itself: its statement once per dialect, the rows it reads, and a user's counts
//! from them.

use dashwire_protocol::{BlogUnread, Channel, Event, UnreadCounts};

use crate::store::Topic;
use crate::store::{DbPool, Store, in_list_query};

/// The count's text up to its list of users, the same on both databases: each blog of the
/// given users with its unread conversations and unread notifications, as `(user_id, blog,
/// messaging, activity)` rows.
macro_rules! counts_of_users {
    () => {
        concat!(count_columns!(), " FROM blogs b WHERE b.user_id ")
    };
}

/// The columns of [`counts_of_users`], for the statements that read more beside them.
macro_rules! count_columns {
    () => {
        "SELECT b.user_id, b.name, \
         (SELECT COUNT(*) FROM conversation_participants p JOIN conversations c ON c.id = p.conversation_id \
          WHERE p.blog_id = b.id AND c.last_modified_ms > p.last_read_ms) AS messaging, \
         (SELECT COUNT(*) FROM notifications n WHERE n.blog_id = b.id AND n.is_read = FALSE) AS activity"
    };
}

/// The counts with the seq each user's `unread` channel is at, read by one statement and so in
/// one snapshot (`ORDER BY` as [`UNREAD_COUNTS_OF`]): what a replay on `unread` sends, the log
/// keeping no row of its events (`store/log/mod.rs`'s `READ_AS_IT_IS_NOW`). Every change that
/// moves a count takes a seq of the channel in its own transaction, so the counts are those of
/// every event up to that seq. The channel's key is its topic's (`unread:{user}`).
macro_rules! counts_and_seq_of_users {
    () => {
        concat!(
            count_columns!(),
            ", (SELECT s.seq FROM channel_seqs s WHERE s.channel = 'unread:' || b.user_id) AS seq \
             FROM blogs b WHERE b.user_id "
        )
    };
}
pub(super) const COUNTS_AND_SEQ_OF: &str = concat!(counts_and_seq_of_users!(), "IN (");
pub(super) const COUNTS_AND_SEQ_POSTGRES: &str = concat!(
    counts_and_seq_of_users!(),
    "= ANY($1) ORDER BY b.user_id, b.position, b.id"
);
/// [`COUNTS_AND_SEQ_POSTGRES`] for one user (`GET /svc/user/info`, a lone resume), binding the
/// id rather than an array of one: PostgreSQL's plan for any array assumes ten users and so
/// looked ten times dearer than the plan for the one it was given, and it planned every such
/// read again (0.36 ms each, loadtest/RESULTS.md §25). Many users' reads (a batch of resumes)
/// go to one plan as they are.
pub(super) const COUNTS_AND_SEQ_OF_ONE_POSTGRES: &str = concat!(
    counts_and_seq_of_users!(),
    "= $1 ORDER BY b.user_id, b.position, b.id"
);

/// The count on SQLite (sqlx and the writer thread run this text), in user, then blog, order:
/// the user ids follow, then [`UNREAD_COUNTS_TAIL`].
pub(super) const UNREAD_COUNTS_OF: &str = concat!(counts_of_users!(), "IN (");
pub(super) const UNREAD_COUNTS_TAIL: &str = ") ORDER BY b.user_id, b.position, b.id";

/// The count on PostgreSQL, the user ids bound as one array: one text for any number of them,
/// prepared once per connection. (Migration 0017's `unread_counts` function is the same count
/// in PL/pgSQL; no node of this build calls it, and it stays for nodes of the builds before
/// during a rolling deploy.)
pub(super) const UNREAD_COUNTS_POSTGRES: &str = concat!(
    counts_of_users!(),
    "= ANY($1) ORDER BY b.user_id, b.position, b.id"
);

/// A row of [`UNREAD_COUNTS_OF`]: one blog's counts.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub(crate) struct CountRow {
    pub user_id: i64,
    #[sqlx(rename = "name")]
    pub blog: String,
    pub messaging: i64,
    pub activity: i64,
}

impl CountRow {
    /// A row of [`UNREAD_COUNTS_OF`] as the SQLite writer thread reads it through rusqlite, by
    /// the column names sqlx's `FromRow` reads.
    pub(super) fn from_rusqlite(r: &rusqlite::Row<'_>) -> rusqlite::Result<CountRow> {
        Ok(CountRow {
            user_id: r.get("user_id")?,
            blog: r.get("name")?,
            messaging: r.get("messaging")?,
            activity: r.get("activity")?,
        })
    }
}

/// The users, each once, in order.
pub(super) fn distinct(user_ids: &[i64]) -> Vec<i64> {
    let mut users = user_ids.to_vec();
    users.sort_unstable();
    users.dedup();
    users
}

/// Each user's `unread` event from the rows of [`UNREAD_COUNTS_OF`] (or of a query that reads
/// the same, as PostgreSQL's send function does).
pub(crate) fn events_from(user_ids: &[i64], rows: &[CountRow]) -> Vec<(Topic, Event)> {
    distinct(user_ids)
        .iter()
        .map(|&user_id| {
            let counts = counts_of(user_id, rows);
            (
                Topic::personal(Channel::Unread, user_id),
                Event::Unread(counts),
            )
        })
        .collect()
}

/// A user's unread conversations and notifications, per blog and in all.
pub async fn unread_counts(store: &Store, user_id: i64) -> sqlx::Result<UnreadCounts> {
    let rows = counts_and_seqs(store, &[user_id]).await?;
    Ok(counts_of(user_id, &without_seqs(&rows)))
}

/// The counts of `users` (each once) with the seq each one's `unread` channel is at, read now
/// by one statement ([`COUNTS_AND_SEQ_OF`]).
pub(super) async fn counts_and_seqs(
    store: &Store,
    users: &[i64],
) -> sqlx::Result<Vec<CountAndSeqRow>> {
    match store.pool() {
        DbPool::Sqlite { read, .. } => {
            in_list_query(COUNTS_AND_SEQ_OF, users, UNREAD_COUNTS_TAIL)
                .build_query_as()
                .fetch_all(read)
                .await
        }
        DbPool::Postgres(pool) => match users {
            [user] => {
                sqlx::query_as(COUNTS_AND_SEQ_OF_ONE_POSTGRES)
                    .bind(user)
                    .fetch_all(pool)
                    .await
            }
            _ => {
                sqlx::query_as(COUNTS_AND_SEQ_POSTGRES)
                    .bind(users)
                    .fetch_all(pool)
                    .await
            }
        },
    }
}

/// The rows of [`counts_and_seqs`] as rows of the count alone.
pub(super) fn without_seqs(rows: &[CountAndSeqRow]) -> Vec<CountRow> {
    rows.iter().map(|row| row.counts.clone()).collect()
}

/// One user's counts from the rows of [`UNREAD_COUNTS_OF`].
pub(super) fn counts_of(user_id: i64, rows: &[CountRow]) -> UnreadCounts {
    let blogs: Vec<BlogUnread> = rows
        .iter()
        .filter(|row| row.user_id == user_id)
        .map(|row| BlogUnread {
            blog: row.blog.clone(),
            messaging: row.messaging,
            activity: row.activity,
        })
        .collect();
    UnreadCounts {
        messaging: blogs.iter().map(|b| b.messaging).sum(),
        blogs,
    }
}

/// A row of [`COUNTS_AND_SEQ_OF`]: one blog's counts, and the seq its user's `unread` channel
/// is at.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct CountAndSeqRow {
    #[sqlx(flatten)]
    pub(super) counts: CountRow,
    pub(super) seq: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_sum_a_users_blogs_and_ignore_others() {
        let row = |user_id, blog: &str, messaging, activity| CountRow {
            user_id,
            blog: blog.to_owned(),
            messaging,
            activity,
        };
        let rows = vec![
            row(1, "ann", 2, 0),
            row(1, "ann-art", 1, 5),
            row(2, "ben", 9, 9),
        ];
        let counts = counts_of(1, &rows);
        assert_eq!(counts.messaging, 3);
        let blogs: Vec<&str> = counts.blogs.iter().map(|b| b.blog.as_str()).collect();
        assert_eq!(blogs, ["ann", "ann-art"]);
        assert_eq!(counts_of(3, &rows).blogs, Vec::new());
    }
}
