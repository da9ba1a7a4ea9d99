//! The two codecs: JSON text frames and MessagePack binary frames, chosen per socket by the
//! `Sec-WebSocket-Protocol` the client asks for.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A socket's encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Codec {
    /// Text frames of JSON (subprotocol `json`; also when none is asked for).
    #[default]
    Json,
    /// Binary frames of MessagePack, maps with field names (subprotocol `msgpack`).
    MsgPack,
}

/// An encoded frame, ready for the socket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Encoded {
    Text(String),
    Binary(Vec<u8>),
}

/// A frame that could not be encoded or decoded.
#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    #[error("not valid JSON for this frame: {0}")]
    Json(#[from] serde_json::Error),
    #[error("not valid MessagePack for this frame: {0}")]
    MsgPackDecode(#[from] rmp_serde::decode::Error),
    #[error("cannot encode MessagePack: {0}")]
    MsgPackEncode(#[from] rmp_serde::encode::Error),
    #[error("a {0} frame on a {1} socket")]
    WrongFrameKind(&'static str, &'static str),
}

impl Codec {
    /// The subprotocol names, in the server's order of preference.
    pub const SUBPROTOCOLS: [&'static str; 2] = ["msgpack", "json"];

    /// The codec of a subprotocol name.
    pub fn from_subprotocol(name: &str) -> Option<Codec> {
        match name {
            "json" => Some(Codec::Json),
            "msgpack" => Some(Codec::MsgPack),
            _ => None,
        }
    }

    /// The subprotocol name.
    pub fn subprotocol(self) -> &'static str {
        match self {
            Codec::Json => "json",
            Codec::MsgPack => "msgpack",
        }
    }

    /// Encodes any frame.
    pub fn encode<T: Serialize>(self, frame: &T) -> Result<Encoded, CodecError> {
        Ok(match self {
            Codec::Json => Encoded::Text(serde_json::to_string(frame)?),
            Codec::MsgPack => Encoded::Binary(rmp_serde::to_vec_named(frame)?),
        })
    }

    /// Decodes a text frame.
    pub fn decode_text<T: DeserializeOwned>(self, text: &str) -> Result<T, CodecError> {
        match self {
            Codec::Json => Ok(serde_json::from_str(text)?),
            Codec::MsgPack => Err(CodecError::WrongFrameKind("text", "msgpack")),
        }
    }

    /// Decodes a binary frame.
    pub fn decode_binary<T: DeserializeOwned>(self, bytes: &[u8]) -> Result<T, CodecError> {
        match self {
            Codec::MsgPack => Ok(rmp_serde::from_slice(bytes)?),
            Codec::Json => Err(CodecError::WrongFrameKind("binary", "json")),
        }
    }

    /// Decodes either kind of frame.
    pub fn decode<T: DeserializeOwned>(self, frame: &Encoded) -> Result<T, CodecError> {
        match frame {
            Encoded::Text(text) => self.decode_text(text),
            Encoded::Binary(bytes) => self.decode_binary(bytes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ClientFrame, ErrorCode, Event, EventFrame, MessageData, ServerFrame};

    fn event() -> ServerFrame {
        ServerFrame::Event(EventFrame {
            channel: "conversation:42".into(),
            seq: 17,
            event: Event::Message(MessageData {
                conversation_id: 42,
                id: 7,
                ts: 1_700_000_000_000,
                participant: "alice".into(),
                message: "hi".into(),
                r#type: "TEXT".into(),
            }),
        })
    }

    #[test]
    fn json_matches_the_documented_shapes() {
        let json = serde_json::to_value(event()).unwrap();
        assert_eq!(json["type"], "event");
        assert_eq!(json["channel"], "conversation:42");
        assert_eq!(json["seq"], 17);
        assert_eq!(json["event"], "message");
        assert_eq!(json["data"]["message"], "hi");
        let sub: ClientFrame =
            serde_json::from_str(r#"{"type":"subscribe","channel":"conversation:42","since":17}"#)
                .unwrap();
        assert_eq!(
            sub,
            ClientFrame::Subscribe {
                channel: "conversation:42".into(),
                since: Some(17)
            }
        );
        let sub: ClientFrame =
            serde_json::from_str(r#"{"type":"subscribe","channel":"unread"}"#).unwrap();
        assert_eq!(
            sub,
            ClientFrame::Subscribe {
                channel: "unread".into(),
                since: None
            }
        );
        let err = ServerFrame::Error {
            channel: Some("inbox:bob".into()),
            code: ErrorCode::Forbidden,
            message: "no".into(),
        };
        assert_eq!(
            serde_json::to_value(err).unwrap()["code"],
            serde_json::json!("forbidden")
        );
    }

    #[test]
    fn both_codecs_round_trip_every_frame() {
        let frames = vec![
            event(),
            ServerFrame::Subscribed {
                channel: "unread".into(),
                seq: 0,
            },
            ServerFrame::Pong { id: 9 },
            ServerFrame::Error {
                channel: None,
                code: ErrorCode::BadFrame,
                message: "x".into(),
            },
        ];
        for codec in [Codec::Json, Codec::MsgPack] {
            for frame in &frames {
                let encoded = codec.encode(frame).unwrap();
                let back: ServerFrame = codec.decode(&encoded).unwrap();
                assert_eq!(&back, frame, "{codec:?}");
            }
            let ping = ClientFrame::Ping { id: 3 };
            let back: ClientFrame = codec.decode(&codec.encode(&ping).unwrap()).unwrap();
            assert_eq!(back, ping);
        }
    }

    #[test]
    fn refuses_the_wrong_frame_kind_and_garbage() {
        assert!(Codec::Json.decode_binary::<ClientFrame>(b"{}").is_err());
        assert!(Codec::MsgPack.decode_text::<ClientFrame>("{}").is_err());
        assert!(
            Codec::Json
                .decode_text::<ClientFrame>("{\"type\":\"dance\"}")
                .is_err()
        );
        assert!(
            Codec::MsgPack
                .decode_binary::<ClientFrame>(&[0xc1])
                .is_err()
        );
    }
}
