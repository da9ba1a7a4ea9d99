//! The analytics queries: a blog's notes, new followers and posts per day (UTC) since a
//! moment, its most noted posts and the blogs that reblogged it most, read from the notes,
//! follows and posts tables as they are (no counters of their own to keep in step).

use crate::store::Store;
use crate::with_pool;

/// One day's counts, by the day's number (unix seconds / 86,400).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct DayCounts {
    pub likes: i64,
    pub reblogs: i64,
    pub replies: i64,
    pub followers: i64,
    pub posts: i64,
}

/// Per day since `since` (unix seconds): the notes the blog's posts got (by kind), the
/// follows it gained, the posts it published. Days with nothing are left out.
pub(crate) async fn per_day(
    store: &Store,
    blog_id: i64,
    since: i64,
) -> sqlx::Result<Vec<(i64, DayCounts)>> {
    const NOTES: &str = "SELECT n.created_at / 86400 AS day, n.type, COUNT(*) FROM notes n \
         JOIN posts p ON p.id = n.post_id \
         WHERE p.blog_id = $1 AND n.created_at >= $2 AND n.blog_id <> $1 \
         GROUP BY n.created_at / 86400, n.type";
    const FOLLOWS: &str = "SELECT created_at / 86400 AS day, COUNT(*) FROM follows \
         WHERE blog_id = $1 AND created_at >= $2 GROUP BY created_at / 86400";
    const POSTS: &str = "SELECT published_at / 86400 AS day, COUNT(*) FROM posts \
         WHERE blog_id = $1 AND state = 'published' AND published_at >= $2 \
         GROUP BY published_at / 86400";
    let notes: Vec<(i64, String, i64)> = with_pool!(store, pool =>
        sqlx::query_as(NOTES).bind(blog_id).bind(since).fetch_all(pool).await)?;
    let follows: Vec<(i64, i64)> = with_pool!(store, pool =>
        sqlx::query_as(FOLLOWS).bind(blog_id).bind(since).fetch_all(pool).await)?;
    let posts: Vec<(i64, i64)> = with_pool!(store, pool =>
        sqlx::query_as(POSTS).bind(blog_id).bind(since).fetch_all(pool).await)?;
    let mut days = std::collections::BTreeMap::<i64, DayCounts>::new();
    for (day, kind, n) in notes {
        let counts = days.entry(day).or_default();
        match kind.as_str() {
            "like" => counts.likes += n,
            "reblog" => counts.reblogs += n,
            _ => counts.replies += n,
        }
    }
    for (day, n) in follows {
        days.entry(day).or_default().followers += n;
    }
    for (day, n) in posts {
        days.entry(day).or_default().posts += n;
    }
    Ok(days.into_iter().collect())
}

/// The blog's posts that got the most notes since `since`: (post id, notes), most first.
pub(crate) async fn most_noted(
    store: &Store,
    blog_id: i64,
    since: i64,
    limit: i64,
) -> sqlx::Result<Vec<(i64, i64)>> {
    const SQL: &str = "SELECT n.post_id, COUNT(*) AS notes FROM notes n \
         JOIN posts p ON p.id = n.post_id \
         WHERE p.blog_id = $1 AND p.state = 'published' AND n.created_at >= $2 AND n.blog_id <> $1 \
         GROUP BY n.post_id ORDER BY notes DESC, n.post_id DESC LIMIT $3";
    with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(blog_id).bind(since).bind(limit).fetch_all(pool).await)
}

/// The blogs that reblogged the blog's posts most since `since`: (blog name, reblogs).
pub(crate) async fn top_rebloggers(
    store: &Store,
    blog_id: i64,
    since: i64,
    limit: i64,
) -> sqlx::Result<Vec<(String, i64)>> {
    const SQL: &str = "SELECT b.name, COUNT(*) AS reblogs FROM notes n \
         JOIN posts p ON p.id = n.post_id JOIN blogs b ON b.id = n.blog_id \
         WHERE p.blog_id = $1 AND n.type = 'reblog' AND n.created_at >= $2 AND n.blog_id <> $1 \
         GROUP BY b.name ORDER BY reblogs DESC, b.name LIMIT $3";
    with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(blog_id).bind(since).bind(limit).fetch_all(pool).await)
}

/// How many other blogs noted the blog's posts since `since` (its reach).
pub(crate) async fn blogs_reached(store: &Store, blog_id: i64, since: i64) -> sqlx::Result<i64> {
    const SQL: &str = "SELECT COUNT(DISTINCT n.blog_id) FROM notes n JOIN posts p ON p.id = n.post_id \
         WHERE p.blog_id = $1 AND n.created_at >= $2 AND n.blog_id <> $1";
    let (n,): (i64,) = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(blog_id).bind(since).fetch_one(pool).await)?;
    Ok(n)
}

/// The blog's Reach and Analytics flags (`radar_feature_premium`,
/// `is_visible_premium_partner`); both false for a blog that does not exist.
pub(crate) async fn premium_flags(store: &Store, blog_id: i64) -> sqlx::Result<(bool, bool)> {
    const SQL: &str =
        "SELECT radar_feature_premium, is_visible_premium_partner FROM blogs WHERE id = $1";
    let flags: Option<(bool, bool)> =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(blog_id).fetch_optional(pool).await)?;
    Ok(flags.unwrap_or_default())
}
