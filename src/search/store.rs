//! The search queries, on each database's own full-text engine: an FTS5 table on SQLite, a
//! tsvector column with a GIN index on PostgreSQL (migrations 0018). The filters, order and
//! paging are one SQL text for both; how a post matches differs, one fragment per driver
//! below. Each answers post ids in order, one more than the page when there is a next page;
//! `posts::store::post_rows` reads the posts as every page shows them.
//!
//! What bounds the cost (loadtest/RESULTS.md §15, 1,000,000 posts): a word common enough to
//! be in half the posts must not make a search read and sort half the posts. A blog's search
//! starts from the blog's posts; a search across blogs, and a tag's page, rank the
//! [`CANDIDATES`] newest posts that match (by id, which follows the order posts are written),
//! read newest first from the engine's own order, so their cost is bounded whatever the word.
//! Word searches are not kept prepared (`persistent(false)`): PostgreSQL then plans each
//! with its word, where a kept statement soon gets one plan for every word, which reads all
//! of a common word's matches (RESULTS §15, after the fix). A tag's page is.

use super::terms::Terms;
use crate::posts::model::PostType;
use crate::store::{DbPool, Store};
use crate::with_pool;

/// The newest matches a search across blogs or a tag's page ranks and pages through.
pub(crate) const CANDIDATES: i64 = 2_000;

/// The newest [`CANDIDATES`] (`$8`) posts that match `$1`, per driver, as `id`s: FTS5 reads its
/// matches in rowid order, newest first, and stops; PostgreSQL walks the primary key back from
/// the newest post for a common word, or reads a rare word's few matches from the GIN index
/// and sorts them (its statistics on the tsvector tell which).
const SQLITE_CANDIDATES: &str = "SELECT rowid AS id FROM posts_fts WHERE posts_fts MATCH $1 \
     ORDER BY rowid DESC LIMIT $8";
const POSTGRES_CANDIDATES: &str = "SELECT id FROM posts \
     WHERE search_vector @@ plainto_tsquery('dashwire_search', $1) ORDER BY id DESC LIMIT $8";

/// Whether post `p` matches `$1`, per driver. On SQLite a blog's search tests each of the
/// blog's posts against the FTS5 index by rowid, rather than reading every match of the word
/// in every blog and keeping the blog's.
const SQLITE_MATCHES: &str =
    "EXISTS (SELECT 1 FROM posts_fts WHERE posts_fts.rowid = p.id AND posts_fts MATCH $1)";
const POSTGRES_MATCHES: &str = "p.search_vector @@ plainto_tsquery('dashwire_search', $1)";

/// The order of a search's results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Newest first.
    Recent,
    /// Most notes (over the reblog chain) first, then newest.
    Popular,
}

impl Order {
    fn sql(self) -> &'static str {
        match self {
            Order::Recent => "ORDER BY p.published_at DESC, p.id DESC",
            Order::Popular => {
                "ORDER BY COALESCE(r.note_count, 0) DESC, p.published_at DESC, p.id DESC"
            }
        }
    }
}

/// What a search keeps, beyond the words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filters {
    /// Only posts of this type.
    pub post_type: Option<PostType>,
    /// Only original posts (no reblogs).
    pub original_only: bool,
    /// Leave out blogs marked NSFW ('Safe search').
    pub safe: bool,
}

/// A page: where it starts and how many it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub offset: i64,
    pub limit: i64,
}

/// The ids of one blog's posts that match `terms`: its published posts, and its private
/// ones too when `with_private` (the owner searching). Drafts, queued and scheduled posts,
/// and posts waiting in the inbox, never match.
pub async fn blog_search(
    store: &Store,
    blog_id: i64,
    with_private: bool,
    terms: &Terms,
    filters: Filters,
    order: Order,
    window: Window,
) -> sqlx::Result<Vec<i64>> {
    let matches = match store.pool() {
        DbPool::Sqlite { .. } => SQLITE_MATCHES,
        DbPool::Postgres(_) => POSTGRES_MATCHES,
    };
    let sql = format!(
        "SELECT p.id FROM posts p LEFT JOIN chains r ON r.root_id = COALESCE(p.root_post_id, p.id) \
         WHERE {matches} AND p.blog_id = $2 AND (p.state = 'published' OR ($3 AND p.state = 'private')) \
         AND ($4 = '' OR p.type = $4) AND (NOT $5 OR p.root_post_id IS NULL) \
         {} LIMIT $6 OFFSET $7",
        order.sql()
    );
    let ids: Vec<(i64,)> = with_pool!(store, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
        .persistent(false)
        .bind(engine_text(store, terms)).bind(blog_id).bind(with_private)
        .bind(type_name(filters.post_type)).bind(filters.original_only)
        .bind(window.limit).bind(window.offset)
        .fetch_all(pool).await)?;
    Ok(ids.into_iter().map(|(id,)| id).collect())
}

