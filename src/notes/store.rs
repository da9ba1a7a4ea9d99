//! Writing and reading notes.

use std::collections::HashMap;

use dashwire_protocol::{Channel, Event, NoteCount};

use crate::activity::events::{Notice, notify};
use crate::store::Topic;
use crate::store::{Store, Tx, now_secs};
use crate::{with_pool, with_tx};

/// What kind of note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NoteKind {
    Like,
    Reblog,
    Reply,
}

impl NoteKind {
    /// As stored, and as the notification's type names it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            NoteKind::Like => "like",
            NoteKind::Reblog => "reblog",
            NoteKind::Reply => "reply",
        }
    }
}

/// The post a note is on: its id and its chain's first post.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NotedPost {
    pub post_id: i64,
    pub root_id: i64,
}

impl NotedPost {
    /// The post `post_id`, whose chain starts at `root_post_id` (none: it starts the chain).
    pub(crate) fn of(post_id: i64, root_post_id: Option<i64>) -> NotedPost {
        NotedPost {
            post_id,
            root_id: root_post_id.unwrap_or(post_id),
        }
    }
}

/// A note to write.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NewNote<'a> {
    pub kind: NoteKind,
    /// The post liked, reblogged or replied to, and its chain's first post.
    pub post_id: i64,
    pub root_id: i64,
    /// Who: the blog acted as, and its user.
    pub blog_id: i64,
    pub user_id: i64,
    pub reblog_post_id: Option<i64>,
    pub reply_text: &'a str,
    /// What a reblog added: its own words (plain text) and tags.
    pub added: Added<'a>,
}

/// What a reblog added to the post it reblogged, as its note keeps it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Added<'a> {
    /// Its own words, as plain text.
    pub text: &'a str,
    pub tags: &'a [String],
}

/// Who a note goes to: the noted post's blog and its owner.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
struct NotedBlog {
    blog_id: i64,
    user_id: i64,
}

const NOTED_BLOG: &str =
    "SELECT p.blog_id, b.user_id FROM posts p JOIN blogs b ON b.id = p.blog_id WHERE p.id = $1";

/// Writes a note inside the open transaction of the action: the note, the chain's count
/// and the notified blog's notification (none for a note on one's own post). Returns the
/// events to record with it.
pub(crate) async fn add(tx: &mut Tx, note: NewNote<'_>) -> sqlx::Result<Vec<(Topic, Event)>> {
    const INSERT: &str = "INSERT INTO notes \
         (root_id, post_id, type, blog_id, user_id, reblog_post_id, reply_text, added_text, added_tags, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
    let tags =
        serde_json::to_string(note.added.tags).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    with_tx!(tx, conn => sqlx::query(INSERT)
        .bind(note.root_id).bind(note.post_id).bind(note.kind.name()).bind(note.blog_id)
        .bind(note.user_id).bind(note.reblog_post_id).bind(note.reply_text)
        .bind(note.added.text).bind(&tags).bind(now_secs())
        .execute(conn).await.map(|_| ()))?;
    let mut events = count_changed(tx, note.root_id, 1).await?;
    let noted: NotedBlog =
        with_tx!(tx, conn => sqlx::query_as(NOTED_BLOG).bind(note.post_id).fetch_one(conn).await)?;
    if noted.user_id != note.user_id {
        let notice = Notice {
            blog_id: noted.blog_id,
            kind: note.kind.name(),
            from_blog_id: Some(note.blog_id),
            post_id: Some(note.post_id),
            // A reblog's notification says what it added (spec 000 §3, new_post.diff).
            reply_text: match note.kind {
                NoteKind::Reblog => note.added.text,
                _ => note.reply_text,
            },
            new_post_id: note.reblog_post_id,
        };
        events.extend(notify(tx, notice).await?);
    }
    Ok(events)
}

/// Removes `user_id`'s like of `post_id`, inside the open transaction of the unlike.
pub(crate) async fn remove_like(
    tx: &mut Tx,
    post_id: i64,
    user_id: i64,
) -> sqlx::Result<Vec<(Topic, Event)>> {
    const DELETE: &str = "DELETE FROM notes WHERE post_id = $1 AND user_id = $2 AND type = 'like' \
         RETURNING root_id";
    let removed: Option<(i64,)> = with_tx!(tx, conn =>
        sqlx::query_as(DELETE).bind(post_id).bind(user_id).fetch_optional(conn).await)?;
    match removed {
        Some((root_id,)) => count_changed(tx, root_id, -1).await,
        None => Ok(Vec::new()),
    }
}

