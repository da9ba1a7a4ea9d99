//! Queries for blogs: looking them up, creating and ordering them, their settings.

use crate::feed::dashboard_topic;
use crate::store::{Dialects, Store, Tx, now_secs};
use crate::{with_pool, with_tx};

/// A blog with its counts, as seen by one viewer (`following` is the viewer's).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BlogRow {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub title: String,
    pub description: String,
    pub position: i64,
    pub is_primary: bool,
    pub is_private_group_channel: bool,
    pub can_message: bool,
    pub radar_feature_premium: bool,
    pub is_visible_premium_partner: bool,
    pub asks: bool,
    pub anonymous_asks: bool,
    pub theme: String,
    pub is_nsfw: bool,
    /// A group blog (`groups/`): several users write it.
    pub is_group: bool,
    /// The viewer's role in the group (`admin` or `member`), if they are one of its members.
    pub member_role: Option<String>,
    pub follower_count: i64,
    pub post_count: i64,
    pub draft_count: i64,
    pub queued_post_count: i64,
    pub transcoding_count: i64,
    pub member_count: i64,
    pub unread_count: i64,
    pub following: bool,
    /// The viewer's acting blog blocks it.
    pub ignoring: bool,
}

impl BlogRow {
    /// Whether `viewer` (the viewer this row was read for) writes the blog: its owner, or a
    /// member of the group it is, who see its drafts, queue and private posts.
    pub(crate) fn written_by(&self, viewer: Option<i64>) -> bool {
        viewer == Some(self.user_id) || (viewer.is_some() && self.member_role.is_some())
    }
}

/// Just who a blog is: for calls that only need to resolve a name (no counts).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BlogRef {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub can_message: bool,
}

/// The select every blog read shares; `$1` is the viewer's user id (NULL for a visitor).
/// Callers append the rest of the statement. Exported for the features that list blogs
/// (follows), so a blog is read one way everywhere.
#[macro_export]
macro_rules! blog_select {
    ($($tail:literal)*) => {
        concat!(
            "SELECT b.id, b.user_id, b.name, b.title, b.description, b.position, b.is_primary, \
             b.is_private_group_channel, b.can_message, b.radar_feature_premium, \
             b.is_visible_premium_partner, b.asks, b.anonymous_asks, b.theme, b.is_nsfw, b.is_group, \
             (SELECT m.role FROM blog_members m WHERE m.blog_id = b.id AND m.user_id = $1) AS member_role, \
             (SELECT COUNT(*) FROM follows f WHERE f.blog_id = b.id) AS follower_count, \
             (SELECT COUNT(*) FROM posts p WHERE p.blog_id = b.id AND p.state = 'published') AS post_count, \
             (SELECT COUNT(*) FROM posts p WHERE p.blog_id = b.id AND p.state = 'draft') AS draft_count, \
             (SELECT COUNT(*) FROM posts p WHERE p.blog_id = b.id AND p.state IN ('queued', 'scheduled')) AS queued_post_count, \
             (SELECT COUNT(*) FROM posts p WHERE p.blog_id = b.id AND p.state = 'transcoding') AS transcoding_count, \
             (SELECT COUNT(*) FROM blog_members m WHERE m.blog_id = b.id) AS member_count, \
             (SELECT COUNT(*) FROM notifications n WHERE n.blog_id = b.id AND n.is_read = FALSE) \
              + (SELECT COUNT(*) FROM conversation_participants cp JOIN conversations c ON c.id = cp.conversation_id \
                 WHERE cp.blog_id = b.id AND c.last_modified_ms > cp.last_read_ms) AS unread_count, \
             EXISTS (SELECT 1 FROM follows f WHERE f.blog_id = b.id AND f.user_id = $1) AS following, \
             EXISTS (SELECT 1 FROM blocks k WHERE k.blocked_blog_id = b.id AND k.blocker_blog_id = \
              (SELECT a.id FROM blogs a JOIN users u ON u.id = a.user_id WHERE a.user_id = $1 \
               ORDER BY CASE WHEN a.id = u.current_blog_id THEN 0 ELSE 1 END, a.position, a.id LIMIT 1)) AS ignoring \
             FROM blogs b ",
            $($tail),*
        )
    };
}

/// One blog by name, as `viewer` sees it.
pub async fn blog_by_name(
    store: &Store,
    name: &str,
    viewer: Option<i64>,
) -> sqlx::Result<Option<BlogRow>> {
    const SQL: &str = blog_select!("WHERE b.name = $2");
    with_pool!(store, pool => sqlx::query_as(SQL).bind(viewer).bind(name).fetch_optional(pool).await)
}