/// The ids of published posts of every public blog among the [`CANDIDATES`] newest that
/// match `terms` (spec 000 §2.12's search): not a private blog's, nor a spam or suspended
/// one's, nor one that blocked any blog of `viewer`'s or that one of them blocked.
pub(crate) async fn site_search(
    store: &Store,
    viewer: Option<i64>,
    terms: &Terms,
    filters: Filters,
    order: Order,
    window: Window,
) -> sqlx::Result<Vec<i64>> {
    // Newest first on PostgreSQL needs no candidates: planned with the word (see
    // `persistent(false)` below), it walks the published-date index back for a common word
    // and stops at the page, or reads a rare word's few matches from the GIN index.
    let recent_on_postgres = order == Order::Recent && matches!(store.pool(), DbPool::Postgres(_));
    let candidates = match store.pool() {
        DbPool::Sqlite { .. } => SQLITE_CANDIDATES,
        DbPool::Postgres(_) => POSTGRES_CANDIDATES,
    };
    let (from, matching) = if recent_on_postgres {
        ("posts p".to_owned(), format!("{POSTGRES_MATCHES} AND "))
    } else {
        (
            format!("({candidates}) c JOIN posts p ON p.id = c.id"),
            String::new(),
        )
    };
    let sql = format!(
        "SELECT p.id FROM {from} JOIN blogs b ON b.id = p.blog_id \
         LEFT JOIN chains r ON r.root_id = COALESCE(p.root_post_id, p.id) \
         WHERE {matching}{PUBLIC} {} LIMIT $6 OFFSET $7",
        order.sql()
    );
    let ids: Vec<(i64,)> = with_pool!(store, pool => {
        let query = sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
            .persistent(false)
            .bind(engine_text(store, terms)).bind(viewer)
            .bind(filters.safe).bind(type_name(filters.post_type)).bind(filters.original_only)
            .bind(window.limit).bind(window.offset);
        let query = if recent_on_postgres { query } else { query.bind(CANDIDATES) };
        query.fetch_all(pool).await
    })?;
    Ok(ids.into_iter().map(|(id,)| id).collect())
}

/// The ids of published posts of every public blog among the [`CANDIDATES`] newest tagged
/// `tag_key` (the `/tagged/{tag}` page), kept as [`site_search`] keeps them; read newest
/// first from the (tag_key, post_id) index.
pub(crate) async fn tagged(
    store: &Store,
    viewer: Option<i64>,
    tag_key: &str,
    filters: Filters,
    order: Order,
    window: Window,
) -> sqlx::Result<Vec<i64>> {
    let sql = format!(
        "SELECT p.id FROM (SELECT DISTINCT t.post_id AS id FROM post_tags t WHERE t.tag_key = $1 \
         ORDER BY t.post_id DESC LIMIT $8) c JOIN posts p ON p.id = c.id \
         JOIN blogs b ON b.id = p.blog_id \
         LEFT JOIN chains r ON r.root_id = COALESCE(p.root_post_id, p.id) \
         WHERE {PUBLIC} {} LIMIT $6 OFFSET $7",
        order.sql()
    );
    // Kept prepared, unlike the word searches: the candidates make its plan the same for
    // every tag, so planning it each time only cost ~10 ms (RESULTS §15, after 59fa82a).
    let ids: Vec<(i64,)> = with_pool!(store, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(tag_key).bind(viewer)
        .bind(filters.safe).bind(type_name(filters.post_type)).bind(filters.original_only)
        .bind(window.limit).bind(window.offset).bind(CANDIDATES)
        .fetch_all(pool).await)?;
    Ok(ids.into_iter().map(|(id,)| id).collect())
}

/// The posts anyone may find across blogs; `$2` the viewer, `$3` safe search, `$4` the type
/// (empty for any), `$5` originals only.
const PUBLIC: &str = "p.state = 'published' AND b.is_private_group_channel = FALSE \
     AND b.is_spam = FALSE AND b.is_suspended = FALSE AND (NOT $3 OR b.is_nsfw = FALSE) \
     AND ($4 = '' OR p.type = $4) AND (NOT $5 OR p.root_post_id IS NULL) \
     AND NOT EXISTS (SELECT 1 FROM blocks k JOIN blogs kb ON kb.id = k.blocked_blog_id \
                     WHERE k.blocker_blog_id = p.blog_id AND kb.user_id = $2) \
     AND NOT EXISTS (SELECT 1 FROM blocks k JOIN blogs kb ON kb.id = k.blocker_blog_id \
                     WHERE k.blocked_blog_id = p.blog_id AND kb.user_id = $2)";

/// A blog's most used tags on the posts `viewer` may read (private ones for the owner), most
/// used first, at most `limit`: the search typeahead's 'Popular Tags:'.
pub(crate) async fn popular_tags(
    store: &Store,
    blog_id: i64,
    with_private: bool,
    limit: i64,
) -> sqlx::Result<Vec<String>> {
    const SQL: &str = "SELECT MIN(t.tag) AS tag, COUNT(*) AS uses FROM post_tags t \
         JOIN posts p ON p.id = t.post_id \
         WHERE p.blog_id = $1 AND (p.state = 'published' OR ($2 AND p.state = 'private')) \
         GROUP BY t.tag_key ORDER BY uses DESC, t.tag_key LIMIT $3";
    let rows: Vec<(String, i64)> = with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(blog_id).bind(with_private).bind(limit).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(tag, _)| tag).collect())
}

fn engine_text(store: &Store, terms: &Terms) -> String {
    match store.pool() {
        DbPool::Sqlite { .. } => terms.fts5(),
        DbPool::Postgres(_) => terms.plain(),
    }
}

fn type_name(post_type: Option<PostType>) -> &'static str {
    post_type.map_or("", PostType::name)
}