/// Counts a chain's notes again, after a delete took some with it (the chain's first post
/// among them, maybe).
pub(crate) async fn recount(tx: &mut Tx, root_id: i64) -> sqlx::Result<Vec<(Topic, Event)>> {
    // The row's lock first: a note added meanwhile is then either counted here or adds
    // itself to what this writes, never lost between the two.
    count_changed(tx, root_id, 0).await?;
    const SQL: &str = "UPDATE chains SET note_count = (SELECT COUNT(*) FROM notes WHERE root_id = $1) \
         WHERE root_id = $1 RETURNING note_count";
    let (note_count,): (i64,) =
        with_tx!(tx, conn => sqlx::query_as(SQL).bind(root_id).fetch_one(conn).await)?;
    Ok(vec![count_event(root_id, note_count)])
}

/// The reblog note of `reblog_id`, once it is published: written the first time it is out
/// (when it is made published, or its draft, queue or schedule sends it out), never twice,
/// with what the reblog `added`.
pub(crate) async fn reblog_published(
    tx: &mut Tx,
    reblog_id: i64,
    added: Added<'_>,
) -> sqlx::Result<Vec<(Topic, Event)>> {
    const SQL: &str = "SELECT r.parent_post_id, COALESCE(r.root_post_id, r.parent_post_id), r.blog_id, b.user_id \
         FROM posts r JOIN blogs b ON b.id = r.blog_id \
         WHERE r.id = $1 AND r.state = 'published' AND r.parent_post_id IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM notes n WHERE n.reblog_post_id = r.id)";
    let row: Option<(i64, i64, i64, i64)> =
        with_tx!(tx, conn => sqlx::query_as(SQL).bind(reblog_id).fetch_optional(conn).await)?;
    let Some((post_id, root_id, blog_id, user_id)) = row else {
        return Ok(Vec::new());
    };
    let note = NewNote {
        kind: NoteKind::Reblog,
        post_id,
        root_id,
        blog_id,
        user_id,
        reblog_post_id: Some(reblog_id),
        reply_text: "",
        added,
    };
    add(tx, note).await
}

/// Moves the chain's count by `delta` and returns its `notes` event.
async fn count_changed(tx: &mut Tx, root_id: i64, delta: i64) -> sqlx::Result<Vec<(Topic, Event)>> {
    const SQL: &str = "INSERT INTO chains (root_id, note_count) VALUES ($1, $2) \
         ON CONFLICT (root_id) DO UPDATE SET note_count = chains.note_count + excluded.note_count \
         RETURNING note_count";
    let (note_count,): (i64,) = with_tx!(tx, conn =>
        sqlx::query_as(SQL).bind(root_id).bind(delta).fetch_one(conn).await)?;
    Ok(vec![count_event(root_id, note_count)])
}

fn count_event(root_id: i64, note_count: i64) -> (Topic, Event) {
    (
        Topic::shared(Channel::Notes(root_id)),
        Event::Notes(NoteCount {
            root_id,
            note_count,
        }),
    )
}

/// A post's notes as one viewer sees them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct NoteState {
    /// The chain's note count.
    pub note_count: i64,
    /// The viewer likes this post.
    pub liked: bool,
    /// One of the viewer's blogs reblogged this post.
    pub reblogged: bool,
}

/// One note in a chain's list.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct NoteRow {
    pub id: i64,
    pub r#type: String,
    /// None for a reblog's note once the post it reblogged, and every post above that, is
    /// deleted.
    pub post_id: Option<i64>,
    pub blog_name: String,
    pub reblog_post_id: Option<i64>,
    pub reblog_slug: Option<String>,
    pub reply_text: String,
    pub added_text: String,
    /// A JSON list.
    pub added_tags: String,
    pub created_at: i64,
}

/// `user_id`, acting as `via_blog_id`, replies `text` to a post: the reply note, the
/// chain's count and the post's blog's notification, in one transaction.
pub(crate) async fn reply(
    store: &Store,
    user_id: i64,
    via_blog_id: i64,
    post: NotedPost,
    text: &str,
) -> sqlx::Result<()> {
    let mut tx = store.begin().await?;
    let note = NewNote {
        kind: NoteKind::Reply,
        post_id: post.post_id,
        root_id: post.root_id,
        blog_id: via_blog_id,
        user_id,
        reblog_post_id: None,
        reply_text: text,
        added: Added::default(),
    };
    let events = add(&mut tx, note).await?;
    tx.record(events).await?;
    tx.commit().await
}

