//! Channels, written `kind:key`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A channel a socket can subscribe to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Channel {
    /// `inbox:{blog}`: the blog's conversation list changed.
    Inbox(String),
    /// `conversation:{id}`: a message arrived or was read.
    Conversation(i64),
    /// `activity:{blog}`: a notification for the blog.
    Activity(String),
    /// `unread`: the session user's unread counts.
    Unread,
    /// `notes:{root_id}`: the note count of a reblog chain, by its first post's id.
    Notes(i64),
    /// `posts:{blog}`: the blog's published posts changed (a new one, an edit, a removal).
    Posts(String),
    /// `dashboard`: the session user's dashboard: the `posts:{blog}` events of every blog they
    /// read (their own and those they follow), in one order, the feed's.
    Dashboard,
}

/// Why a channel string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChannelError {
    #[error(
        "unknown channel kind '{0}' (expected inbox, conversation, activity, unread, notes, posts or dashboard)"
    )]
    UnknownKind(String),
    #[error("channel '{0}' needs a key: write it kind:key")]
    MissingKey(String),
    #[error("'{0}' is not a valid key for this channel")]
    BadKey(String),
}

impl Channel {
    /// Every kind, as written before the colon.
    pub const KINDS: [&'static str; 7] = [
        "inbox",
        "conversation",
        "activity",
        "unread",
        "notes",
        "posts",
        "dashboard",
    ];

    /// The channel's kind, as written before the colon.
    pub fn kind(&self) -> &'static str {
        match self {
            Channel::Inbox(_) => "inbox",
            Channel::Conversation(_) => "conversation",
            Channel::Activity(_) => "activity",
            Channel::Unread => "unread",
            Channel::Notes(_) => "notes",
            Channel::Posts(_) => "posts",
            Channel::Dashboard => "dashboard",
        }
    }
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Channel::Inbox(blog) => write!(f, "inbox:{blog}"),
            Channel::Conversation(id) => write!(f, "conversation:{id}"),
            Channel::Activity(blog) => write!(f, "activity:{blog}"),
            Channel::Unread => f.write_str("unread"),
            Channel::Notes(id) => write!(f, "notes:{id}"),
            Channel::Posts(blog) => write!(f, "posts:{blog}"),
            Channel::Dashboard => f.write_str("dashboard"),
        }
    }
}

fn blog_key(key: &str) -> Result<String, ChannelError> {
    let valid = !key.is_empty()
        && key.len() <= 32
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if valid {
        Ok(key.to_owned())
    } else {
        Err(ChannelError::BadKey(key.to_owned()))
    }
}

fn id_key(key: &str) -> Result<i64, ChannelError> {
    key.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ChannelError::BadKey(key.to_owned()))
}

impl FromStr for Channel {
    type Err = ChannelError;

    fn from_str(s: &str) -> Result<Self, ChannelError> {
        let (kind, key) = match s.split_once(':') {
            Some((kind, key)) => (kind, Some(key)),
            None => (s, None),
        };
        match (kind, key) {
            ("unread", None) => Ok(Channel::Unread),
            ("dashboard", None) => Ok(Channel::Dashboard),
            ("unread" | "dashboard", Some(key)) => Err(ChannelError::BadKey(key.to_owned())),
            ("inbox" | "conversation" | "activity" | "notes" | "posts", None) => {
                Err(ChannelError::MissingKey(s.to_owned()))
            }
            ("inbox", Some(key)) => blog_key(key).map(Channel::Inbox),
            ("activity", Some(key)) => blog_key(key).map(Channel::Activity),
            ("posts", Some(key)) => blog_key(key).map(Channel::Posts),
            ("conversation", Some(key)) => id_key(key).map(Channel::Conversation),
            ("notes", Some(key)) => id_key(key).map(Channel::Notes),
            (kind, _) => Err(ChannelError::UnknownKind(kind.to_owned())),
        }
    }
}

impl Serialize for Channel {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Channel {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for s in [
            "inbox:alice",
            "conversation:42",
            "activity:bob-2",
            "unread",
            "notes:7",
            "posts:ann",
            "dashboard",
        ] {
            let channel: Channel = s.parse().unwrap();
            assert_eq!(channel.to_string(), s);
        }
    }

    #[test]
    fn every_kind_is_listed() {
        let samples = [
            Channel::Inbox("a".into()),
            Channel::Conversation(1),
            Channel::Activity("a".into()),
            Channel::Unread,
            Channel::Notes(1),
            Channel::Posts("a".into()),
            Channel::Dashboard,
        ];
        let kinds: Vec<&str> = samples.iter().map(Channel::kind).collect();
        assert_eq!(kinds, Channel::KINDS);
    }

    #[test]
    fn refuses_bad_channels() {
        assert_eq!(
            "nope:1".parse::<Channel>(),
            Err(ChannelError::UnknownKind("nope".into()))
        );
        assert_eq!(
            "inbox".parse::<Channel>(),
            Err(ChannelError::MissingKey("inbox".into()))
        );
        assert!("inbox:Alice".parse::<Channel>().is_err());
        assert!("conversation:abc".parse::<Channel>().is_err());
        assert!("conversation:-1".parse::<Channel>().is_err());
        assert!("notes:0".parse::<Channel>().is_err());
        assert!("notes".parse::<Channel>().is_err());
        assert!("posts:Ann".parse::<Channel>().is_err());
        assert!("unread:5".parse::<Channel>().is_err());
        assert!("dashboard:5".parse::<Channel>().is_err());
        assert!("".parse::<Channel>().is_err());
    }
}
