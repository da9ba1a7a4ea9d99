//! One socket's subscriptions by topic key: a `Vec` kept in key order and searched by
//! halves.
//!
//! Why not a `HashMap`: the smallest table it allocates has four slots, 244 bytes for the one
//! topic a visitor's socket reads (a blog's posts), held for the socket's life by each of a
//! node's ~20,000 sockets. A socket reads a handful of topics: this holds the slots it uses
//! (exactly, up to [`EXACT_UP_TO`]), and still finds a topic in O(log n), on every event, for
//! a client that subscribes to many.

use std::sync::Arc;

/// Up to this many entries, room is made for one more at a time (a socket usually stays
/// here); past it, the `Vec` grows as usual, so many subscriptions cost amortised O(1) room.
const EXACT_UP_TO: usize = 4;

/// Entries by topic key, in key order.
#[derive(Debug)]
pub(super) struct ByKey<V> {
    entries: Vec<(Arc<str>, V)>,
}

impl<V> Default for ByKey<V> {
    fn default() -> Self {
        ByKey {
            entries: Vec::new(),
        }
    }
}

impl<V> ByKey<V> {
    /// Where `key` is, or where it would go.
    fn find(&self, key: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| (**k).cmp(key))
    }

    /// The entry of `key`, if any.
    pub(super) fn get(&self, key: &str) -> Option<&V> {
        let at = self.find(key).ok()?;
        Some(&self.entries[at].1)
    }

    /// The entry of `key`, to change.
    pub(super) fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        let at = self.find(key).ok()?;
        Some(&mut self.entries[at].1)
    }

    /// Whether `key` has an entry.
    pub(super) fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Sets the entry of `key`, in place of any it had.
    pub(super) fn insert(&mut self, key: Arc<str>, value: V) {
        match self.find(&key) {
            Ok(at) => self.entries[at].1 = value,
            Err(at) => {
                if self.entries.len() == self.entries.capacity() && self.entries.len() < EXACT_UP_TO
                {
                    self.entries.reserve_exact(1);
                }
                self.entries.insert(at, (key, value));
            }
        }
    }

    /// Takes the entry of `key` out.
    pub(super) fn remove(&mut self, key: &str) -> Option<V> {
        let at = self.find(key).ok()?;
        Some(self.entries.remove(at).1)
    }

    /// Every key, in order.
    pub(super) fn keys(&self) -> impl Iterator<Item = &Arc<str>> {
        self.entries.iter().map(|(key, _)| key)
    }

    /// Every entry with its key, in key order.
    pub(super) fn iter(&self) -> impl Iterator<Item = (&Arc<str>, &V)> {
        self.entries.iter().map(|(key, value)| (key, value))
    }

    /// Forgets every entry and gives the room back.
    pub(super) fn clear(&mut self) {
        self.entries = Vec::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_inserts_replaces_and_removes_by_key() {
        let mut map = ByKey::default();
        for (key, value) in [
            ("posts:b", 2),
            ("inbox:a", 1),
            ("unread:7", 3),
            ("posts:a", 4),
        ] {
            map.insert(Arc::from(key), value);
        }
        map.insert(Arc::from("posts:b"), 5);
        assert_eq!(map.get("posts:b"), Some(&5), "replaced");
        assert_eq!(map.get("posts:c"), None);
        *map.get_mut("inbox:a").unwrap() += 10;
        assert!(map.contains_key("inbox:a"));
        let keys: Vec<&str> = map.keys().map(|k| &**k).collect();
        assert_eq!(keys, ["inbox:a", "posts:a", "posts:b", "unread:7"]);
        assert_eq!(map.remove("posts:a"), Some(4));
        assert_eq!(map.remove("posts:a"), None);
        let entries: Vec<(&str, i32)> = map.iter().map(|(k, v)| (&**k, *v)).collect();
        assert_eq!(entries, [("inbox:a", 11), ("posts:b", 5), ("unread:7", 3)]);
        map.clear();
        assert_eq!(map.keys().count(), 0);
    }

    /// The room a socket's few topics take is theirs alone; many still grow by doubling.
    #[test]
    fn holds_the_room_its_few_entries_use() {
        let mut map = ByKey::default();
        for n in 1..=EXACT_UP_TO {
            map.insert(Arc::from(format!("posts:{n}")), n);
            assert_eq!(map.entries.capacity(), n);
        }
        for n in EXACT_UP_TO + 1..=1000 {
            map.insert(Arc::from(format!("posts:{n}")), n);
        }
        assert!(map.entries.capacity() < 2 * 1000);
        assert_eq!(map.get("posts:777"), Some(&777));
    }
}