/// The name of the blog whose post `post_id` is, if `viewer` may read that post (it is
/// published, or the viewer's own). For blocking by post (spec 002 §7 `blocked_post`).
pub(crate) async fn blog_of_post(
    store: &Store,
    post_id: i64,
    viewer: i64,
) -> sqlx::Result<Option<String>> {
    const SQL: &str = "SELECT b.name FROM posts p JOIN blogs b ON b.id = p.blog_id \
         WHERE p.id = $1 AND (p.state = 'published' OR b.user_id = $2)";
    let row: Option<(String,)> = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(post_id).bind(viewer).fetch_optional(pool).await)?;
    Ok(row.map(|(name,)| name))
}

/// Who a blog is, by name, without its counts.
pub async fn blog_ref(store: &Store, name: &str) -> sqlx::Result<Option<BlogRef>> {
    const SQL: &str = "SELECT id, user_id, name, can_message FROM blogs WHERE name = $1";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(name).fetch_optional(pool).await)
}

/// For each `(user_id, name)`, whether that user owns the blog of that name: [`owned_blog`]
/// for many at once (the subscribes of a node's sockets to their blogs' channels), in one
/// statement.
pub async fn owns_each(store: &Store, asks: &[(i64, &str)]) -> sqlx::Result<Vec<bool>> {
    // The names as one JSON array, made an array on PostgreSQL for the reason
    // `store/log_reads.rs` gives at CHANNEL_STATES.
    const OWNERS: Dialects = Dialects {
        sqlite: "SELECT name, user_id FROM blogs WHERE name IN (SELECT value FROM json_each($1))",
        postgres: "SELECT name, user_id FROM blogs \
                   WHERE name = ANY (ARRAY(SELECT json_array_elements_text($1::json)))",
    };
    let names: Vec<&str> = asks.iter().map(|(_, name)| *name).collect();
    let names = serde_json::to_string(&names).expect("strings encode");
    let sql = store.dialect(OWNERS);
    let owners: Vec<(String, i64)> =
        with_pool!(store, pool => sqlx::query_as(sql).bind(&names).fetch_all(pool).await)?;
    let owners: std::collections::HashMap<String, i64> = owners.into_iter().collect();
    Ok(asks
        .iter()
        .map(|(user_id, name)| owners.get(*name) == Some(user_id))
        .collect())
}

/// A user's blogs in their saved order.
pub async fn blogs_of_user(store: &Store, user_id: i64) -> sqlx::Result<Vec<BlogRow>> {
    const SQL: &str = blog_select!("WHERE b.user_id = $1 ORDER BY b.position, b.id");
    with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_all(pool).await)
}

/// The group blogs `user_id` is a member of but does not own, by name: listed after their
/// own blogs wherever they choose a blog to write as.
pub(crate) async fn groups_of_member(store: &Store, user_id: i64) -> sqlx::Result<Vec<BlogRow>> {
    const SQL: &str = blog_select!(
        "WHERE b.id IN (SELECT m.blog_id FROM blog_members m WHERE m.user_id = $1) "
        "AND b.user_id <> $1 ORDER BY b.name"
    );
    with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_all(pool).await)
}

/// The caller's own blog named `name`, without its counts; `None` when no blog of
/// `user_id` has that name.
pub(crate) async fn owned_blog(
    store: &Store,
    user_id: i64,
    name: &str,
) -> sqlx::Result<Option<BlogRef>> {
    const SQL: &str =
        "SELECT id, user_id, name, can_message FROM blogs WHERE name = $1 AND user_id = $2";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(name).bind(user_id).fetch_optional(pool).await)
}

/// The blog `user_id` acts as: their current blog, or their first if the current one is
/// not set or gone.
pub(crate) async fn acting_blog(store: &Store, user_id: i64) -> sqlx::Result<Option<BlogRef>> {
    const SQL: &str = "SELECT b.id, b.user_id, b.name, b.can_message FROM blogs b \
         JOIN users u ON u.id = b.user_id WHERE b.user_id = $1 \
         ORDER BY CASE WHEN b.id = u.current_blog_id THEN 0 ELSE 1 END, b.position, b.id LIMIT 1";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_optional(pool).await)
}

