//! Queries for posts: writing one with its tags in one transaction (here), reading posts for
//! the pages that list them (`pages.rs`), claiming what is due to publish (`publishing.rs`),
//! letting go of posts held for their video (`held.rs`), where a post joins its blog's queue
//! (`queue.rs`) and an app's attribution (`attribution.rs`); the row they read, and the reads
//! of posts by id, are `row.rs`.

use dashwire_protocol::PostAction;

use super::model::{PostContent, PostSource, PostState, PostType, TrailItem};
use super::search_text::{search_tags, search_text};
use super::summary;
use crate::activity::events::{Notice, notify};
use crate::notes::store as notes;
use crate::store::{Store, Tx, now_secs};
use crate::{with_pool, with_tx};
use changes::{json, post_changed, went_out};
use queue::{bound_for_queue, joins_queue, lock_queue, start_queue, to_back_of_queue};

/// The select every post read shares; `$1` is the viewer's user id (NULL for a visitor).
macro_rules! post_select {
    ($($tail:literal)*) => {
        concat!(
            "SELECT p.id, p.blog_id, b.name AS blog_name, b.user_id AS owner_id, p.type, p.state, \
             p.created_at, p.published_at, p.publish_on, p.slug, p.source_url, p.editor_type, \
             p.allow_answers, p.allow_photo_replies, p.content, p.source, p.comment, p.reblog_key, \
             p.parent_post_id, p.root_post_id, p.trail, pb.name AS parent_blog_name, \
             sb.name AS submitted_by, p.app_name, b.is_group, p.posted_by_blog_id, \
             EXISTS (SELECT 1 FROM follows f WHERE f.user_id = $1 AND f.blog_id = p.blog_id) AS following \
             FROM posts p JOIN blogs b ON b.id = p.blog_id \
             LEFT JOIN posts pp ON pp.id = p.parent_post_id LEFT JOIN blogs pb ON pb.id = pp.blog_id \
             LEFT JOIN blogs sb ON sb.id = p.asked_by_blog_id AND p.type <> 'note' ",
            $($tail),*
        )
    };
}

mod attribution;
mod changes;
mod held;
mod pages;
mod publishing;
mod queue;
mod row;

pub(crate) use attribution::remove_app_attribution;
pub use held::UNPROCESSED_SHOWING;
pub(crate) use held::{fill_processed, held_posts, release_held, unprocessed_showing};
pub use pages::{Cursor, Page, page};
pub(crate) use pages::{blog_posts_at, page_placed, tags_of};
pub(crate) use publishing::is_users_first_post;
pub use publishing::{next_due, publish_due, publish_queues};
pub use row::post_row;
pub(crate) use row::{PostRow, like_times, post_rows};

/// What a save writes.
#[derive(Debug, Clone)]
pub struct PostWrite {
    pub blog_id: i64,
    pub post_type: PostType,
    pub state: PostState,
    /// For a post held in `Transcoding` until its video is ready (`video/`): the state it
    /// was saved for, which it goes to then.
    pub pending_state: Option<PostState>,
    pub publish_on: Option<i64>,
    /// The post's date when it is out (published or private); `None` keeps what it had, or
    /// now for a post going out for the first time.
    pub date: Option<i64>,
    pub slug: String,
    pub source_url: String,
    pub editor_type: String,
    pub allow_answers: bool,
    pub allow_photo_replies: bool,
    pub content: PostContent,
    pub source: PostSource,
    pub comment: String,
    pub tags: Vec<String>,
    pub reblog: Option<ReblogOf>,
    /// A question's asking blog (none when anonymous, or not a question).
    pub asked_by: Option<i64>,
    /// The app whose token created the post (only a create writes it).
    pub app_name: Option<String>,
    /// On a group blog: the member's blog it is written as (only a create writes it).
    pub posted_by: Option<i64>,
}

impl PostWrite {
    /// A post of `content`'s type on `blog_id` in `state`, every other field at its default:
    /// no tags, slug, source URL, words of the author's own or reblog; the rich editor.
    pub fn new(blog_id: i64, state: PostState, content: PostContent) -> PostWrite {
        PostWrite {
            blog_id,
            post_type: content.post_type(),
            state,
            pending_state: None,
            publish_on: None,
            date: None,
            slug: String::new(),
            source_url: String::new(),
            editor_type: "rich".into(),
            allow_answers: false,
            allow_photo_replies: false,
            content,
            source: PostSource::default(),
            comment: String::new(),
            tags: Vec::new(),
            reblog: None,
            asked_by: None,
            app_name: None,
            posted_by: None,
        }
    }
}

/// Where a reblog comes from.
#[derive(Debug, Clone)]
pub struct ReblogOf {
    pub parent_id: i64,
    pub root_id: i64,
    pub trail: Vec<TrailItem>,
}

