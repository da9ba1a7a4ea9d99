//! Who writes a blog besides its owner: a group blog's members (`groups/` makes and changes
//! them). Read here, below every feature that asks (posts, the composer), so that asking
//! imports nothing of the group feature's changes.

use std::collections::HashMap;

use super::store::BlogRef;
use crate::store::{Dialects, Store};
use crate::with_pool;

/// A member's role, as stored and as the wire writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(
    test,
    derive(ts_rs::TS),
    ts(export_to = "api/types/", rename = "GroupRole")
)]
pub(crate) enum Role {
    Admin,
    Member,
}

impl Role {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Member => "member",
        }
    }

    /// The role a stored (or asked-for) name says; `None` for any other text.
    pub(crate) fn parse(text: &str) -> Option<Role> {
        match text {
            "admin" => Some(Role::Admin),
            "member" => Some(Role::Member),
            _ => None,
        }
    }
}

/// `user_id`'s role in the group and the blog they are known by there, if they are a member.
pub(crate) async fn membership(
    store: &Store,
    blog_id: i64,
    user_id: i64,
) -> sqlx::Result<Option<(Role, i64)>> {
    const SQL: &str =
        "SELECT role, member_blog_id FROM blog_members WHERE blog_id = $1 AND user_id = $2";
    let row: Option<(String, i64)> = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(blog_id).bind(user_id).fetch_optional(pool).await)?;
    Ok(row.map(|(role, blog)| (Role::parse(&role).unwrap_or(Role::Member), blog)))
}

/// The groups `user_id` is a member of, by blog id.
pub(crate) async fn groups_of(store: &Store, user_id: i64) -> sqlx::Result<Vec<i64>> {
    const SQL: &str = "SELECT blog_id FROM blog_members WHERE user_id = $1";
    let rows: Vec<(i64,)> =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// The names of the blogs `ids` (the members a group's posts say wrote them).
pub(crate) async fn blog_names(store: &Store, ids: &[i64]) -> sqlx::Result<HashMap<i64, String>> {
    const SQL: Dialects = Dialects {
        sqlite: "SELECT id, name FROM blogs WHERE id IN (SELECT value FROM json_each($1))",
        postgres: "SELECT id, name FROM blogs \
                   WHERE id = ANY (ARRAY(SELECT json_array_elements_text($1::json)::bigint))",
    };
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let list = serde_json::to_string(ids).expect("numbers encode");
    let sql = store.dialect(SQL);
    let rows: Vec<(i64, String)> =
        with_pool!(store, pool => sqlx::query_as(sql).bind(&list).fetch_all(pool).await)?;
    Ok(rows.into_iter().collect())
}

/// The blog named `name` if `user_id` may write as it: their own, or a group blog they are
/// a member of; without its counts.
pub(crate) async fn writable_blog(
    store: &Store,
    user_id: i64,
    name: &str,
) -> sqlx::Result<Option<BlogRef>> {
    const SQL: &str = "SELECT b.id, b.user_id, b.name, b.can_message FROM blogs b WHERE b.name = $1 \
         AND (b.user_id = $2 OR EXISTS (SELECT 1 FROM blog_members m \
              WHERE m.blog_id = b.id AND m.user_id = $2))";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(name).bind(user_id).fetch_optional(pool).await)
}
