//! Apps: a user's programs (a script, a bot, a feed importer) that post as them with a bearer
//! token, `Authorization: Bearer dwapp_…`. Only the token's SHA-256 is stored, and it is read
//! from the database on every use rather than cached: apps call rarely, and revoking one then
//! ends it at once on every node. A token may make only the posting calls ([`may_call`]);
//! what it posts carries the app's name ('Posted with …', `posts::attribution`).

use axum::http::header::AUTHORIZATION;
use axum::http::{HeaderMap, Method};
use serde::Serialize;

use super::store::{hash_token, random_hex};
use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// What every app token starts with, so that one pasted somewhere it should not be is
/// recognisable (a secret scanner's rule, or a person).
pub(crate) const TOKEN_PREFIX: &str = "dwapp_";
/// The apps one user may have.
pub(crate) const MAX_APPS: i64 = 20;
/// The longest app name, in characters.
pub(crate) const MAX_APP_NAME_CHARS: usize = 50;
/// The refusal of a call an app may not make.
pub(crate) const NOT_ALLOWED: &str = "An app can only post. Do the rest on the site.";
/// The refusal of a token that is unknown or revoked.
pub(crate) const BAD_TOKEN: &str = "This app token is not valid. Make a new one in Settings.";
/// How often `last_used_at` is written back (not on every call).
const TOUCH_EVERY_SECS: i64 = 60;

/// The calls an app token may make: finding its user's blogs, uploading, and saving a post.
const APP_CALLS: [(Method, &str); 8] = [
    (Method::GET, "/svc/user/info"),
    (Method::POST, "/svc/post/update"),
    (Method::POST, "/svc/post/upload_photo"),
    (Method::POST, "/svc/post/upload_text_image"),
    (Method::POST, "/svc/post/upload_album_art"),
    (Method::POST, "/svc/post/upload_audio"),
    (Method::POST, "/svc/post/upload_video"),
    (Method::POST, "/svc/post/upload_image_url"),
];

/// Whether an app token may make the call `method path`.
pub(crate) fn may_call(method: &Method, path: &str) -> bool {
    APP_CALLS.iter().any(|(m, p)| m == method && *p == path)
}

/// The app a request came from: a request extension set by the session middleware, read by
/// the save to attribute what it creates.
#[derive(Clone, Debug)]
pub(crate) struct AppClient {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
}

/// An app as its user sees it in Settings.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct AppView {
    pub id: i64,
    pub name: String,
    pub created_at: i64,
    /// When its token was last used (to a minute); null until it is.
    pub last_used_at: Option<i64>,
}

/// The token of an `Authorization: Bearer …` header, if the request has one.
pub(crate) fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// The app whose token this is; `None` for an unknown or revoked one.
pub(crate) async fn app_by_token(store: &Store, token: &str) -> sqlx::Result<Option<AppClient>> {
    const SQL: &str = "SELECT id, user_id, name, last_used_at FROM apps WHERE token_hash = $1";
    const TOUCH: &str = "UPDATE apps SET last_used_at = $2 WHERE id = $1";
    if !token.starts_with(TOKEN_PREFIX) {
        return Ok(None);
    }
    let hash = hash_token(token);
    let found: Option<(i64, i64, String, Option<i64>)> =
        with_pool!(store, pool => sqlx::query_as(SQL).bind(&hash).fetch_optional(pool).await)?;
    let Some((id, user_id, name, last_used_at)) = found else {
        return Ok(None);
    };
    let now = now_secs();
    if last_used_at.is_none_or(|at| now - at >= TOUCH_EVERY_SECS) {
        let mut tx = store.begin().await?;
        with_tx!(tx, conn => sqlx::query(TOUCH).bind(id).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
        tx.commit().await?;
    }
    Ok(Some(AppClient { id, user_id, name }))
}

/// The user's apps, newest first.
pub(crate) async fn apps_of(store: &Store, user_id: i64) -> sqlx::Result<Vec<AppView>> {
    const SQL: &str = "SELECT id, name, created_at, last_used_at FROM apps \
         WHERE user_id = $1 ORDER BY id DESC";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(user_id).fetch_all(pool).await)
}