/// Writes a new post and its tags, and for a published reblog its note; returns its id.
pub async fn create_post(store: &Store, post: &PostWrite) -> sqlx::Result<i64> {
    const INSERT: &str = "INSERT INTO posts (blog_id, type, state, created_at, updated_at, published_at, \
         publish_on, slug, source_url, editor_type, allow_answers, allow_photo_replies, content, source, \
         comment, reblog_key, parent_post_id, root_post_id, trail, asked_by_blog_id, summary, media_url, \
         search_text, search_tags, pending_state, app_name, posted_by_blog_id) \
         VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, \
         $22, $23, $24, $25, $26) \
         RETURNING id";
    let now = now_secs();
    let published_at = if post.state_is_out() {
        Some(post.date.unwrap_or(now))
    } else if post.held_to_go_out() {
        post.date
    } else {
        None
    };
    let (parent, root, trail) = match &post.reblog {
        Some(r) => (Some(r.parent_id), Some(r.root_id), json(&r.trail)?),
        None => (None, None, "[]".to_owned()),
    };
    let (content, source) = (json(&post.content)?, json(&post.source)?);
    let mut tx = store.begin().await?;
    let (id,): (i64,) = with_tx!(&mut tx, conn => sqlx::query_as(INSERT)
        .bind(post.blog_id).bind(post.post_type.name()).bind(post.state.name()).bind(now)
        .bind(published_at).bind(post.publish_on).bind(&post.slug).bind(&post.source_url)
        .bind(&post.editor_type).bind(post.allow_answers).bind(post.allow_photo_replies)
        .bind(&content).bind(&source).bind(&post.comment).bind(reblog_key())
        .bind(parent).bind(root).bind(&trail).bind(post.asked_by)
        .bind(post.summary()).bind(summary::media_url(&post.content))
        .bind(post.search_text()).bind(search_tags(&post.tags))
        .bind(post.pending_state.map(PostState::name)).bind(&post.app_name).bind(post.posted_by)
        .fetch_one(conn).await)?;
    write_tags(&mut tx, id, &post.tags).await?;
    if post.bound_for_queue() {
        to_back_of_queue(&mut tx, id).await?;
    }
    if post.state == PostState::Queued {
        start_queue(&mut tx, post.blog_id, now).await?;
    }
    let mut events = went_out(&mut tx, id).await?;
    if post.state == PostState::Published {
        events.push(post_changed(&mut tx, id, post.blog_id, PostAction::Created).await?);
    }
    if post.state == PostState::Unapproved {
        // A question (its asker may be anonymous) or a submitted post.
        let is_ask = matches!(post.content, PostContent::Note { .. });
        let notice = Notice {
            blog_id: post.blog_id,
            kind: if is_ask { "ask" } else { "submission" },
            from_blog_id: post.asked_by,
            post_id: Some(id),
            reply_text: "",
            new_post_id: None,
        };
        events.extend(notify(&mut tx, notice).await?);
    }
    tx.record(events).await?;
    tx.commit().await?;
    Ok(id)
}

