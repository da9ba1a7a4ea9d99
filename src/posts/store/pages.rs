//! The pages that list posts: the dashboard, a blog's posts (by tag, with its pinned post),
//! the likes page, and a blog's posts in some states (drafts, queue, processing, inbox),
//! before or after a post; and a blog's posts by offset for the blog viewer; each post's tags.

use std::collections::HashMap;

use super::row::page_position;
use super::{PostRow, post_row};
use crate::posts::model::PostState;
use crate::store::{DbPool, Store, in_list_query};
use crate::with_pool;

/// How many pages' worth of posts of any blog the dashboard's first read looks at (see
/// [`dashboard`]): 100 pages of 10 is 1,000 index entries, about a millisecond on the
/// benchmark's data, and it fills a page whenever the read blogs wrote 1 in 100 of the
/// recent posts.
const DASHBOARD_WINDOW: i64 = 100;

/// A page of posts: at most `limit`, continuing from `cursor`. `viewer` is who reads it
/// (for `following`).
pub async fn page(
    store: &Store,
    page: Page,
    cursor: Cursor,
    limit: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Vec<PostRow>> {
    page_placed(store, page, cursor, None, limit, viewer).await
}

/// [`page`], with the cursor post's place on a newest-first page (its `date`: published, else
/// created) as the client last saw it: the page goes on from there even when that post is
/// gone since (deleted while the reader scrolled), instead of ending.
pub(crate) async fn page_placed(
    store: &Store,
    page: Page,
    cursor: Cursor,
    at: Option<i64>,
    limit: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Vec<PostRow>> {
    let reference = match (cursor, &page) {
        // The likes page places its cursor by the like's time; the others by the post's
        // id, or its place in the queue, which need no row (`in_states`, `in_queue`).
        (Cursor::Start, _) | (_, Page::Likes { .. } | Page::States { .. } | Page::Queue { .. }) => {
            None
        }
        (Cursor::After(id) | Cursor::Before(id), _) => match page_position(store, id).await? {
            Some(position) => Some(position),
            None => match at {
                Some(at) => Some((at, id)),
                None => return Ok(Vec::new()),
            },
        },
    };
    match &page {
        Page::Dashboard { user_id } => {
            newest_first(store, &page, *user_id, cursor, reference, limit, viewer).await
        }
        Page::Blog { blog_id, .. } => {
            newest_first(store, &page, *blog_id, cursor, reference, limit, viewer).await
        }
        Page::States { blog_id, states } => {
            in_states(store, *blog_id, states, cursor, limit, viewer).await
        }
        Page::Queue { blog_id } => in_queue(store, *blog_id, cursor, limit, viewer).await,
        Page::Likes {
            user_id,
            cursor_liked_at,
        } => liked(store, *user_id, cursor, *cursor_liked_at, limit, viewer).await,
    }
}

/// A page of the posts `user_id` likes, most recently liked first: after `cursor`'s
/// post (liked earlier) or before it (liked later, nearest first, in page order). Its
/// place is `liked_at` when given, else the time of its like. A blog one of the user's blogs
/// blocked is left out.
async fn liked(
    store: &Store,
    user_id: i64,
    cursor: Cursor,
    liked_at: Option<i64>,
    limit: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Vec<PostRow>> {
    const LIKED_AT: &str = "SELECT created_at FROM likes WHERE user_id = $1 AND post_id = $2";
    const OLDER: &str = post_select!(
        "JOIN likes l ON l.post_id = p.id AND l.user_id = $2 WHERE p.state = 'published' "
        "AND (l.created_at < $3 OR (l.created_at = $3 AND p.id < $4)) "
        "AND NOT EXISTS (SELECT 1 FROM blocks k JOIN blogs kb ON kb.id = k.blocker_blog_id "
        "WHERE k.blocked_blog_id = p.blog_id AND kb.user_id = $2) "
        "ORDER BY l.created_at DESC, p.id DESC LIMIT $5"
    );
    const NEWER: &str = post_select!(
        "JOIN likes l ON l.post_id = p.id AND l.user_id = $2 WHERE p.state = 'published' "
        "AND (l.created_at > $3 OR (l.created_at = $3 AND p.id > $4)) "
        "AND NOT EXISTS (SELECT 1 FROM blocks k JOIN blogs kb ON kb.id = k.blocker_blog_id "
        "WHERE k.blocked_blog_id = p.blog_id AND kb.user_id = $2) "
        "ORDER BY l.created_at ASC, p.id ASC LIMIT $5"
    );
    let (at, id) = match cursor {
        Cursor::Start => (i64::MAX, i64::MAX),
        Cursor::After(id) | Cursor::Before(id) => {
            let liked: Option<(i64,)> = match liked_at {
                Some(at) => Some((at,)),
                None => with_pool!(store, pool =>
                    sqlx::query_as(LIKED_AT).bind(user_id).bind(id).fetch_optional(pool).await)?,
            };
            match liked {
                Some((at,)) => (at, id),
                None => return Ok(Vec::new()),
            }
        }
    };
    let newer = matches!(cursor, Cursor::Before(_));
    let sql = if newer { NEWER } else { OLDER };
    let mut rows: Vec<PostRow> = with_pool!(store, pool => sqlx::query_as(sql)
        .bind(viewer).bind(user_id).bind(at).bind(id).bind(limit)
        .fetch_all(pool).await)?;
    if newer {
        rows.reverse();
    }
    Ok(rows)
}

/// The dashboard or a blog, newest first: before `cursor`'s post (newer ones, nearest
/// first) or after it (older ones).
async fn newest_first(
    store: &Store,
    page: &Page,
    key: i64,
    cursor: Cursor,
    reference: Option<(i64, i64)>,
    limit: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Vec<PostRow>> {
    let (at, id) = reference.unwrap_or((i64::MAX, i64::MAX));
    let newer = matches!(cursor, Cursor::Before(_));
    let mut rows: Vec<PostRow> = match page {
        Page::Dashboard { .. } => dashboard(store, key, (at, id), newer, limit, viewer).await?,
        Page::Blog {
            with_private,
            tag,
            pinned,
            ..
        } => {
            // The pinned post heads the first page (when it is still there to read).
            let head = match (cursor, pinned) {
                (Cursor::Start, Some(pinned)) => {
                    post_row(store, *pinned, viewer).await?.filter(|row| {
                        row.blog_id == key
                            && (row.state() == PostState::Published
                                || (*with_private && row.state() == PostState::Private))
                    })
                }
                _ => None,
            };
            let rest = limit - i64::from(head.is_some());
            let sql = blog_page(newer, *with_private, tag.is_some(), rest);
            let rows: Vec<PostRow> = with_pool!(store, pool => {
                let query = sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
                    .bind(viewer).bind(key).bind(at).bind(id).bind(pinned.unwrap_or(0));
                match tag {
                    Some(tag) => query.bind(tag.as_str()),
                    None => query,
                }
                .fetch_all(pool).await
            })?;
            head.into_iter().chain(rows).collect()
        }
        Page::States { .. } | Page::Queue { .. } | Page::Likes { .. } => {
            unreachable!("not a newest-first page")
        }
    };
    if newer {
        rows.reverse();
    }
    Ok(rows)
}

/// The text of a blog page's read: `newer` (nearest first) or older posts past `($3, $4)`,
/// published (or `with_private`, private too), with the tag `$6` when `tagged`, but for the
/// post `$5` (the pinned one, which heads the page; 0 for none), at most `limit`. What the
/// server decides (the states, whether a tag filters, the limit) is written into the text and
/// only what the reader asks for is bound, as in [`dashboard`]: bound, an optional filter
/// (`$7 IS NULL OR …`, `$6 AND state = 'private'`) left PostgreSQL no plan for any values
/// that could use `posts_blog_published`, so every page was planned again (RESULTS §25).
fn blog_page(newer: bool, with_private: bool, tagged: bool, limit: i64) -> String {
    let states = if with_private {
        "p.state IN ('published', 'private')"
    } else {
        "p.state = 'published'"
    };
    let tag = if tagged {
        "AND EXISTS (SELECT 1 FROM post_tags t WHERE t.post_id = p.id AND t.tag_key = $6) "
    } else {
        ""
    };
    let (past, order) = if newer { (">", "ASC") } else { ("<", "DESC") };
    format!(
        post_select!(
            "WHERE p.blog_id = $2 AND {states} {tag}AND p.id <> $5 "
            "AND (p.published_at, p.id) {past} ($3, $4) "
            "ORDER BY p.published_at {order}, p.id {order} LIMIT {limit}"
        ),
        states = states,
        tag = tag,
        past = past,
        order = order,
        limit = limit,
    )
}

/// A page of the dashboard: the posts of the blogs `user_id` reads (those it follows and
/// its own) past `from`, older ones or (`newer`) the newer ones nearest first.
///
/// Filtering every post of the read blogs and sorting them reads all of them (50,000 rows
/// for 500 follows of 1,000,000 posts; loadtest/RESULTS.md §7). Two bounded reads instead:
///
/// 1. The window: the [`DASHBOARD_WINDOW`] × `limit` posts of any blog nearest past
///    `from`, from the global (published_at, id) index, kept when their blog is read. If
///    `limit` of them are, they are the page: a read post outside the window is farther
///    than every post in it. This is the usual case (a reader of 5% of the blogs finds 50
///    per page of 10) and costs the same however many blogs are read.
/// 2. Otherwise (few or quiet follows, or the feed's end): each read blog's own nearest
///    `limit` from the (blog_id, published_at, id) index, the newest `limit` of those:
///    bounded by follows × limit index entries, cheap exactly when follows are few.
///    PostgreSQL says "each blog's nearest" with LATERAL; SQLite has none, so it bounds
///    each blog's posts by that blog's `limit`-th nearest date.
///
/// Both write their limits into the statement's text rather than bind them (they are
/// numbers, `i64`'s own formatting, so nothing a user typed). PostgreSQL plans a prepared
/// statement for its parameters' values until a plan for any values is estimated no dearer,
/// and estimates a bound `LIMIT` at a tenth of the rows below it: that put the plan for any
/// values at 19 times the cost of the plan for these, so every dashboard read was planned
/// again, 1.1 ms of PostgreSQL's 1.9 ms a page (RESULTS §25). With the limits in the text the
/// two plans cost the same, and from a connection's sixth read on there is no planning. Each
/// limit is its own statement in sqlx's cache; the server reads pages of one size.
async fn dashboard(
    store: &Store,
    user_id: i64,
    from: (i64, i64),
    newer: bool,
    limit: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Vec<PostRow>> {
    macro_rules! window {
        ($past:literal, $order:literal) => {
            post_select!(
                "WHERE p.id IN (SELECT w.id FROM (SELECT c.id, c.blog_id, c.published_at FROM posts c "
                "WHERE c.state = 'published' AND (c.published_at, c.id) " $past " ($3, $4) "
                "ORDER BY c.published_at " $order ", c.id " $order " LIMIT {window}) w "
                "WHERE w.blog_id IN (SELECT f.blog_id FROM follows f WHERE f.user_id = $2 "
                "UNION ALL SELECT o.id FROM blogs o WHERE o.user_id = $2) "
                "ORDER BY w.published_at " $order ", w.id " $order " LIMIT {limit}) "
                "ORDER BY p.published_at " $order ", p.id " $order
            )
        };
    }
    let (at, id) = from;
    let window = limit * DASHBOARD_WINDOW;
    let sql = if newer {
        format!(window!(">", "ASC"), window = window, limit = limit)
    } else {
        format!(window!("<", "DESC"), window = window, limit = limit)
    };
    let rows: Vec<PostRow> = with_pool!(store, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(viewer).bind(user_id).bind(at).bind(id)
        .fetch_all(pool).await)?;
    if rows.len() as i64 >= limit {
        return Ok(rows);
    }
    dashboard_by_blog(store, user_id, from, newer, limit, viewer).await
}

/// The dashboard's second read (see [`dashboard`]): each read blog's nearest
/// `limit` posts past `from`, the nearest `limit` of those.
async fn dashboard_by_blog(
    store: &Store,
    user_id: i64,
    from: (i64, i64),
    newer: bool,
    limit: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Vec<PostRow>> {
    macro_rules! sqlite_dashboard {
        ($past:literal, $order:literal, $bound:literal) => {
            post_select!(
                "WHERE p.id IN (SELECT c.id FROM (SELECT f.blog_id FROM follows f WHERE f.user_id = $2 "
                "UNION SELECT o.id FROM blogs o WHERE o.user_id = $2) d "
                "JOIN posts c ON c.blog_id = d.blog_id AND c.state = 'published' AND (c.published_at, c.id) " $past " ($3, $4) "
                "AND c.published_at " $bound " COALESCE((SELECT s.published_at FROM posts s "
                "WHERE s.blog_id = d.blog_id AND s.state = 'published' AND (s.published_at, s.id) " $past " ($3, $4) "
                "ORDER BY s.published_at " $order ", s.id " $order " LIMIT 1 OFFSET {last}), c.published_at) "
                "ORDER BY c.published_at " $order ", c.id " $order " LIMIT {limit}) "
                "ORDER BY p.published_at " $order ", p.id " $order
            )
        };
    }
    macro_rules! postgres_dashboard {
        ($past:literal, $order:literal) => {
            post_select!(
                "WHERE p.id IN (SELECT c.id FROM (SELECT f.blog_id FROM follows f WHERE f.user_id = $2 "
                "UNION SELECT o.id FROM blogs o WHERE o.user_id = $2) d "
                "CROSS JOIN LATERAL (SELECT s.id, s.published_at FROM posts s "
                "WHERE s.blog_id = d.blog_id AND s.state = 'published' AND (s.published_at, s.id) " $past " ($3, $4) "
                "ORDER BY s.published_at " $order ", s.id " $order " LIMIT {limit}) c "
                "ORDER BY c.published_at " $order ", c.id " $order " LIMIT {limit}) "
                "ORDER BY p.published_at " $order ", p.id " $order
            )
        };
    }
    let (at, id) = from;
    let last = limit - 1;
    let sql = match (store.pool(), newer) {
        (DbPool::Sqlite { .. }, false) => format!(
            sqlite_dashboard!("<", "DESC", ">="),
            last = last,
            limit = limit
        ),
        (DbPool::Sqlite { .. }, true) => format!(
            sqlite_dashboard!(">", "ASC", "<="),
            last = last,
            limit = limit
        ),
        (DbPool::Postgres(_), false) => format!(postgres_dashboard!("<", "DESC"), limit = limit),
        (DbPool::Postgres(_), true) => format!(postgres_dashboard!(">", "ASC"), limit = limit),
    };
    match store.pool() {
        DbPool::Sqlite { read, .. } => {
            sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
                .bind(viewer)
                .bind(user_id)
                .bind(at)
                .bind(id)
                .fetch_all(read)
                .await
        }
        DbPool::Postgres(pool) => {
            sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
                .bind(viewer)
                .bind(user_id)
                .bind(at)
                .bind(id)
                .fetch_all(pool)
                .await
        }
    }
}

/// One blog's posts in some states, oldest first.
async fn in_states(
    store: &Store,
    blog_id: i64,
    states: &'static [&'static str],
    cursor: Cursor,
    limit: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Vec<PostRow>> {
    // The states are the server's own names (`Page::States`), written into the text with the
    // limit, as in `blog_page`: bound, they left PostgreSQL's plan for any values unable to
    // tell a blog's three drafts from its thousand posts, and every page was planned again.
    assert!(!states.is_empty(), "a page of posts in no state");
    let states = states
        .iter()
        .map(|state| {
            assert!(
                !state.is_empty() && state.bytes().all(|b| b.is_ascii_lowercase()),
                "a post state's name: {state:?}"
            );
            format!("'{state}'")
        })
        .collect::<Vec<_>>()
        .join(", ");
    let (past, order, from) = match cursor {
        Cursor::Start => (">", "ASC", 0),
        Cursor::After(id) => (">", "ASC", id),
        Cursor::Before(id) => ("<", "DESC", id),
    };
    let sql = format!(
        post_select!(
            "WHERE p.blog_id = $2 AND p.state IN ({states}) AND p.id {past} $3 "
            "ORDER BY p.id {order} LIMIT {limit}"
        ),
        states = states,
        past = past,
        order = order,
        limit = limit,
    );
    let mut rows: Vec<PostRow> = with_pool!(store, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(viewer).bind(blog_id).bind(from)
        .fetch_all(pool).await)?;
    if matches!(cursor, Cursor::Before(_)) {
        rows.reverse();
    }
    Ok(rows)
}

/// A blog's queue page, in queue order (`to_back_of_queue`). A cursor's post that was
/// deleted places a page `after` it at the front (the client leaves out what it already
/// shows), and one `before` it nowhere: empty.
async fn in_queue(
    store: &Store,
    blog_id: i64,
    cursor: Cursor,
    limit: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Vec<PostRow>> {
    const AFTER: &str = post_select!(
        "WHERE p.blog_id = $2 AND p.state IN ('queued', 'scheduled') "
        "AND (p.queue_position, p.id) > "
        "(COALESCE((SELECT c.queue_position FROM posts c WHERE c.id = $3), 0), $3) "
        "ORDER BY p.queue_position ASC, p.id ASC LIMIT $4"
    );
    const BEFORE: &str = post_select!(
        "WHERE p.blog_id = $2 AND p.state IN ('queued', 'scheduled') "
        "AND (p.queue_position, p.id) < "
        "(COALESCE((SELECT c.queue_position FROM posts c WHERE c.id = $3), 0), $3) "
        "ORDER BY p.queue_position DESC, p.id DESC LIMIT $4"
    );
    let (sql, from) = match cursor {
        Cursor::Start => (AFTER, 0),
        Cursor::After(id) => (AFTER, id),
        Cursor::Before(id) => (BEFORE, id),
    };
    let mut rows: Vec<PostRow> = with_pool!(store, pool => sqlx::query_as(sql)
        .bind(viewer).bind(blog_id).bind(from).bind(limit)
        .fetch_all(pool).await)?;
    if matches!(cursor, Cursor::Before(_)) {
        rows.reverse();
    }
    Ok(rows)
}

/// A blog's posts a visitor may see, newest first, from `offset` (the blog viewer's
/// paging, spec 000 §7).
pub(crate) async fn blog_posts_at(
    store: &Store,
    blog_id: i64,
    with_private: bool,
    offset: i64,
    limit: i64,
    viewer: Option<i64>,
) -> sqlx::Result<Vec<PostRow>> {
    const SQL: &str = post_select!(
        "WHERE p.blog_id = $2 AND (p.state = 'published' OR ($3 AND p.state = 'private')) "
        "ORDER BY p.published_at DESC, p.id DESC LIMIT $4 OFFSET $5"
    );
    with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(viewer).bind(blog_id).bind(with_private).bind(limit).bind(offset.max(0))
        .fetch_all(pool).await)
}

/// The tags of each post, in order.
pub(crate) async fn tags_of(
    store: &Store,
    post_ids: &[i64],
) -> sqlx::Result<HashMap<i64, Vec<String>>> {
    const HEAD: &str = "SELECT post_id, tag FROM post_tags WHERE post_id IN (";
    let mut tags: HashMap<i64, Vec<String>> = HashMap::new();
    if post_ids.is_empty() {
        return Ok(tags);
    }
    let rows: Vec<(i64, String)> = with_pool!(store, pool =>
        in_list_query(HEAD, post_ids, ") ORDER BY post_id, position").build_query_as().fetch_all(pool).await)?;
    for (post, tag) in rows {
        tags.entry(post).or_default().push(tag);
    }
    Ok(tags)
}

/// Which posts a page lists, and in which order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Page {
    /// The posts of the blogs a user follows and of their own blogs, newest first.
    Dashboard { user_id: i64 },
    /// One blog's posts, newest first; `with_private` for its owner; only those tagged
    /// `tag` (a tag key) when given, with the post the blog promoted for the tag (`pinned`)
    /// first on the first page and nowhere else.
    Blog {
        blog_id: i64,
        with_private: bool,
        tag: Option<String>,
        pinned: Option<i64>,
    },
    /// The published posts a user likes, most recently liked first. `cursor_liked_at`: when
    /// the cursor's post was liked, as the page said (`liked_timestamp`); the page continues
    /// from there even when the post was unliked since.
    Likes {
        user_id: i64,
        cursor_liked_at: Option<i64>,
    },
    /// A blog's queue page: its queued and scheduled posts in the order they joined it
    /// (`to_back_of_queue`), which is the order the publisher sends the queued ones out.
    Queue { blog_id: i64 },
    /// One blog's posts in some states, oldest first (drafts, processing, inbox).
    States {
        blog_id: i64,
        states: &'static [&'static str],
    },
}

/// Where a page continues from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cursor {
    /// The first posts of the page.
    Start,
    /// The posts that come after this one in the page's order (older on the dashboard).
    After(i64),
    /// The posts that come before it (newer on the dashboard), the nearest first.
    Before(i64),
}
