//! An event ready to fan out: encoded once per codec, shared by every socket it goes to (and,
//! for an event in the feed, once more per codec as its group subscribers see it).

use std::sync::{Arc, OnceLock};
use std::time::Instant;

use bytes::Bytes;
use dashwire_protocol::{Codec, Encoded, Event, EventFrame, ServerFrame};
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

use super::order::Sequenced;
use crate::store::log::Published;

/// What a socket's queue carries.
#[derive(Debug, Clone)]
pub enum Outbound {
    /// A live event.
    Event(Arc<Delivery>),
    /// The topic may have missed events (the bus just (re)subscribed): read the log.
    Resync(Arc<str>),
    /// A group's members may have changed (its user followed a blog, say): ask again.
    Refresh(Arc<str>),
}

/// One event on one topic, with its frame encoded lazily once per codec.
#[derive(Debug)]
pub struct Delivery {
    /// The topic's key, as the registry files it.
    pub topic: Arc<str>,
    pub seq: i64,
    /// Its position in the feed, for an event of a topic in the feed.
    pub feed_seq: Option<i64>,
    /// When the event reached this node (published here, or received from the Redis bus),
    /// for `dashwire_publish_to_delivery_seconds`; `None` for one read back from the log.
    pub arrived: Option<Instant>,
    frame: ServerFrame,
    json: OnceLock<Utf8Bytes>,
    msgpack: OnceLock<Bytes>,
    /// The frame as a group subscription sends it (its channel, the feed position as its
    /// seq), per codec, with the group channel it was encoded for.
    in_group: [OnceLock<(Box<str>, Message)>; 2],
}

impl Delivery {
    /// Wraps a published event that reaches this node now.
    pub fn new(published: Published) -> Delivery {
        Delivery::arrived(published, Instant::now())
    }

    /// Wraps a published event that reached this node at `arrived`.
    pub(crate) fn arrived(published: Published, arrived: Instant) -> Delivery {
        let channel = published.topic.channel().to_string();
        let mut delivery = Delivery::replayed(
            published.topic.key(),
            channel,
            published.seq,
            published.event,
        );
        delivery.feed_seq = published.feed_seq;
        delivery.arrived = Some(arrived);
        delivery
    }

    /// The same event read back from the feed at `feed_seq`.
    pub(crate) fn in_feed(mut self, feed_seq: i64) -> Delivery {
        self.feed_seq = Some(feed_seq);
        self
    }

    /// Wraps an event read back from the log: `topic` is its key, `channel` the channel
    /// clients see it on.
    pub(crate) fn replayed(topic: Arc<str>, channel: String, seq: i64, event: Event) -> Delivery {
        Delivery {
            topic,
            seq,
            feed_seq: None,
            arrived: None,
            frame: ServerFrame::Event(EventFrame {
                channel,
                seq,
                event,
            }),
            json: OnceLock::new(),
            msgpack: OnceLock::new(),
            in_group: [OnceLock::new(), OnceLock::new()],
        }
    }

    /// The event's frame.
    #[cfg(test)]
    pub(crate) fn frame(&self) -> &ServerFrame {
        &self.frame
    }

    /// The channel clients see the event on.
    pub(crate) fn channel(&self) -> &str {
        match &self.frame {
            ServerFrame::Event(frame) => &frame.channel,
            _ => "",
        }
    }

    /// The socket message for a codec; encoded on first use and shared after.
    pub fn message(&self, codec: Codec) -> Message {
        match codec {
            Codec::Json => Message::Text(
                self.json
                    .get_or_init(|| match codec.encode(&self.frame) {
                        Ok(Encoded::Text(text)) => text.into(),
                        _ => Utf8Bytes::from_static("{}"),
                    })
                    .clone(),
            ),
            Codec::MsgPack => Message::Binary(
                self.msgpack
                    .get_or_init(|| match codec.encode(&self.frame) {
                        Ok(Encoded::Binary(bytes)) => bytes.into(),
                        _ => Bytes::new(),
                    })
                    .clone(),
            ),
        }
    }
}

impl Delivery {
    /// The socket message for a codec as a group subscription on `group` sends it: the event
    /// on the group's channel, its feed position as its seq. Encoded on first use and shared
    /// after (every group is one kind, the dashboard, so the first channel asked is the one).
    /// `None` for an event that is not in the feed.
    pub(crate) fn group_message(&self, codec: Codec, group: &str) -> Option<Message> {
        let feed_seq = self.feed_seq?;
        let ServerFrame::Event(frame) = &self.frame else {
            return None;
        };
        let build = || {
            encode(
                codec,
                &ServerFrame::Event(EventFrame {
                    channel: group.to_owned(),
                    seq: feed_seq,
                    event: frame.event.clone(),
                }),
            )
        };
        let slot = match codec {
            Codec::Json => &self.in_group[0],
            Codec::MsgPack => &self.in_group[1],
        };
        let (channel, message) = slot.get_or_init(|| (group.into(), build()));
        Some(if &**channel == group {
            message.clone()
        } else {
            build()
        })
    }
}

impl Sequenced for Arc<Delivery> {
    fn seq(&self) -> i64 {
        self.seq
    }
}

/// Encodes any server frame as a socket message.
pub(crate) fn encode(codec: Codec, frame: &ServerFrame) -> Message {
    match codec.encode(frame) {
        Ok(Encoded::Text(text)) => Message::Text(text.into()),
        Ok(Encoded::Binary(bytes)) => Message::Binary(bytes.into()),
        Err(err) => {
            tracing::error!(error = %err, "cannot encode a frame");
            Message::Text(Utf8Bytes::from_static(
                r#"{"type":"error","code":"internal","message":"encoding failed"}"#,
            ))
        }
    }
}