/// Rewrites a post (its blog, type and reblog origin stay); replaces its tags. A reblog
/// going out for the first time gets its note.
pub async fn update_post(store: &Store, id: i64, post: &PostWrite) -> sqlx::Result<()> {
    // A post going out keeps the date it had unless a new one is given; one coming back
    // (to the drafts, the queue) loses it. One held for its video keeps a chosen date for
    // when it goes out (`release_held`).
    const UPDATE: &str = "UPDATE posts SET state = $2, updated_at = $3, \
         published_at = CASE WHEN $4 THEN COALESCE($5, published_at, $3) \
         WHEN $21 THEN COALESCE($5, published_at) ELSE NULL END, \
         publish_on = $6, slug = $7, source_url = $8, editor_type = $9, allow_answers = $10, \
         allow_photo_replies = $11, content = $12, source = $13, comment = $14, trail = $15, \
         summary = $16, media_url = $17, search_text = $18, search_tags = $19, pending_state = $20 \
         WHERE id = $1";
    let now = now_secs();
    let trail = match &post.reblog {
        Some(r) => json(&r.trail)?,
        None => "[]".to_owned(),
    };
    let (content, source) = (json(&post.content)?, json(&post.source)?);
    let mut tx = store.begin().await?;
    let (was, was_pending): (String, Option<String>) = with_tx!(&mut tx, conn =>
        sqlx::query_as("SELECT state, pending_state FROM posts WHERE id = $1").bind(id).fetch_one(conn).await)?;
    let was_out = was == PostState::Published.name();
    let was_waiting = (
        PostState::from_code(&was).unwrap_or(PostState::Draft),
        was_pending.as_deref().and_then(PostState::from_code),
    );
    if was == PostState::Queued.name() || post.state == PostState::Queued {
        lock_queue(&mut tx, post.blog_id).await?;
    }
    with_tx!(&mut tx, conn => sqlx::query(UPDATE)
        .bind(id).bind(post.state.name()).bind(now).bind(post.state_is_out()).bind(post.date)
        .bind(post.publish_on).bind(&post.slug).bind(&post.source_url).bind(&post.editor_type)
        .bind(post.allow_answers).bind(post.allow_photo_replies).bind(&content).bind(&source)
        .bind(&post.comment).bind(&trail).bind(post.summary()).bind(summary::media_url(&post.content))
        .bind(post.search_text()).bind(search_tags(&post.tags))
        .bind(post.pending_state.map(PostState::name)).bind(post.held_to_go_out())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    with_tx!(&mut tx, conn => sqlx::query("DELETE FROM post_tags WHERE post_id = $1")
        .bind(id).execute(conn).await.map(|r| r.rows_affected()))?;
    write_tags(&mut tx, id, &post.tags).await?;
    if joins_queue(was_waiting, (post.state, post.pending_state)) {
        to_back_of_queue(&mut tx, id).await?;
    }
    if post.state == PostState::Queued {
        start_queue(&mut tx, post.blog_id, now).await?;
    }
    let mut events = went_out(&mut tx, id).await?;
    let is_out = post.state == PostState::Published;
    let change = match (was_out, is_out) {
        (false, true) => Some(PostAction::Created),
        (true, true) => Some(PostAction::Updated),
        (true, false) => Some(PostAction::Deleted),
        (false, false) => None,
    };
    if let Some(action) = change {
        events.push(post_changed(&mut tx, id, post.blog_id, action).await?);
    }
    tx.record(events).await?;
    tx.commit().await
}

/// Whether `user_id` may read the posts of the blog `name` live: it exists, and its posts
/// are public or it is theirs.
pub(crate) async fn blog_posts_readable(
    store: &Store,
    name: &str,
    viewer: Option<i64>,
) -> sqlx::Result<bool> {
    const SQL: &str = "SELECT COUNT(*) FROM blogs \
         WHERE name = $1 AND (is_private_group_channel = FALSE OR user_id = $2)";
    let (n,): (i64,) = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(name).bind(viewer).fetch_one(pool).await)?;
    Ok(n > 0)
}

/// Sends out, as `content`, the post `id` waiting in its blog's inbox (`unapproved`: an ask,
/// `asks/`), with what going out causes, recorded in `tx`. Answers its blog and the blog that
/// asked (none when asked anonymously), or `None` when it is not waiting there.
pub(crate) async fn send_out_from_inbox(
    tx: &mut Tx,
    id: i64,
    content: &PostContent,
) -> sqlx::Result<Option<FromInbox>> {
    const SQL: &str = "UPDATE posts SET content = $2, state = 'published', published_at = $3, \
         updated_at = $3, summary = $4, search_text = $5 WHERE id = $1 AND state = 'unapproved' \
         RETURNING blog_id, asked_by_blog_id";
    let now = now_secs();
    let row: Option<(i64, Option<i64>)> = with_tx!(tx, conn => sqlx::query_as(SQL)
        .bind(id).bind(json(content)?).bind(now).bind(summary::summary(content, "", false))
        .bind(search_text(content, "", &[]))
        .fetch_optional(conn).await)?;
    let Some((blog_id, asked_by)) = row else {
        return Ok(None);
    };
    let mut events = went_out(tx, id).await?;
    events.push(post_changed(tx, id, blog_id, PostAction::Created).await?);
    tx.record(events).await?;
    Ok(Some(FromInbox { blog_id, asked_by }))
}

/// A post sent out of its blog's inbox ([`send_out_from_inbox`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct FromInbox {
    pub blog_id: i64,
    /// The blog that asked, unless it asked anonymously.
    pub asked_by: Option<i64>,
}

