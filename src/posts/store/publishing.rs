//! Sending out what is due: scheduled posts whose time has come and queue slots, each
//! claimed by one node and sent out in the claiming transaction with what going out causes;
//! and whether a post going out is its writer's first.

use dashwire_protocol::PostAction;

use super::changes::{post_changed, went_out};
use super::queue::queue_interval;
use crate::store::{Store, Tx};
use crate::{with_pool, with_tx};

/// Publishes every scheduled post whose time has come, each exactly once however many
/// nodes ask at the same moment (the update claims the row). A suspended blog's posts
/// wait (moderation: a suspended blog posts nothing). Each post goes out in its own
/// transaction with what it causes (see `went_out`), so a fault can lose neither.
pub async fn publish_due(store: &Store, now: i64) -> sqlx::Result<SentOut> {
    const DUE: &str = "SELECT p.id FROM posts p JOIN blogs b ON b.id = p.blog_id \
         WHERE p.state = 'scheduled' AND p.publish_on <= $1 AND b.is_suspended = FALSE \
         ORDER BY p.publish_on, p.id";
    const CLAIM: &str = "UPDATE posts SET state = 'published', published_at = publish_on, \
         publish_on = NULL, updated_at = $1 WHERE id = $2 AND state = 'scheduled' \
         RETURNING blog_id";
    let due: Vec<(i64,)> =
        with_pool!(store, pool => sqlx::query_as(DUE).bind(now).fetch_all(pool).await)?;
    let mut sent = SentOut::default();
    for (id,) in due {
        let one = async {
            let mut tx = store.begin().await?;
            let claimed: Option<(i64,)> = with_tx!(&mut tx, conn =>
                sqlx::query_as(CLAIM).bind(now).bind(id).fetch_optional(conn).await)?;
            // None: another node sent it out.
            if let Some((blog_id,)) = claimed {
                SentOut::record(&mut tx, id, blog_id).await?;
                tx.commit().await?;
                sent.ids.push(id);
            }
            Ok::<(), sqlx::Error>(())
        };
        skip_on_error(one.await, id);
    }
    Ok(sent)
}

/// Publishes the first queued post (in queue order) of every blog whose queue slot has
/// come, and sets its next slot; each slot is claimed by one node, and the post goes out in
/// the claiming transaction with what it causes.
pub async fn publish_queues(store: &Store, now: i64) -> sqlx::Result<SentOut> {
    const DUE: &str = "SELECT b.id, b.queue_per_day, b.queue_next_at FROM blogs b \
         WHERE b.queue_next_at <= $1 AND b.is_suspended = FALSE \
         AND EXISTS (SELECT 1 FROM posts p WHERE p.blog_id = b.id AND p.state = 'queued')";
    const CLAIM: &str = "UPDATE blogs SET queue_next_at = $1 WHERE id = $2 AND queue_next_at = $3";
    // `state = 'queued'` again outside the choice: on PostgreSQL a post a save changed while
    // this waited for it is read again, and one sent out meanwhile is not sent twice.
    const PUBLISH: &str = "UPDATE posts SET state = 'published', published_at = $1, updated_at = $1 \
         WHERE id = (SELECT id FROM posts WHERE blog_id = $2 AND state = 'queued' \
         ORDER BY queue_position, id LIMIT 1) AND state = 'queued' \
         RETURNING id";
    let due: Vec<(i64, i64, i64)> =
        with_pool!(store, pool => sqlx::query_as(DUE).bind(now).fetch_all(pool).await)?;
    let mut sent = SentOut::default();
    for (blog, per_day, slot) in due {
        let one = async {
            let mut tx = store.begin().await?;
            let next = now + queue_interval(per_day);
            let claimed = with_tx!(&mut tx, conn => sqlx::query(CLAIM)
                .bind(next).bind(blog).bind(slot).execute(conn).await.map(|r| r.rows_affected()))?;
            if claimed == 0 {
                return Ok::<(), sqlx::Error>(()); // another node took the slot
            }
            let id: Option<(i64,)> = with_tx!(&mut tx, conn =>
                sqlx::query_as(PUBLISH).bind(now).bind(blog).fetch_optional(conn).await)?;
            if let Some((id,)) = id {
                SentOut::record(&mut tx, id, blog).await?;
            }
            tx.commit().await?;
            sent.ids.extend(id.map(|(id,)| id));
            Ok(())
        };
        skip_on_error(one.await, blog);
    }
    Ok(sent)
}

/// The soonest time a scheduled post or a queue slot is due, if any.
pub async fn next_due(store: &Store) -> sqlx::Result<Option<i64>> {
    const SQL: &str = "SELECT MIN(t) FROM (\
         SELECT MIN(publish_on) AS t FROM posts WHERE state = 'scheduled' \
         UNION ALL SELECT MIN(b.queue_next_at) AS t FROM blogs b \
         WHERE EXISTS (SELECT 1 FROM posts p WHERE p.blog_id = b.id AND p.state = 'queued')) due";
    let (at,): (Option<i64>,) =
        with_pool!(store, pool => sqlx::query_as(SQL).fetch_one(pool).await)?;
    Ok(at)
}

/// What one run of the publisher sent out: the posts (each published as its transaction
/// committed).
#[derive(Debug, Default)]
pub struct SentOut {
    pub ids: Vec<i64>,
}

impl SentOut {
    /// Writes what the post `id` of `blog_id`, just sent out in `tx`, causes: its `created`
    /// event and `went_out`'s notes and notifications. The post counts as sent out once `tx`
    /// has committed.
    async fn record(tx: &mut Tx, id: i64, blog_id: i64) -> sqlx::Result<()> {
        let mut events = went_out(tx, id).await?;
        events.push(post_changed(tx, id, blog_id, PostAction::Created).await?);
        tx.record(events).await?;
        Ok(())
    }
}

/// Whether `post_id`, just published, is the first post its writer published on any of their
/// blogs (spec 000's confetti is for a user's first post, not each blog's): true when no other
/// published post of theirs exists. Asked only of a new published post, and stops at the first
/// other it finds.
pub(crate) async fn is_users_first_post(
    store: &Store,
    user_id: i64,
    post_id: i64,
) -> sqlx::Result<bool> {
    const SQL: &str = "SELECT EXISTS (SELECT 1 FROM posts p JOIN blogs b ON b.id = p.blog_id \
         WHERE b.user_id = $1 AND p.state = 'published' AND p.id <> $2)";
    let (other,): (bool,) = with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(user_id).bind(post_id).fetch_one(pool).await)?;
    Ok(!other)
}

/// One post (or queue) the publisher could not send out stays as it was, to be tried on the
/// next tick; the others still go out.
fn skip_on_error(result: sqlx::Result<()>, id: i64) {
    if let Err(err) = result {
        tracing::warn!(error = %err, id, "sending a due post out failed; it waits for the next tick");
    }
}
