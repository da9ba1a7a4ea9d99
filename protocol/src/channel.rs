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
    /// `members:{blog}`: a group blog's members changed (one joined, left or was removed, or a
    /// role changed).
    Members(String),
}

/// The kinds of channel, without their keys: what a feature registers who may read, and what
/// clients build channel names from (the web's `channel.inbox(blog)`, generated from this).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub enum ChannelKind {
    Inbox,
    Conversation,
    Activity,
    Unread,
    Notes,
    Posts,
    Dashboard,
    Members,
}

/// What follows a kind's colon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelKey {
    /// A blog's name.
    Blog,
    /// A positive id.
    Id,
    /// Nothing: the channel is the session user's own, and has no colon.
    None,
}

impl ChannelKind {
    /// Every kind.
    pub const ALL: [ChannelKind; 8] = [
        ChannelKind::Inbox,
        ChannelKind::Conversation,
        ChannelKind::Activity,
        ChannelKind::Unread,
        ChannelKind::Notes,
        ChannelKind::Posts,
        ChannelKind::Dashboard,
        ChannelKind::Members,
    ];

    /// The kind as written before the colon.
    pub fn as_str(self) -> &'static str {
        match self {
            ChannelKind::Inbox => "inbox",
            ChannelKind::Conversation => "conversation",
            ChannelKind::Activity => "activity",
            ChannelKind::Unread => "unread",
            ChannelKind::Notes => "notes",
            ChannelKind::Posts => "posts",
            ChannelKind::Dashboard => "dashboard",
            ChannelKind::Members => "members",
        }
    }

    /// What its channels' keys are.
    pub fn key(self) -> ChannelKey {
        match self {
            ChannelKind::Inbox
            | ChannelKind::Activity
            | ChannelKind::Posts
            | ChannelKind::Members => ChannelKey::Blog,
            ChannelKind::Conversation | ChannelKind::Notes => ChannelKey::Id,
            ChannelKind::Unread | ChannelKind::Dashboard => ChannelKey::None,
        }
    }

    /// What its channels carry, for documentation (the generated web helper's comments).
    pub fn about(self) -> &'static str {
        match self {
            ChannelKind::Inbox => "the blog's conversation list changed",
            ChannelKind::Conversation => "a message arrived or was read",
            ChannelKind::Activity => "a notification for the blog",
            ChannelKind::Unread => "the session user's unread counts",
            ChannelKind::Notes => "the note count of a reblog chain, by its first post's id",
            ChannelKind::Posts => "the blog's published posts changed",
            ChannelKind::Dashboard => {
                "the posts of every blog the session user reads, in the feed's order"
            }
            ChannelKind::Members => "a group blog's members changed",
        }
    }

    /// The kind written `kind`, if there is one.
    pub fn parse(kind: &str) -> Option<ChannelKind> {
        ChannelKind::ALL.into_iter().find(|k| k.as_str() == kind)
    }
}

impl fmt::Display for ChannelKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a channel string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChannelError {
    #[error(
        "unknown channel kind '{0}' (expected inbox, conversation, activity, unread, notes, posts, dashboard or members)"
    )]
    UnknownKind(String),
    #[error("channel '{0}' needs a key: write it kind:key")]
    MissingKey(String),
    #[error("'{0}' is not a valid key for this channel")]
    BadKey(String),
}

impl Channel {
    /// The channel's kind.
    pub fn kind(&self) -> ChannelKind {
        match self {
            Channel::Inbox(_) => ChannelKind::Inbox,
            Channel::Conversation(_) => ChannelKind::Conversation,
            Channel::Activity(_) => ChannelKind::Activity,
            Channel::Unread => ChannelKind::Unread,
            Channel::Notes(_) => ChannelKind::Notes,
            Channel::Posts(_) => ChannelKind::Posts,
            Channel::Dashboard => ChannelKind::Dashboard,
            Channel::Members(_) => ChannelKind::Members,
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
            Channel::Members(blog) => write!(f, "members:{blog}"),
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
        let kind =
            ChannelKind::parse(kind).ok_or_else(|| ChannelError::UnknownKind(kind.to_owned()))?;
        match (kind.key(), key) {
            (ChannelKey::None, Some(key)) => return Err(ChannelError::BadKey(key.to_owned())),
            (ChannelKey::Blog | ChannelKey::Id, None) => {
                return Err(ChannelError::MissingKey(s.to_owned()));
            }
            _ => {}
        }
        let key = key.unwrap_or("");
        match kind {
            ChannelKind::Unread => Ok(Channel::Unread),
            ChannelKind::Dashboard => Ok(Channel::Dashboard),
            ChannelKind::Inbox => blog_key(key).map(Channel::Inbox),
            ChannelKind::Activity => blog_key(key).map(Channel::Activity),
            ChannelKind::Posts => blog_key(key).map(Channel::Posts),
            ChannelKind::Members => blog_key(key).map(Channel::Members),
            ChannelKind::Conversation => id_key(key).map(Channel::Conversation),
            ChannelKind::Notes => id_key(key).map(Channel::Notes),
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
            "members:team",
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
            Channel::Members("a".into()),
        ];
        let kinds: Vec<ChannelKind> = samples.iter().map(Channel::kind).collect();
        assert_eq!(kinds, ChannelKind::ALL);
        for (sample, kind) in samples.iter().zip(ChannelKind::ALL) {
            let written = sample.to_string();
            assert_eq!(written.split(':').next(), Some(kind.as_str()));
            assert_eq!(written.contains(':'), kind.key() != ChannelKey::None);
        }
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
