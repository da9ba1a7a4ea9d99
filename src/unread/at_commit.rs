//! The unread event in the store's transaction, on SQLite or PostgreSQL (each dialect's count
//! is in `mod.rs`), recorded as the transaction commits.

use dashwire_protocol::{Channel, Event};
use futures_util::future::BoxFuture;

use super::counts::{
    CountRow, UNREAD_COUNTS_OF, UNREAD_COUNTS_POSTGRES, UNREAD_COUNTS_TAIL, counts_of, distinct,
};
use crate::store::{ReadAtCommit, Topic, Tx, TxConn, in_list_query};

/// Records the `unread` event of each given user (a conversation's participants, a followed
/// blog's owner) as `tx` commits, with their counts as they are then: read after the users'
/// `unread` rows are taken, so that a change committing beside this one on PostgreSQL is in
/// the counts of whichever of the two records later (`store/read_at_commit.rs`). Call it with
/// the change that moves the counts.
pub(crate) fn record_counts(tx: &mut Tx, user_ids: &[i64]) {
    record_counts_of_each(tx, [user_ids]);
}

/// [`record_counts`] for several changes in one transaction (a batch of sends): each change
/// gives each of its users an event, so that the batch takes the seqs its changes would take
/// one by one (and a SQLite batch takes); all carry the counts as the transaction commits.
pub(crate) fn record_counts_of_each<'a>(tx: &mut Tx, changes: impl IntoIterator<Item = &'a [i64]>) {
    let events: Vec<i64> = changes.into_iter().flat_map(distinct).collect();
    if !events.is_empty() {
        tx.record_at_commit(Counts(events));
    }
}

/// The unread counts of these users: an event for each entry (a user may have several).
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
        Box::pin(async move {
            let rows = count(conn, &distinct(&self.0)).await?;
            Ok(self
                .0
                .iter()
                .map(|&user_id| {
                    let counts = counts_of(user_id, &rows);
                    (
                        Topic::personal(Channel::Unread, user_id),
                        Event::Unread(counts),
                    )
                })
                .collect())
        })
    }
}

/// The counts of `users` as the open transaction sees them, in one query for all of them.
async fn count(conn: &mut TxConn, users: &[i64]) -> sqlx::Result<Vec<CountRow>> {
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
    Ok(rows)
}
