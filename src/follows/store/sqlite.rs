//! A follow on the SQLite writer thread (`store/sqlite_writer.rs`): its statements prepared
//! once, its events recorded beside them, in the batch the thread commits.

use super::rules::{FOLLOW, Follow, FollowChange};
use crate::activity::events;
use crate::feed::dashboard_topic;
use crate::store::sqlite_writer::{WriterTx, named};
use crate::store::{log, now_secs};

/// Makes `follow` in the writer thread's transaction `tx`.
pub(super) fn follow(tx: &mut WriterTx, follow: Follow) -> sqlx::Result<FollowChange> {
    let now = now_secs();
    let Follow {
        user_id,
        via_blog_id,
        blog_id,
    } = follow;
    let followed = || -> rusqlite::Result<_> {
        let inserted = tx
            .prepare_cached(FOLLOW)?
            .execute(named(&[&user_id, &blog_id, &via_blog_id, &now]).as_slice())?;
        if inserted == 0 {
            return Ok(None);
        }
        events::sqlite::notify(tx, follow.notice()).map(Some)
    };
    let Some(events) = followed().map_err(log::sqlite::to_sqlx_error)? else {
        return Ok(FollowChange::Unchanged);
    };
    tx.record(events)?;
    tx.refresh(dashboard_topic(user_id));
    Ok(FollowChange::Followed)
}
