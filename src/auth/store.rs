//! Queries for users and sessions.

use sha2::{Digest, Sha256};

use crate::store::session_cache::CachedSession;
use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// A user row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct User {
    pub id: i64,
    pub email: String,
    pub password_hash: String,
    pub seen_atg: bool,
    pub current_blog_id: Option<i64>,
}

/// A session row; `user_id` is `None` for a visitor.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Session {
    pub token_hash: String,
    pub user_id: Option<i64>,
    pub form_key: String,
    pub last_seen_at: i64,
}

/// A session as handed out: the token goes in the cookie, only its hash is stored.
pub struct NewSession {
    pub token: String,
    pub session: Session,
}

/// How long a logged-in session lasts without use.
pub(crate) const SESSION_IDLE_SECS: i64 = 30 * 24 * 3600;
/// How long a visitor's session lasts without use.
pub(crate) const VISITOR_IDLE_SECS: i64 = 24 * 3600;
/// How often `last_seen_at` is written back (not on every request).
const TOUCH_EVERY_SECS: i64 = 300;

/// The SHA-256 of a session token, as stored.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub(super) fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::fill(&mut buf[..]);
    hex::encode(buf)
}

/// The user with this (already normalised) email.
pub async fn user_by_email(store: &Store, email: &str) -> sqlx::Result<Option<User>> {
    const SQL: &str = "SELECT id, email, password_hash, seen_atg, current_blog_id \
                       FROM users WHERE email = $1";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(email).fetch_optional(pool).await)
}

/// The user with this id.
pub(crate) async fn user_by_id(store: &Store, id: i64) -> sqlx::Result<Option<User>> {
    const SQL: &str = "SELECT id, email, password_hash, seen_atg, current_blog_id \
                       FROM users WHERE id = $1";
    with_pool!(store, pool => sqlx::query_as(SQL).bind(id).fetch_optional(pool).await)
}

/// Starts a session for `user_id` (or a visitor's when `None`).
pub async fn create_session(store: &Store, user_id: Option<i64>) -> sqlx::Result<NewSession> {
    const SQL: &str = "INSERT INTO sessions (token_hash, user_id, form_key, created_at, last_seen_at) \
                       VALUES ($1, $2, $3, $4, $4)";
    let token = random_hex(32);
    let session = Session {
        token_hash: hash_token(&token),
        user_id,
        form_key: random_hex(16),
        last_seen_at: now_secs(),
    };
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(SQL)
        .bind(&session.token_hash)
        .bind(session.user_id)
        .bind(&session.form_key)
        .bind(session.last_seen_at)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(NewSession { token, session })
}

/// The live session for a cookie token; expired sessions count as none. Answered from
/// the session cache when it was read lately (`store/session_cache.rs`).
pub async fn session_by_token(store: &Store, token: &str) -> sqlx::Result<Option<Session>> {
    const SQL: &str = "SELECT token_hash, user_id, form_key, last_seen_at \
                       FROM sessions WHERE token_hash = $1";
    let token_hash = hash_token(token);
    if let Some(cached) = store.sessions().get(&token_hash) {
        return Ok(Some(Session {
            token_hash: cached.token_hash,
            user_id: cached.user_id,
            form_key: cached.form_key,
            last_seen_at: cached.last_seen_at,
        }));
    }
    let found: Option<Session> = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(&token_hash).fetch_optional(pool).await)?;
    let Some(session) = found else {
        return Ok(None);
    };
    let idle = now_secs() - session.last_seen_at;
    let limit = if session.user_id.is_some() {
        SESSION_IDLE_SECS
    } else {
        VISITOR_IDLE_SECS
    };
    if idle > limit {
        delete_session(store, &session.token_hash).await?;
        return Ok(None);
    }
    if idle > TOUCH_EVERY_SECS {
        const TOUCH: &str = "UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2";
        let mut tx = store.begin().await?;
        with_tx!(tx, conn => sqlx::query(TOUCH)
            .bind(now_secs())
            .bind(&session.token_hash)
            .execute(conn).await.map(|r| r.rows_affected()))?;
        tx.commit().await?;
    }
    store.sessions().put(CachedSession {
        token_hash: session.token_hash.clone(),
        user_id: session.user_id,
        form_key: session.form_key.clone(),
        last_seen_at: session.last_seen_at,
    });
    Ok(Some(session))
}

