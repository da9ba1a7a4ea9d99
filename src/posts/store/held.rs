//! Posts held in `transcoding` until their video is ready (`video/` decides which, and when):
//! reading them, and letting one go to the state it was saved for, with what going out causes.
//! And posts that were not held for their upload (an edit of a post already out shows a new
//! video as uploaded): filling in what processing made once it is ready.

use dashwire_protocol::PostAction;

use super::changes::{json, post_changed, went_out};
use super::queue::start_queue;
use crate::posts::model::{PostContent, PostState};
use crate::posts::summary;
use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// A post waiting for its video.
#[derive(Debug, Clone)]
pub(crate) struct HeldPost {
    pub id: i64,
    pub blog_id: i64,
    pub content: PostContent,
    /// The content as read, to let the post go only if nobody edited it since.
    pub stored: String,
}

/// Every post held in `transcoding`, oldest first. Few at any time: each waits only for
/// its video's processing.
pub(crate) async fn held_posts(store: &Store) -> sqlx::Result<Vec<HeldPost>> {
    const SQL: &str =
        "SELECT id, blog_id, content FROM posts WHERE state = 'transcoding' ORDER BY id";
    let rows: Vec<(i64, i64, String)> =
        with_pool!(store, pool => sqlx::query_as(SQL).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, blog_id, stored)| {
            let content = serde_json::from_str(&stored).ok()?;
            Some(HeldPost {
                id,
                blog_id,
                content,
                stored,
            })
        })
        .collect())
}

/// Lets `held` go, with `content` (its video processed), to the state it was saved for (a
/// draft if none was recorded): out now when that was `published`, to the queue (in the
/// place it took when saved: `to_back_of_queue`) when `queued`, at its time when
/// `scheduled`; a post going out keeps the date its writer chose, if any (`update_post` kept
/// it). False when it was not held
/// as read (deleted, edited since, or let go by another node meanwhile): an edit is never
/// overwritten by what was read before it.
pub(crate) async fn release_held(
    store: &Store,
    held: &HeldPost,
    content: &PostContent,
) -> sqlx::Result<bool> {
    // SET reads the row as it was: `pending_state` is the saved-for state in every clause.
    const SQL: &str = "UPDATE posts SET state = COALESCE(pending_state, 'draft'), pending_state = NULL, \
         content = $2, media_url = $3, updated_at = $4, \
         published_at = CASE WHEN COALESCE(pending_state, 'draft') IN ('published', 'private') \
         THEN COALESCE(published_at, $4) ELSE NULL END \
         WHERE id = $1 AND state = 'transcoding' AND content = $5 RETURNING blog_id, state";
    let now = now_secs();
    let mut tx = store.begin().await?;
    let released: Option<(i64, String)> = with_tx!(&mut tx, conn => sqlx::query_as(SQL)
        .bind(held.id).bind(json(content)?).bind(summary::media_url(content)).bind(now)
        .bind(&held.stored)
        .fetch_optional(conn).await)?;
    let Some((blog_id, state)) = released else {
        return Ok(false);
    };
    let state = PostState::from_code(&state).unwrap_or(PostState::Draft);
    if state == PostState::Queued {
        start_queue(&mut tx, blog_id, now).await?;
    }
    let mut events = went_out(&mut tx, held.id).await?;
    if state == PostState::Published {
        events.push(post_changed(&mut tx, held.id, blog_id, PostAction::Created).await?);
    }
    tx.record(events).await?;
    tx.commit().await?;
    Ok(true)
}

/// The video posts not held (out, private, in the drafts or the queue) that show the upload at
/// `url` as it came, without what processing made of it.
pub(crate) async fn unprocessed_showing(store: &Store, url: &str) -> sqlx::Result<Vec<HeldPost>> {
    let pattern = format!(
        "%{}%",
        serde_json::json!({ "url": url })
            .to_string()
            .trim_matches(['{', '}'])
    );
    let rows: Vec<(i64, i64, String)> = with_pool!(store, pool =>
        sqlx::query_as(UNPROCESSED_SHOWING).bind(&pattern).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, blog_id, stored)| {
            let content: PostContent = serde_json::from_str(&stored).ok()?;
            let unprocessed = matches!(&content, PostContent::Video { url: shown, processed: None, .. } if shown == url);
            unprocessed.then_some(HeldPost {
                id,
                blog_id,
                content,
                stored,
            })
        })
        .collect())
}

/// The statement of [`unprocessed_showing`], public for the test that it reads only the
/// unprocessed video posts (the partial index `posts_video_unprocessed`, migration 0024) and
/// not every post's content. The content is JSON written by serde: the upload is
/// `"url":"/media/{name}"` in it. A media name is letters, digits and dots
/// (`store::media::is_media_name`), nothing LIKE reads as a wildcard; video posts without a
/// poster (`media_url`) are the unprocessed ones.
pub const UNPROCESSED_SHOWING: &str = "SELECT id, blog_id, content FROM posts \
     WHERE type = 'video' AND media_url = '' AND state <> 'transcoding' AND content LIKE $1 \
     ORDER BY id";

/// Gives `post` (read by [`unprocessed_showing`]) its processed `content`, in place: its state
/// and date stay; readers of a published one hear it changed. False when it changed since it
/// was read.
pub(crate) async fn fill_processed(
    store: &Store,
    post: &HeldPost,
    content: &PostContent,
) -> sqlx::Result<bool> {
    const SQL: &str = "UPDATE posts SET content = $2, media_url = $3, updated_at = $4 \
         WHERE id = $1 AND content = $5 RETURNING blog_id, state";
    let mut tx = store.begin().await?;
    let filled: Option<(i64, String)> = with_tx!(&mut tx, conn => sqlx::query_as(SQL)
        .bind(post.id).bind(json(content)?).bind(summary::media_url(content)).bind(now_secs())
        .bind(&post.stored)
        .fetch_optional(conn).await)?;
    let Some((blog_id, state)) = filled else {
        return Ok(false);
    };
    let mut events = Vec::new();
    if state == PostState::Published.name() {
        events.push(post_changed(&mut tx, post.id, blog_id, PostAction::Updated).await?);
    }
    tx.record(events).await?;
    tx.commit().await?;
    Ok(true)
}
