//! A blog's queue as posts are written: where a post joins it (its place, which only grows),
//! the blog's next slot, and the lock order that keeps a save and the publisher apart.

use super::PostState;
use crate::store::Tx;
use crate::with_tx;

/// Seconds between a blog's queue slots.
pub(super) fn queue_interval(per_day: i64) -> i64 {
    86_400 / per_day.clamp(1, 50)
}

/// Whether a post in `state` (held for its video to go to `pending`) waits on its blog's
/// queue page (queued or scheduled), or will once its video is ready.
pub(super) fn bound_for_queue(state: PostState, pending: Option<PostState>) -> bool {
    state.is_in_queue()
        || (state == PostState::Transcoding && pending.is_some_and(PostState::is_in_queue))
}

/// Whether a post in `state` (held for its video to go to `pending`) waits its turn in the
/// queue: queued, or held to be.
fn bound_for_queued(state: PostState, pending: Option<PostState>) -> bool {
    state == PostState::Queued
        || (state == PostState::Transcoding && pending == Some(PostState::Queued))
}

/// Whether a save that moves a post from `was` to `now` (each a state and what it is held
/// for) puts it at the back of the queue: it comes onto the queue page, or, scheduled
/// before, it is now queued to go out at a slot. An edit that leaves it where it waits
/// keeps its place.
pub(super) fn joins_queue(
    was: (PostState, Option<PostState>),
    now: (PostState, Option<PostState>),
) -> bool {
    bound_for_queue(now.0, now.1)
        && (!bound_for_queue(was.0, was.1)
            || (bound_for_queued(now.0, now.1) && !bound_for_queued(was.0, was.1)))
}

/// Puts post `id` at the back of its blog's queue as it joins it: saved or sent there, or
/// saved to go there once its video is ready (it keeps that place while it waits). Its place
/// is the blog's next (`blogs.queue_last_position`, which only grows, and whose row lock
/// orders two posts joining at once). Ids cannot be the order: a draft queued today would go
/// ahead of every post queued since it was written.
pub(super) async fn to_back_of_queue(tx: &mut Tx, id: i64) -> sqlx::Result<()> {
    const NEXT: &str = "UPDATE blogs SET queue_last_position = queue_last_position + 1 \
         WHERE id = (SELECT blog_id FROM posts WHERE id = $1) RETURNING queue_last_position";
    const PLACE: &str = "UPDATE posts SET queue_position = $2 WHERE id = $1";
    let (place,): (i64,) =
        with_tx!(tx, conn => sqlx::query_as(NEXT).bind(id).fetch_one(conn).await)?;
    with_tx!(tx, conn => sqlx::query(PLACE).bind(id).bind(place).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Takes the blog's row before a save touches a post of its queue. The publisher takes the
/// blog's row (claiming its slot) and then its first queued post; a save that took that post
/// first and the blog's row after (its queue slot, its queue place) would deadlock with it on
/// PostgreSQL, which then fails one of the two. Taken in the publisher's order, the save
/// waits for the slot's transaction instead. On SQLite, one writer at a time: nothing to wait
/// for.
pub(super) async fn lock_queue(tx: &mut Tx, blog_id: i64) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE blogs SET queue_last_position = queue_last_position WHERE id = $1";
    with_tx!(tx, conn => sqlx::query(SQL).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// A blog's queue that was empty, or whose slot has passed, gets its next slot a queue
/// interval from now.
pub(super) async fn start_queue(tx: &mut Tx, blog_id: i64, now: i64) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE blogs SET queue_next_at = $1 + 86400 / queue_per_day \
         WHERE id = $2 AND (queue_next_at IS NULL OR queue_next_at < $1)";
    with_tx!(tx, conn => sqlx::query(SQL).bind(now).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}
