//! Sessions read recently, by token hash. Every request looks its session up, and a busy
//! client asks many times a minute: the cache answers those without the database.
//!
//! An entry lives [`SESSION_CACHE_TTL`] at most. Ending a session removes it here at once
//! (`auth::store::delete_session`, `end_session`), and on every other node through the bus's session-end message
//! (`realtime/mod.rs` calls `auth::store::forget_session`); if the bus is down, another node may
//! accept an ended session for up to the TTL. It lives with the store (which auth reads
//! sessions through) and keeps what a session row says, not auth's type.

use std::sync::Arc;
use std::time::{Duration, Instant};

use dashmap::DashMap;

/// How long a session read from the database is answered from memory.
pub const SESSION_CACHE_TTL: Duration = Duration::from_secs(60);
/// Sessions kept at most; past it the cache starts over (entries are cheap to read again).
const MAX_CACHED: usize = 200_000;

/// A session row as the cache keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachedSession {
    pub token_hash: String,
    pub user_id: Option<i64>,
    pub form_key: String,
    pub last_seen_at: i64,
}

/// The cache; cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct SessionCache {
    entries: Arc<DashMap<String, (CachedSession, Instant)>>,
}

impl SessionCache {
    /// The session with this token hash, if it was read less than the TTL ago.
    pub fn get(&self, token_hash: &str) -> Option<CachedSession> {
        let entry = self.entries.get(token_hash)?;
        let (session, read_at) = entry.value();
        (read_at.elapsed() < SESSION_CACHE_TTL).then(|| session.clone())
    }

    /// Remembers a session just read from the database.
    pub fn put(&self, session: CachedSession) {
        if self.entries.len() >= MAX_CACHED {
            self.entries.clear();
        }
        self.entries
            .insert(session.token_hash.clone(), (session, Instant::now()));
    }

    /// Forgets a session (it ended).
    pub fn remove(&self, token_hash: &str) {
        self.entries.remove(token_hash);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(hash: &str) -> CachedSession {
        CachedSession {
            token_hash: hash.into(),
            user_id: Some(1),
            form_key: "k".into(),
            last_seen_at: 0,
        }
    }

    #[test]
    fn answers_what_it_read_until_forgotten() {
        let cache = SessionCache::default();
        assert!(cache.get("a").is_none());
        cache.put(session("a"));
        assert_eq!(cache.get("a").unwrap().form_key, "k");
        cache.remove("a");
        assert!(cache.get("a").is_none());
    }
}
