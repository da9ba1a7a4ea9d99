//! Sessions read recently, by token hash. Every request looks its session up, and a busy
//! client asks many times a minute: the cache answers those without the database.
//!
//! An entry lives [`SESSION_CACHE_TTL`] at most. Ending a session (`auth::store::end_session`,
//! a logout) removes it here at once and on every other node through the bus's session-end
//! message (`realtime/node.rs` calls `auth::store::forget_session`); if the bus is down,
//! another node may accept an ended session for up to the TTL. Deleting one without ending
//! it (`delete_session`: a login replacing its visitor session, whose sockets it keeps)
//! removes it here only, so another node may accept that visitor session for up to the TTL. It lives with the store (which auth reads
//! sessions through) and keeps what a session row says, not auth's type.
//!
//! Every open socket's session has an entry (its upgrade read it), so an entry is memory per
//! socket: it is keyed by the token hash's 32 bytes ([`TokenHash`]), not by its 64-character
//! hex, and keeps the hash once, as the key.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dashmap::DashMap;
use sha2::{Digest, Sha256};

/// How long a session read from the database is answered from memory.
pub(crate) const SESSION_CACHE_TTL: Duration = Duration::from_secs(60);
/// Sessions kept at most; past it the cache starts over (entries are cheap to read again).
const MAX_CACHED: usize = 200_000;

/// A session's token hash as 32 bytes: how this cache and the realtime registry key a
/// session (one entry in each per open socket's session), where the database and the bus
/// carry it as 64 hex characters.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct TokenHash([u8; 32]);

impl TokenHash {
    /// The key of a stored token hash. Every stored hash is a SHA-256 in hex
    /// (`auth::store::hash_token`) and is decoded; any other string is digested to 32 bytes,
    /// so that every string still has one key of its own.
    pub(crate) fn of(stored: &str) -> TokenHash {
        let mut bytes = [0; 32];
        if hex::decode_to_slice(stored, &mut bytes).is_err() {
            bytes = Sha256::digest(stored.as_bytes()).into();
        }
        TokenHash(bytes)
    }
}

impl TokenHash {
    /// The hash as the database and the bus carry it: 64 hex characters.
    pub(crate) fn to_hex(self) -> String {
        hex::encode(self.0)
    }
}

impl fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TokenHash({})", hex::encode(self.0))
    }
}

/// A session row as the cache keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CachedSession {
    pub token_hash: String,
    pub user_id: Option<i64>,
    pub form_key: String,
    pub last_seen_at: i64,
}

/// What an entry keeps besides its key.
#[derive(Debug)]
struct Entry {
    user_id: Option<i64>,
    /// Boxed rather than a `String`: 8 bytes less in every entry, and never grows.
    form_key: Box<str>,
    last_seen_at: i64,
    read_at: Instant,
}

/// The cache; cheap to clone.
#[derive(Debug, Clone, Default)]
pub(crate) struct SessionCache {
    entries: Arc<DashMap<TokenHash, Entry>>,
}

impl SessionCache {
    /// The session with this token hash, if it was read less than the TTL ago.
    pub(crate) fn get(&self, token_hash: &str) -> Option<CachedSession> {
        let entry = self.entries.get(&TokenHash::of(token_hash))?;
        (entry.read_at.elapsed() < SESSION_CACHE_TTL).then(|| CachedSession {
            token_hash: token_hash.to_owned(),
            user_id: entry.user_id,
            form_key: entry.form_key.to_string(),
            last_seen_at: entry.last_seen_at,
        })
    }

    /// Remembers a session just read from the database (or just written to it).
    pub(crate) fn put(&self, session: CachedSession) {
        if self.entries.len() >= MAX_CACHED {
            self.entries.clear();
        }
        let entry = Entry {
            user_id: session.user_id,
            form_key: session.form_key.into_boxed_str(),
            last_seen_at: session.last_seen_at,
            read_at: Instant::now(),
        };
        self.entries
            .insert(TokenHash::of(&session.token_hash), entry);
    }

    /// Forgets a session (it ended).
    pub(crate) fn remove(&self, token_hash: &str) {
        self.entries.remove(&TokenHash::of(token_hash));
    }

    /// Forgets every session: after a bus outage, when another node's word that a session
    /// ended may have been lost, so each is read from the database again on its next use.
    pub(crate) fn clear(&self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HASH_A: &str = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";

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
        for hash in [HASH_A, "a"] {
            assert!(cache.get(hash).is_none());
            cache.put(session(hash));
            assert_eq!(cache.get(hash), Some(session(hash)), "as it was put");
            cache.remove(hash);
            assert!(cache.get(hash).is_none());
        }
    }

    #[test]
    fn a_hex_hash_is_keyed_by_its_bytes_and_any_other_string_by_a_digest() {
        let mut bytes = [0; 32];
        hex::decode_to_slice(HASH_A, &mut bytes).unwrap();
        assert_eq!(TokenHash::of(HASH_A), TokenHash(bytes));
        let other = TokenHash::of("not hex");
        assert_eq!(other, TokenHash::of("not hex"));
        assert_ne!(other, TokenHash::of("not hex either"));
        assert_ne!(other, TokenHash(bytes));
    }

    /// An entry is memory per open socket: no allocation but the form key's, and a table
    /// slot well under the 112 bytes it took with the hash as a `String`, twice.
    #[test]
    fn an_entry_stays_small() {
        assert!(std::mem::size_of::<(TokenHash, Entry)>() <= 88);
    }
}
