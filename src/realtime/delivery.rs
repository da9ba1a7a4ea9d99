//! An event ready to fan out: encoded once per codec, shared by every socket it goes to.

use std::sync::{Arc, OnceLock};

use axum::extract::ws::{Message, Utf8Bytes};
use bytes::Bytes;
use dashwire_protocol::{Codec, Encoded, EventFrame, ServerFrame};

use super::store::Published;

/// What a socket's queue carries.
#[derive(Debug, Clone)]
pub enum Outbound {
    /// A live event.
    Event(Arc<Delivery>),
    /// The topic may have missed events (the bus just (re)subscribed): read the log.
    Resync(Arc<str>),
}

/// One event on one topic, with its frame encoded lazily once per codec.
#[derive(Debug)]
pub struct Delivery {
    pub topic: Arc<str>,
    pub seq: i64,
    frame: ServerFrame,
    json: OnceLock<Utf8Bytes>,
    msgpack: OnceLock<Bytes>,
}

/// The channel name clients see for a topic: `unread:{user_id}` is each user's `unread`.
pub fn wire_channel(topic: &str) -> &str {
    if topic.starts_with("unread:") {
        "unread"
    } else {
        topic
    }
}

impl Delivery {
    /// Wraps a published event.
    pub fn new(published: Published) -> Delivery {
        let frame = ServerFrame::Event(EventFrame {
            channel: wire_channel(&published.topic).to_owned(),
            seq: published.seq,
            event: published.event,
        });
        Delivery {
            topic: published.topic.into(),
            seq: published.seq,
            frame,
            json: OnceLock::new(),
            msgpack: OnceLock::new(),
        }
    }

    /// The event as it was published.
    pub fn published(&self) -> Published {
        let ServerFrame::Event(frame) = &self.frame else {
            unreachable!("a delivery always holds an event frame")
        };
        Published {
            topic: self.topic.to_string(),
            seq: self.seq,
            event: frame.event.clone(),
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

/// Encodes any server frame as a socket message.
pub fn encode(codec: Codec, frame: &ServerFrame) -> Message {
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