/// Recent blogs that are not the viewer's, newest first.
pub async fn explore_blogs(
    store: &Store,
    viewer: Option<i64>,
    limit: i64,
) -> sqlx::Result<Vec<BlogRow>> {
    // Whether there is a viewer, and the limit, are written into the text rather than bound
    // (`$1 IS NULL OR …`): bound, PostgreSQL planned every read again (docs/architecture.md,
    // Invariants). The select binds the viewer as `$1` either way.
    let not_theirs = if viewer.is_some() {
        "b.user_id <> $1 AND "
    } else {
        ""
    };
    let sql = format!(
        blog_select!(
            "WHERE {not_theirs}b.is_private_group_channel = FALSE "
            "AND b.is_spam = FALSE AND b.is_suspended = FALSE "
            "ORDER BY b.id DESC LIMIT {limit}"
        ),
        not_theirs = not_theirs,
        limit = limit,
    );
    with_pool!(store, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(viewer).fetch_all(pool).await)
}

/// Whether any blog has this name.
pub async fn blog_name_taken(store: &Store, name: &str) -> sqlx::Result<bool> {
    const SQL: &str = "SELECT COUNT(*) FROM blogs WHERE name = $1";
    let (n,): (i64,) =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(name).fetch_one(pool).await)?;
    Ok(n > 0)
}

/// Adds a blog at the end of the user's list.
pub async fn create_blog(
    store: &Store,
    user_id: i64,
    name: &str,
    title: &str,
) -> sqlx::Result<i64> {
    let mut tx = store.begin().await?;
    let id = insert_blog(&mut tx, user_id, name, title, false).await?;
    // The user's dashboards read their own blogs too.
    tx.refresh(dashboard_topic(user_id));
    tx.commit().await?;
    Ok(id)
}

/// Writes a new blog of `user_id`'s, at the end of their list, with every blog's defaults:
/// the one place a blog row is made, for a signup's first blog as for any later one.
pub(crate) async fn insert_blog(
    tx: &mut Tx,
    user_id: i64,
    name: &str,
    title: &str,
    primary: bool,
) -> sqlx::Result<i64> {
    // Reach and Analytics are every blog's until an administrator takes them away.
    const SQL: &str = "INSERT INTO blogs (user_id, name, title, position, is_primary, created_at, \
         radar_feature_premium, is_visible_premium_partner) \
         VALUES ($1, $2, $3, (SELECT COALESCE(MAX(position), -1) + 1 FROM blogs WHERE user_id = $1), \
         $4, $5, TRUE, TRUE) \
         RETURNING id";
    let (id,): (i64,) = with_tx!(tx, conn => sqlx::query_as(SQL)
        .bind(user_id).bind(name).bind(title).bind(primary).bind(now_secs())
        .fetch_one(conn).await)?;
    Ok(id)
}

/// Saves a new order of the user's blogs. `names` must be exactly the user's blogs.
/// Returns whether anything changed; nothing is written when the order is the same or the
/// user has one blog (spec 000 §5).
pub async fn reorder_blogs(store: &Store, user_id: i64, names: &[String]) -> sqlx::Result<bool> {
    const CURRENT: &str = "SELECT name FROM blogs WHERE user_id = $1 ORDER BY position, id";
    const SET: &str = "UPDATE blogs SET position = $1 WHERE user_id = $2 AND name = $3";
    let mut tx = store.begin().await?;
    let current: Vec<(String,)> =
        with_tx!(tx, conn => sqlx::query_as(CURRENT).bind(user_id).fetch_all(conn).await)?;
    let unchanged =
        current.len() == names.len() && current.iter().zip(names).all(|((a,), b)| a == b);
    if current.len() < 2 || unchanged {
        return Ok(false);
    }
    for (position, name) in names.iter().enumerate() {
        with_tx!(tx, conn => sqlx::query(SET).bind(position as i64).bind(user_id).bind(name)
            .execute(conn).await.map(|r| r.rows_affected()))?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Sets a blog's description (plain text).
pub(crate) async fn set_blog_description(
    store: &Store,
    name: &str,
    description: &str,
) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE blogs SET description = $1 WHERE name = $2";
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(SQL).bind(description).bind(name).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// Turns messaging on or off for a blog.
pub async fn set_blog_can_message(store: &Store, blog_id: i64, enabled: bool) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE blogs SET can_message = $1 WHERE id = $2";
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(SQL).bind(enabled).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// Saves a blog's title, description and theme (`theme`: only what differs from the
/// defaults, as JSON).
pub(crate) async fn set_appearance(
    store: &Store,
    blog_id: i64,
    title: &str,
    description: &str,
    theme: &str,
) -> sqlx::Result<()> {
    const SQL: &str = "UPDATE blogs SET title = $1, description = $2, theme = $3 WHERE id = $4";
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(SQL).bind(title).bind(description).bind(theme).bind(blog_id)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}
