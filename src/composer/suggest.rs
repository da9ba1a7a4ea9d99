//! What the composer suggests while the author types: blogs to @-mention, and tags (the
//! author's own first, then popular ones) (spec 001 §2, §3, §7).

use crate::store::Store;
use crate::with_pool;

/// A blog a mention may name.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct MentionRow {
    pub name: String,
    pub title: String,
}

/// A `LIKE` pattern for names starting with `prefix` (its own `%`, `_` and `\` taken
/// literally).
fn starts_with(prefix: &str) -> String {
    let mut pattern = String::with_capacity(prefix.len() + 1);
    for c in prefix.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// Blogs whose name starts with `prefix`: those `user_id` follows first, then the
/// shortest names.
pub(crate) async fn mention_candidates(
    store: &Store,
    user_id: i64,
    prefix: &str,
    limit: i64,
) -> sqlx::Result<Vec<MentionRow>> {
    const SQL: &str = "SELECT b.name, b.title FROM blogs b WHERE b.name LIKE $1 ESCAPE '\\' \
         AND b.is_spam = FALSE AND b.is_suspended = FALSE \
         ORDER BY EXISTS (SELECT 1 FROM follows f WHERE f.user_id = $2 AND f.blog_id = b.id) DESC, \
         length(b.name), b.name LIMIT $3";
    let pattern = starts_with(&prefix.to_lowercase());
    with_pool!(store, pool => sqlx::query_as(SQL).bind(&pattern).bind(user_id).bind(limit).fetch_all(pool).await)
}

/// Tags starting with `prefix` that `user_id`'s blogs have used, most used first.
pub(crate) async fn own_tags(
    store: &Store,
    user_id: i64,
    prefix: &str,
    limit: i64,
) -> sqlx::Result<Vec<String>> {
    const SQL: &str = "SELECT MIN(t.tag) AS tag FROM post_tags t \
         JOIN posts p ON p.id = t.post_id JOIN blogs b ON b.id = p.blog_id \
         WHERE b.user_id = $1 AND t.tag_key LIKE $2 ESCAPE '\\' \
         GROUP BY t.tag_key ORDER BY COUNT(*) DESC, t.tag_key LIMIT $3";
    let pattern = starts_with(&prefix.to_lowercase());
    let rows: Vec<(String,)> = with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).bind(&pattern).bind(limit).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(tag,)| tag).collect())
}

/// Tags starting with `prefix` on published posts, most used first.
pub(crate) async fn popular_tags(
    store: &Store,
    prefix: &str,
    limit: i64,
) -> sqlx::Result<Vec<String>> {
    const SQL: &str = "SELECT MIN(t.tag) AS tag FROM post_tags t JOIN posts p ON p.id = t.post_id \
         WHERE p.state = 'published' AND t.tag_key LIKE $1 ESCAPE '\\' \
         GROUP BY t.tag_key ORDER BY COUNT(*) DESC, t.tag_key LIMIT $2";
    let pattern = starts_with(&prefix.to_lowercase());
    let rows: Vec<(String,)> = with_pool!(store, pool => sqlx::query_as(SQL).bind(&pattern).bind(limit).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(tag,)| tag).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_patterns_take_wildcards_literally() {
        assert_eq!(starts_with("ab"), "ab%");
        assert_eq!(starts_with("a_%\\"), "a\\_\\%\\\\%");
    }
}