/// Which of `token_hashes` are sessions still stored: after a bus outage, a node asks this of
/// the sessions its sockets belong to, to close those that ended elsewhere meanwhile (their
/// bus message may have been lost: `realtime/node.rs`).
pub(crate) async fn stored_sessions(
    store: &Store,
    token_hashes: &[String],
) -> sqlx::Result<std::collections::HashSet<String>> {
    /// Hashes asked about per query (SQLite binds 32,766 values a statement at most).
    const CHUNK: usize = 1000;
    let mut stored = std::collections::HashSet::new();
    for chunk in token_hashes.chunks(CHUNK) {
        let mut list: Vec<&str> = chunk.iter().map(String::as_str).collect();
        list.sort_unstable();
        let found: Vec<(String,)> = with_pool!(store, pool => {
            let mut query = sqlx::QueryBuilder::new(
                "SELECT token_hash FROM sessions WHERE token_hash IN (",
            );
            let mut separated = query.separated(", ");
            for hash in &list {
                separated.push_bind(*hash);
            }
            query.push(")");
            query.build_query_as().fetch_all(pool).await
        })?;
        stored.extend(found.into_iter().map(|(hash,)| hash));
    }
    Ok(stored)
}

/// Forgets a cached session that ended on another node (its bus message said so).
pub(crate) fn forget_session(store: &Store, token_hash: &str) {
    store.sessions().remove(token_hash);
}

/// Removes one session: one that expired, or one replaced by a new session at login (its
/// sockets stay open and carry on as the new session's once they reconnect).
pub async fn delete_session(store: &Store, token_hash: &str) -> sqlx::Result<()> {
    const SQL: &str = "DELETE FROM sessions WHERE token_hash = $1";
    store.sessions().remove(token_hash);
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(SQL).bind(token_hash).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// Ends one session (logout, or revocation): it is removed, and its sockets close on every
/// node once that commits.
pub(crate) async fn end_session(store: &Store, token_hash: &str) -> sqlx::Result<()> {
    const SQL: &str = "DELETE FROM sessions WHERE token_hash = $1";
    store.sessions().remove(token_hash);
    let mut tx = store.begin().await?;
    with_tx!(&mut tx, conn => sqlx::query(SQL).bind(token_hash).execute(conn).await.map(|_| ()))?;
    tx.end_session(token_hash.to_owned());
    tx.commit().await
}

/// Sets a user's password (its argon2 hash) and ends every other session of theirs, so a
/// password changed because it leaked locks out whoever used it: their sockets close on every
/// node once that commits. `keep` is the session that changed it.
pub(crate) async fn change_password(
    store: &Store,
    user_id: i64,
    password_hash: &str,
    keep: &str,
) -> sqlx::Result<()> {
    const SET: &str = "UPDATE users SET password_hash = $1 WHERE id = $2";
    const OTHERS: &str = "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 \
                          RETURNING token_hash";
    let mut tx = store.begin().await?;
    with_tx!(&mut tx, conn => sqlx::query(SET).bind(password_hash).bind(user_id)
        .execute(conn).await.map(|_| ()))?;
    let ended: Vec<(String,)> = with_tx!(&mut tx, conn => sqlx::query_as(OTHERS)
        .bind(user_id).bind(keep).fetch_all(conn).await)?;
    for (token_hash,) in ended {
        store.sessions().remove(&token_hash);
        tx.end_session(token_hash);
    }
    tx.commit().await
}

/// Removes sessions idle past their limit; returns how many.
pub async fn sweep_sessions(store: &Store) -> sqlx::Result<u64> {
    const SQL: &str = "DELETE FROM sessions WHERE \
                       (user_id IS NULL AND last_seen_at < $1) OR last_seen_at < $2";
    let now = now_secs();
    let mut tx = store.begin().await?;
    let done = with_tx!(tx, conn => sqlx::query(SQL)
        .bind(now - VISITOR_IDLE_SECS)
        .bind(now - SESSION_IDLE_SECS)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(done)
}
