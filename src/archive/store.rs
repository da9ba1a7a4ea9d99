//! The archive's query: a blog's posts newest first, in whole calendar months (UTC), read
//! from the (blog_id, published_at, id) index in one statement.

use crate::posts::model::PostType;
use crate::store::Store;
use crate::with_pool;

/// A post as the archive's grid shows it: a tile, not the whole post.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ArchiveRow {
    pub id: i64,
    pub r#type: String,
    pub published_at: i64,
    pub slug: String,
    pub summary: String,
    pub media_url: String,
    pub note_count: i64,
    pub is_reblog: bool,
}

/// Which of a blog's posts the archive lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveFilter {
    /// Only this type (the 'filter-by/{type}' route).
    pub post_type: Option<PostType>,
    /// Only posts with this tag key (the 'tagged/{tag}' route).
    pub tag_key: Option<String>,
    /// The owner sees their private posts too.
    pub with_private: bool,
}

/// The blog's posts that come after (`before`, `before_id`) newest first: published
/// earlier, or in the same second with a lower id; at most `limit`.
pub async fn posts_before(
    store: &Store,
    blog_id: i64,
    filter: &ArchiveFilter,
    before: i64,
    before_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<ArchiveRow>> {
    const SQL: &str = "SELECT p.id, p.type, p.published_at, p.slug, p.summary, p.media_url, \
         COALESCE(r.note_count, 0) AS note_count, (p.root_post_id IS NOT NULL) AS is_reblog \
         FROM posts p LEFT JOIN chains r ON r.root_id = COALESCE(p.root_post_id, p.id) \
         WHERE p.blog_id = $1 AND (p.state = 'published' OR ($2 AND p.state = 'private')) \
         AND (p.published_at < $3 OR (p.published_at = $3 AND p.id < $7)) AND ($4 = '' OR p.type = $4) \
         AND ($5 = '' OR EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = p.id AND t.tag_key = $5)) \
         ORDER BY p.published_at DESC, p.id DESC LIMIT $6";
    with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(blog_id).bind(filter.with_private).bind(before)
        .bind(filter.post_type.map_or("", PostType::name))
        .bind(filter.tag_key.as_deref().unwrap_or(""))
        .bind(limit).bind(before_id)
        .fetch_all(pool).await)
}
