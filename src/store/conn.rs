//! The backend's transaction inside a [`Tx`](super::Tx), and [`with_tx!`] over it: what the
//! event log and a feature's statements run on.

use tokio::sync::OwnedMutexGuard;

/// Like [`with_pool!`](crate::with_pool), inside an open [`Tx`](super::Tx):
/// `with_tx!(tx, conn => query.fetch_one(conn))` where `tx` is a `&mut Tx` and `conn` is bound
/// to the backend's connection.
#[macro_export]
macro_rules! with_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx.conn() {
            $crate::__macro_support::TxConn::Sqlite(tx, _) => {
                let $conn = &mut **tx;
                $body
            }
            $crate::__macro_support::TxConn::Postgres(tx) => {
                let $conn = &mut **tx;
                $body
            }
        }
    };
}

/// The backend's transaction inside a [`Tx`](super::Tx).
pub enum TxConn {
    /// With the write gate, held until it ends (see [`DbPool`](super::DbPool)).
    Sqlite(
        sqlx::Transaction<'static, sqlx::Sqlite>,
        OwnedMutexGuard<()>,
    ),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}