/// What making an app came to.
pub(crate) enum Created {
    /// The app, and its token: the only time the token is known outside the caller.
    App(AppView, String),
    NameTaken,
    TooMany,
}

/// Makes an app named `name` (already trimmed and measured) for `user_id`.
pub(crate) async fn create_app(store: &Store, user_id: i64, name: &str) -> sqlx::Result<Created> {
    const TAKEN: &str = "SELECT COUNT(*) FROM apps WHERE user_id = $1 AND lower(name) = lower($2)";
    const COUNT: &str = "SELECT COUNT(*) FROM apps WHERE user_id = $1";
    const INSERT: &str = "INSERT INTO apps (user_id, name, token_hash, created_at) \
         VALUES ($1, $2, $3, $4) RETURNING id";
    let (taken,): (i64,) = with_pool!(store, pool =>
        sqlx::query_as(TAKEN).bind(user_id).bind(name).fetch_one(pool).await)?;
    if taken > 0 {
        return Ok(Created::NameTaken);
    }
    let (count,): (i64,) =
        with_pool!(store, pool => sqlx::query_as(COUNT).bind(user_id).fetch_one(pool).await)?;
    if count >= MAX_APPS {
        return Ok(Created::TooMany);
    }
    let token = format!("{TOKEN_PREFIX}{}", random_hex(32));
    let now = now_secs();
    let mut tx = store.begin().await?;
    let inserted: sqlx::Result<(i64,)> = with_tx!(tx, conn => sqlx::query_as(INSERT)
        .bind(user_id).bind(name).bind(hash_token(&token)).bind(now)
        .fetch_one(conn).await);
    let inserted = match inserted {
        Ok(row) => tx.commit().await.map(|()| row),
        Err(err) => Err(err),
    };
    match inserted {
        Ok((id,)) => Ok(Created::App(
            AppView {
                id,
                name: name.to_owned(),
                created_at: now,
                last_used_at: None,
            },
            token,
        )),
        // The same name made at the same moment by another request of the user's.
        Err(sqlx::Error::Database(db)) if db.is_unique_violation() => Ok(Created::NameTaken),
        Err(err) => Err(err),
    }
}

/// Deletes the user's app `id`, and with it its token; false if it is not theirs.
pub(crate) async fn revoke_app(store: &Store, user_id: i64, id: i64) -> sqlx::Result<bool> {
    const SQL: &str = "DELETE FROM apps WHERE id = $1 AND user_id = $2";
    let mut tx = store.begin().await?;
    let removed = with_tx!(tx, conn => sqlx::query(SQL).bind(id).bind(user_id).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(removed > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_posting_calls_are_an_apps() {
        assert!(may_call(&Method::POST, "/svc/post/update"));
        assert!(may_call(&Method::GET, "/svc/user/info"));
        assert!(!may_call(&Method::GET, "/svc/post/update"));
        assert!(!may_call(&Method::POST, "/svc/post/delete"));
        assert!(!may_call(&Method::POST, "/svc/user/apps/create"));
        assert!(!may_call(&Method::GET, "/ws"));
    }

    #[test]
    fn a_bearer_header_names_its_token() {
        let mut headers = HeaderMap::new();
        assert_eq!(bearer_token(&headers), None);
        headers.insert(AUTHORIZATION, "Bearer dwapp_ab".parse().unwrap());
        assert_eq!(bearer_token(&headers), Some("dwapp_ab"));
        headers.insert(AUTHORIZATION, "bearer  dwapp_cd ".parse().unwrap());
        assert_eq!(bearer_token(&headers), Some("dwapp_cd"));
        headers.insert(AUTHORIZATION, "Basic YTpi".parse().unwrap());
        assert_eq!(bearer_token(&headers), None);
    }
}
