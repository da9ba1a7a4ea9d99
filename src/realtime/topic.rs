//! Where an event goes: a channel, and for a personal channel the user it belongs to.

use std::fmt;
use std::sync::Arc;

use dashwire_protocol::Channel;
use serde::{Deserialize, Serialize};

/// The routing address of a channel's events. Most channels are the same for everyone who
/// may read them (`inbox:alice`); a personal channel (`unread`) is written the same by every
/// user but each has their own, so its topic also names the user.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Topic {
    channel: Channel,
    user: Option<i64>,
}

impl Topic {
    /// The topic of a channel everyone allowed reads alike.
    pub fn shared(channel: Channel) -> Topic {
        Topic {
            channel,
            user: None,
        }
    }

    /// The topic of `user_id`'s own copy of a personal channel.
    pub fn personal(channel: Channel, user_id: i64) -> Topic {
        Topic {
            channel,
            user: Some(user_id),
        }
    }

    /// The channel as clients write it.
    pub fn channel(&self) -> &Channel {
        &self.channel
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
