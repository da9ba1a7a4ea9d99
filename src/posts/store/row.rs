//! A post as stored and read back, with what it says read from its JSON columns; one post or
//! several by id as a viewer reads them, and when the viewer liked them.

use std::collections::HashMap;

use crate::posts::model::{PostContent, PostSource, PostState, PostType, TrailItem};
use crate::store::Store;
use crate::with_pool;

/// A post as stored, with its blog and, for a reblog, the blog it was reblogged from.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PostRow {
    pub id: i64,
    pub blog_id: i64,
    pub blog_name: String,
    pub owner_id: i64,
    pub r#type: String,
    pub state: String,
    pub created_at: i64,
    pub published_at: Option<i64>,
    pub publish_on: Option<i64>,
    pub slug: String,
    pub source_url: String,
    pub editor_type: String,
    pub allow_answers: bool,
    pub allow_photo_replies: bool,
    pub content: String,
    pub source: String,
    pub comment: String,
    pub reblog_key: String,
    pub parent_post_id: Option<i64>,
    pub root_post_id: Option<i64>,
    pub trail: String,
    pub parent_blog_name: Option<String>,
    /// A submitted post's submitting blog (a question's asker is in its content).
    pub submitted_by: Option<String>,
    /// The app whose token made the post, until its owner removes that.
    pub app_name: Option<String>,
    /// The post's blog is a group blog (`groups/`).
    pub is_group: bool,
    /// On a group blog: the member's blog that wrote it.
    pub posted_by_blog_id: Option<i64>,
    /// Whether the viewer follows the post's blog.
    pub following: bool,
}

impl PostRow {
    pub(crate) fn post_type(&self) -> PostType {
        PostType::parse(&self.r#type).unwrap_or(PostType::Text)
    }

    pub fn state(&self) -> PostState {
        PostState::from_code(&self.state).unwrap_or(PostState::Draft)
    }

    /// The type's fields; a row that cannot be read (it never should) reads as an empty text.
    pub(crate) fn content(&self) -> PostContent {
        serde_json::from_str(&self.content).unwrap_or(PostContent::Text {
            title: String::new(),
            body: String::new(),
        })
    }

    /// What the author wrote, for editing; read from the content for a post the server wrote
    /// without it ([`PostSource::of_content`]).
    pub(crate) fn source(&self) -> PostSource {
        let source: PostSource = serde_json::from_str(&self.source).unwrap_or_default();
        if source == PostSource::default() {
            PostSource::of_content(&self.content())
        } else {
            source
        }
    }

    pub(crate) fn trail(&self) -> Vec<TrailItem> {
        serde_json::from_str(&self.trail).unwrap_or_default()
    }

    /// Whether the post is a reblog: it has a chain's first post above it. Not whether its
    /// parent is still there: a reblog whose parent was deleted (`parent_post_id` is then
    /// NULL) is still a reblog, with the trail it carries.
    pub(crate) fn is_reblog(&self) -> bool {
        self.root_post_id.is_some()
    }

    /// The position in pages that list newest first.
    pub(crate) fn page_position(&self) -> (i64, i64) {
        (self.published_at.unwrap_or(self.created_at), self.id)
    }
}

/// Where the post `id` sits on a newest-first page ([`PostRow::page_position`]), read alone:
/// a page's cursor needs only that, not the post.
pub(super) async fn page_position(store: &Store, id: i64) -> sqlx::Result<Option<(i64, i64)>> {
    const SQL: &str = "SELECT COALESCE(published_at, created_at), id FROM posts WHERE id = $1";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(id).fetch_optional(pool).await)
}

/// One post as `viewer` would read it (no visibility check: callers decide).
pub async fn post_row(
    store: &Store,
    id: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Option<PostRow>> {
    const SQL: &str = post_select!("WHERE p.id = $2");
    with_pool!(store, pool => sqlx::query_as(SQL).bind(viewer).bind(id).fetch_optional(pool).await)
}

/// The posts `ids`, in that order (an id with no post is left out), as `viewer` reads them;
/// for reads that choose posts elsewhere (search) and show them as every page does.
pub(crate) async fn post_rows(
    store: &Store,
    ids: &[i64],
    viewer: Option<i64>,
) -> sqlx::Result<Vec<PostRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // `$1` in the shared select is the viewer; the ids are `$2`…, numbered by hand because
    // SQLite's anonymous `?` would count from the viewer's place.
    let list: Vec<String> = (2..ids.len() + 2).map(|n| format!("${n}")).collect();
    let sql = format!("{}{})", post_select!("WHERE p.id IN ("), list.join(", "));
    let mut rows: Vec<PostRow> = with_pool!(store, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str())).bind(viewer);
        for &id in ids {
            query = query.bind(id);
        }
        query.fetch_all(pool).await
    })?;
    let order: HashMap<i64, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    rows.sort_by_key(|row| order.get(&row.id).copied().unwrap_or(usize::MAX));
    Ok(rows)
}

/// When `user_id` liked each of `post_ids` that it likes.
pub(crate) async fn like_times(
    store: &Store,
    user_id: i64,
    post_ids: &[i64],
) -> sqlx::Result<HashMap<i64, i64>> {
    if post_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i64)> = with_pool!(store, pool => {
        let mut query = sqlx::QueryBuilder::new("SELECT post_id, created_at FROM likes WHERE user_id = ");
        query.push_bind(user_id).push(" AND post_id IN (");
        let mut ids = query.separated(", ");
        for &id in post_ids {
            ids.push_bind(id);
        }
        query.push(")");
        query.build_query_as().fetch_all(pool).await
    })?;
    Ok(rows.into_iter().collect())
}
