//! Where an event goes: a channel, for a personal channel the user it belongs to, and
//! whether its events are also placed in the feed.

use std::fmt;
use std::sync::Arc;

use dashwire_protocol::Channel;
use serde::{Deserialize, Serialize};

/// The routing address of a channel's events. Most channels are the same for everyone who
/// may read them (`inbox:alice`); a personal channel (`unread`) is written the same by every
/// user but each has their own, so its topic also names the user.
///
/// A topic **in the feed** has its events also numbered in the feed: one order over the events
/// of every such topic, which a group subscription (a dashboard: the posts of every blog its
/// user reads) follows and resumes by, since its events come from many topics. The event log
/// hands out feed positions under one lock, so they commit in order (`realtime/log.rs`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Topic {
    channel: Channel,
    user: Option<i64>,
    /// Left out on the bus when false, so messages of other topics stay as they were.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    feed: bool,
}

impl Topic {
    /// The topic of a channel everyone allowed reads alike.
    pub fn shared(channel: Channel) -> Topic {
        Topic {
            channel,
            user: None,
            feed: false,
        }
    }

    /// The same topic, with its events also placed in the feed.
    pub(crate) fn in_feed(self) -> Topic {
        Topic { feed: true, ..self }
    }

    /// The topic of `user_id`'s own copy of a personal channel.
    pub fn personal(channel: Channel, user_id: i64) -> Topic {
        Topic {
            channel,
            user: Some(user_id),
            feed: false,
        }
    }

    /// The channel as clients write it.
    pub(crate) fn channel(&self) -> &Channel {
        &self.channel
    }

    /// Whether its events are also placed in the feed.
    pub(crate) fn is_in_feed(&self) -> bool {
        self.feed
    }

    /// The key the event log, the registry and the bus file this topic under: the channel
    /// string, with `:{user}` after a personal one.
    pub fn key(&self) -> Arc<str> {
        Arc::from(self.to_string())
    }
}

impl fmt::Display for Topic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.user {
            None => write!(f, "{}", self.channel),
            Some(user) => write!(f, "{}:{user}", self.channel),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_personal_topic_keeps_each_users_copy_apart() {
        let inbox = Topic::shared(Channel::Inbox("alice".into()));
        assert_eq!(&*inbox.key(), "inbox:alice");
        let mine = Topic::personal(Channel::Unread, 7);
        assert_eq!(&*mine.key(), "unread:7");
        assert_ne!(mine, Topic::personal(Channel::Unread, 8));
        assert_eq!(
            mine.channel().to_string(),
            "unread",
            "clients see the channel"
        );
    }
}
