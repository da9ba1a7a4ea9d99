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
    // What the server decides (the states, the filters that apply, the limit) is written into
    // the text and only the blog, the cursor, the type and the tag are bound: bound as optional
    // filters (`$4 = '' OR …`), they left PostgreSQL no plan for any values as cheap as the
    // plan for the values, and every page was planned again (docs/architecture.md,
    // Invariants; loadtest/RESULTS.md §25).
    let states = if filter.with_private {
        "p.state IN ('published', 'private')"
    } else {
        "p.state = 'published'"
    };
    let of_type = if filter.post_type.is_some() {
        "AND p.type = $4 "
    } else {
        ""
    };
    let tagged = match (filter.post_type, &filter.tag_key) {
        (_, None) => "",
        (Some(_), Some(_)) => {
            "AND EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = p.id AND t.tag_key = $5) "
        }
        (None, Some(_)) => {
            "AND EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = p.id AND t.tag_key = $4) "
        }
    };
    let sql = format!(
        "SELECT p.id, p.type, p.published_at, p.slug, p.summary, p.media_url, \
         COALESCE(r.note_count, 0) AS note_count, (p.root_post_id IS NOT NULL) AS is_reblog \
         FROM posts p LEFT JOIN chains r ON r.root_id = COALESCE(p.root_post_id, p.id) \
         WHERE p.blog_id = $1 AND {states} AND (p.published_at, p.id) < ($2, $3) {of_type}{tagged}\
         ORDER BY p.published_at DESC, p.id DESC LIMIT {limit}"
    );
    with_pool!(store, pool => {
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
            .bind(blog_id).bind(before).bind(before_id);
        if let Some(post_type) = filter.post_type {
            query = query.bind(post_type.name());
        }
        if let Some(tag) = &filter.tag_key {
            query = query.bind(tag.as_str());
        }
        query.fetch_all(pool).await
    })
}