/// Sends a draft, queued or scheduled post out now (`Published`) or to the back of its
/// blog's queue (`Queued`), with what going out causes (see `went_out`).
pub async fn publish_post(
    store: &Store,
    id: i64,
    blog_id: i64,
    state: PostState,
) -> sqlx::Result<()> {
    // Only from a state that waits: the publisher may have sent it out meanwhile.
    const SQL: &str = "UPDATE posts SET state = $2, updated_at = $3, publish_on = NULL, \
         published_at = CASE WHEN $4 THEN $3 ELSE NULL END \
         WHERE id = $1 AND state IN ('draft', 'queued', 'scheduled', 'unapproved')";
    let now = now_secs();
    let mut tx = store.begin().await?;
    lock_queue(&mut tx, blog_id).await?;
    let changed = with_tx!(&mut tx, conn => sqlx::query(SQL)
        .bind(id).bind(state.name()).bind(now).bind(state == PostState::Published)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    if changed == 0 {
        return Ok(());
    }
    if state == PostState::Queued {
        to_back_of_queue(&mut tx, id).await?;
        start_queue(&mut tx, blog_id, now).await?;
    }
    let mut events = went_out(&mut tx, id).await?;
    if state == PostState::Published {
        events.push(post_changed(&mut tx, id, blog_id, PostAction::Created).await?);
    }
    tx.record(events).await?;
    tx.commit().await
}

/// Deletes a post with its tags, likes, notes and the notifications about it. Its chain
/// loses the notes it took with it (the chain's count is counted again), and the owners
/// of its unread notifications get their new counts.
pub async fn delete_post(store: &Store, id: i64) -> sqlx::Result<()> {
    const DELETE: &str = "DELETE FROM posts WHERE id = $1 \
         RETURNING COALESCE(root_post_id, id), blog_id, state";
    // Its unread notifications go with it: their owners' counts drop.
    const UNREAD_BY: &str = "SELECT DISTINCT b.user_id FROM notifications n \
         JOIN blogs b ON b.id = n.blog_id WHERE n.post_id = $1 AND n.is_read = FALSE";
    // A reblog of it that stays is still a note of the chain: it moves to the post this one
    // reblogged (the nearest post above that is still there), rather than going with it; a
    // first post has none above, and the note then stays on no post (migration 0027). The
    // likes and replies on it go with it.
    const KEEP_REBLOGS: &str = "UPDATE notes SET post_id = \
         (SELECT parent_post_id FROM posts WHERE id = $1) \
         WHERE post_id = $1 AND type = 'reblog' AND reblog_post_id <> $1";
    let mut tx = store.begin().await?;
    let unread_by: Vec<(i64,)> =
        with_tx!(&mut tx, conn => sqlx::query_as(UNREAD_BY).bind(id).fetch_all(conn).await)?;
    with_tx!(&mut tx, conn => sqlx::query(KEEP_REBLOGS).bind(id).execute(conn).await.map(|_| ()))?;
    let deleted: Option<(i64, i64, String)> =
        with_tx!(&mut tx, conn => sqlx::query_as(DELETE).bind(id).fetch_optional(conn).await)?;
    let Some((root, blog_id, state)) = deleted else {
        return Ok(());
    };
    // The chain loses the notes that went with the post (all of a first post's own).
    let mut events = notes::recount(&mut tx, root).await?;
    if state == PostState::Published.name() {
        events.push(post_changed(&mut tx, id, blog_id, PostAction::Deleted).await?);
    }
    let owners: Vec<i64> = unread_by.into_iter().map(|(user,)| user).collect();
    crate::unread::record_counts(&mut tx, &owners);
    tx.record(events).await?;
    tx.commit().await
}

impl PostWrite {
    /// The post in a few words (see `summary.rs`).
    fn summary(&self) -> String {
        summary::summary(&self.content, &self.comment, self.reblog.is_some())
    }

    /// The post's words for search (see `search_text.rs`).
    fn search_text(&self) -> String {
        let trail = self.reblog.as_ref().map_or(&[][..], |r| &r.trail[..]);
        search_text(&self.content, &self.comment, trail)
    }

    /// Whether the post is out: published, or published privately.
    fn state_is_out(&self) -> bool {
        matches!(self.state, PostState::Published | PostState::Private)
    }

    /// In its blog's queue, or held for its video to go there (see `to_back_of_queue`).
    fn bound_for_queue(&self) -> bool {
        bound_for_queue(self.state, self.pending_state)
    }

    /// Held in `transcoding` to go out (published or private) when its video is ready: its
    /// chosen date is kept for then.
    fn held_to_go_out(&self) -> bool {
        self.state == PostState::Transcoding
            && matches!(
                self.pending_state,
                Some(PostState::Published | PostState::Private)
            )
    }
}

async fn write_tags(tx: &mut Tx, post_id: i64, tags: &[String]) -> sqlx::Result<()> {
    const HEAD: &str = "INSERT INTO post_tags (post_id, position, tag, tag_key) ";
    if tags.is_empty() {
        return Ok(());
    }
    with_tx!(tx, conn => {
        let mut insert = sqlx::QueryBuilder::new(HEAD);
        insert.push_values(tags.iter().enumerate(), |mut row, (position, tag)| {
            row.push_bind(post_id)
                .push_bind(position as i64)
                .push_bind(tag.as_str())
                .push_bind(super::tags::tag_key(tag));
        });
        insert.build().execute(conn).await.map(|r| r.rows_affected())
    })?;
    Ok(())
}

/// The key a reblog presents: unguessable, so only someone who saw the post can reblog it.
fn reblog_key() -> String {
    let mut bytes = [0u8; 6];
    rand::fill(&mut bytes[..]);
    hex::encode(bytes)
}
