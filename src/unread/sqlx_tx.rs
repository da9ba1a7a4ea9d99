//! The unread event in a sqlx transaction, on SQLite (the count's text) or PostgreSQL (its
//! `unread_counts` function).

use dashwire_protocol::Event;

use super::{
    CountRow, UNREAD_COUNTS_OF, UNREAD_COUNTS_POSTGRES, UNREAD_COUNTS_TAIL, distinct, events_from,
};
use crate::store::{Topic, Tx, TxConn, in_list_query};

/// The `unread` event of each given user with their counts as the open transaction sees
/// them, read in one query for all of them (a conversation's participants, a followed blog's
/// owner). Record them with the change that moved the counts.
pub async fn events(tx: &mut Tx, user_ids: &[i64]) -> sqlx::Result<Vec<(Topic, Event)>> {
    let users = distinct(user_ids);
    if users.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<CountRow> = match tx.conn() {
        TxConn::Sqlite(tx, _) => {
            in_list_query(UNREAD_COUNTS_OF, &users, UNREAD_COUNTS_TAIL)
                .build_query_as()
                .fetch_all(&mut **tx)
                .await?
        }
        TxConn::Postgres(tx) => {
            sqlx::query_as(UNREAD_COUNTS_POSTGRES)
                .bind(&users)
                .fetch_all(&mut **tx)
                .await?
        }
    };
    Ok(events_from(&users, &rows))
}