/// The chain note counts of those of `post_ids` that `viewer` may read (published, or
/// theirs), as `(post_id, note_count)`, in one query.
pub(crate) async fn note_counts(
    store: &Store,
    viewer: Option<i64>,
    post_ids: &[i64],
) -> sqlx::Result<Vec<(i64, i64)>> {
    if post_ids.is_empty() {
        return Ok(Vec::new());
    }
    with_pool!(store, pool => {
        let mut query = sqlx::QueryBuilder::new(
            "SELECT p.id, COALESCE(r.note_count, 0) FROM posts p JOIN blogs b ON b.id = p.blog_id \
             LEFT JOIN chains r ON r.root_id = COALESCE(p.root_post_id, p.id) \
             WHERE (p.state = 'published' OR b.user_id = ",
        );
        query.push_bind(viewer.unwrap_or(0));
        query.push(") AND p.id IN (");
        let mut ids = query.separated(", ");
        for &id in post_ids {
            ids.push_bind(id);
        }
        query.push(") ORDER BY p.id");
        query.build_query_as().fetch_all(pool).await
    })
}

/// The note count and `viewer`'s flags of one post.
pub(crate) async fn note_state(
    store: &Store,
    viewer: Option<i64>,
    post_id: i64,
) -> sqlx::Result<NoteState> {
    let mut states = note_states(store, viewer, &[post_id]).await?;
    Ok(states.remove(&post_id).unwrap_or_default())
}

/// The note count and `viewer`'s flags of each post, in one query.
pub(crate) async fn note_states(
    store: &Store,
    viewer: Option<i64>,
    post_ids: &[i64],
) -> sqlx::Result<HashMap<i64, NoteState>> {
    if post_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let viewer = viewer.unwrap_or(0);
    let rows: Vec<(i64, i64, bool, bool)> = with_pool!(store, pool => {
        let mut query = sqlx::QueryBuilder::new(
            "SELECT p.id, COALESCE(r.note_count, 0), \
             EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.user_id = ",
        );
        query.push_bind(viewer);
        query.push(
            "), EXISTS (SELECT 1 FROM posts c JOIN blogs cb ON cb.id = c.blog_id \
             WHERE c.parent_post_id = p.id AND cb.user_id = ",
        );
        query.push_bind(viewer);
        query.push(
            ") FROM posts p LEFT JOIN chains r ON r.root_id = COALESCE(p.root_post_id, p.id) \
             WHERE p.id IN (",
        );
        let mut ids = query.separated(", ");
        for &id in post_ids {
            ids.push_bind(id);
        }
        query.push(")");
        query.build_query_as().fetch_all(pool).await
    })?;
    Ok(rows
        .into_iter()
        .map(|(id, note_count, liked, reblogged)| {
            let state = NoteState {
                note_count,
                liked,
                reblogged,
            };
            (id, state)
        })
        .collect())
}

/// The newest notes of the chain `root_id`, older than note `before` when given.
pub(crate) async fn notes(
    store: &Store,
    root_id: i64,
    before: Option<i64>,
    limit: i64,
) -> sqlx::Result<Vec<NoteRow>> {
    const SQL: &str = "SELECT n.id, n.type, n.post_id, b.name AS blog_name, n.reblog_post_id, \
         rp.slug AS reblog_slug, n.reply_text, n.added_text, n.added_tags, n.created_at \
         FROM notes n JOIN blogs b ON b.id = n.blog_id LEFT JOIN posts rp ON rp.id = n.reblog_post_id \
         WHERE n.root_id = $1 AND n.id < $2 ORDER BY n.id DESC LIMIT $3";
    with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(root_id).bind(before.unwrap_or(i64::MAX)).bind(limit).fetch_all(pool).await)
}

/// The chain of the post `id` if `viewer` may read that post (it is published, or it is
/// theirs): its first post's id.
pub(crate) async fn readable_chain(
    store: &Store,
    id: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Option<i64>> {
    const SQL: &str = "SELECT COALESCE(p.root_post_id, p.id) FROM posts p JOIN blogs b ON b.id = p.blog_id \
         WHERE p.id = $1 AND (p.state = 'published' OR b.user_id = $2)";
    let row: Option<(i64,)> = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(id).bind(viewer).fetch_optional(pool).await)?;
    Ok(row.map(|(root,)| root))
}

/// Whether `viewer` may read some post of the chain `root_id`, and so its notes.
pub(crate) async fn chain_readable(
    store: &Store,
    root_id: i64,
    viewer: Option<i64>,
) -> sqlx::Result<bool> {
    const SQL: &str = "SELECT EXISTS (SELECT 1 FROM posts p JOIN blogs b ON b.id = p.blog_id \
             WHERE p.id = $1 AND (p.state = 'published' OR b.user_id = $2)) \
         OR EXISTS (SELECT 1 FROM posts p JOIN blogs b ON b.id = p.blog_id \
             WHERE p.root_post_id = $1 AND (p.state = 'published' OR b.user_id = $2))";
    let (readable,): (bool,) = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(root_id).bind(viewer).fetch_one(pool).await)?;
    Ok(readable)
}
