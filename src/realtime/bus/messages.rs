//! What passes between the bus and this node's router task: what arrives ([`Incoming`]), and
//! which topics the node wants from the bus ([`Interest`]).

use std::sync::Arc;
use std::time::Instant;

use crate::store::log::Published;

/// What the bus hands this node's router task. Nearly every message is an event, so the
/// channel's slots are sized for one and boxing it would only add an allocation per event.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Incoming {
    /// A committed event, from this node or another, and when it reached this node (handed
    /// to the local bus, or received from Redis).
    Event {
        published: Published,
        arrived: Instant,
    },
    /// A session ended (logout): close its sockets.
    SessionEnded(String),
    /// The bus (re)subscribed to these topics and may have missed their events meanwhile:
    /// their sockets should read the log.
    Resubscribed(Vec<Arc<str>>),
    /// The bus's subscription was made again after it dropped: anything published meanwhile
    /// may be lost (the feed's events, session endings, refreshes).
    Reconnected,
    /// A group's members may have changed: tell the sockets on its topic.
    Refresh(Arc<str>),
}

/// A change in which topics this node wants from the bus.
#[derive(Debug)]
pub(crate) enum Interest {
    Subscribe(Arc<str>),
    Unsubscribe(Arc<str>),
}
