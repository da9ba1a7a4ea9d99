//! The unread event in a sqlx transaction, on SQLite (the count's text) or PostgreSQL (its
//! `unread_counts` function), recorded as the transaction commits.

use dashwire_protocol::{Channel, Event};
use futures_util::future::BoxFuture;

use super::{
    CountRow, UNREAD_COUNTS_OF, UNREAD_COUNTS_POSTGRES, UNREAD_COUNTS_TAIL, distinct, events_from,
};
use crate::store::{ReadAtCommit, Topic, Tx, TxConn, in_list_query};

/// Records the `unread` event of each given user (a conversation's participants, a followed
/// blog's owner) as `tx` commits, with their counts as they are then: read after the users'
/// `unread` rows are taken, so that a change committing beside this one on PostgreSQL is in
/// the counts of whichever of the two records later (`store/read_at_commit.rs`). Call it with
/// the change that moves the counts.
pub fn record_counts(tx: &mut Tx, user_ids: &[i64]) {
    let users = distinct(user_ids);
    if !users.is_empty() {
        tx.record_at_commit(Counts(users));
    }
}

/// The unread counts of these users, each once, in order.
struct Counts(Vec<i64>);

impl ReadAtCommit for Counts {
    fn topics(&self) -> Vec<Topic> {
        self.0
            .iter()
            .map(|&user_id| Topic::personal(Channel::Unread, user_id))
            .collect()
    }

    fn read<'a>(
        &'a self,
        conn: &'a mut TxConn,
    ) -> BoxFuture<'a, sqlx::Result<Vec<(Topic, Event)>>> {
        Box::pin(events(conn, &self.0))
    }
}

/// Each user's `unread` event with their counts as the open transaction sees them, read in
/// one query for all of them.
async fn events(conn: &mut TxConn, users: &[i64]) -> sqlx::Result<Vec<(Topic, Event)>> {
    let rows: Vec<CountRow> = match conn {
        TxConn::Sqlite(tx, _) => {
            in_list_query(UNREAD_COUNTS_OF, users, UNREAD_COUNTS_TAIL)
                .build_query_as()
                .fetch_all(&mut **tx)
                .await?
        }
        TxConn::Postgres(tx) => {
            sqlx::query_as(UNREAD_COUNTS_POSTGRES)
                .bind(users)
                .fetch_all(&mut **tx)
                .await?
        }
    };
    Ok(events_from(users, &rows))
}
