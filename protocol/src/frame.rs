//! The frames: one tagged enum per direction.

use serde::{Deserialize, Serialize};

use crate::event::Event;

/// What a client sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientFrame {
    /// Start receiving a channel's events; with `since`, first every event after that seq.
    Subscribe {
        channel: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(optional))]
        since: Option<i64>,
    },
    /// Stop receiving a channel.
    Unsubscribe { channel: String },
    /// Answered by a `pong` with the same id.
    Ping { id: u64 },
}

/// What the server sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerFrame {
    /// The subscription is live; `seq` is the channel's latest sequence number (after any
    /// replayed events).
    Subscribed { channel: String, seq: i64 },
    /// The subscription ended.
    Unsubscribed { channel: String },
    /// An event on a channel.
    Event(EventFrame),
    /// A refused or malformed frame; the socket stays open.
    Error {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(optional))]
        channel: Option<String>,
        code: ErrorCode,
        message: String,
    },
    /// The answer to a `ping`.
    Pong { id: u64 },
}

/// An event with its channel and sequence number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
pub struct EventFrame {
    pub channel: String,
    pub seq: i64,
    #[serde(flatten)]
    pub event: Event,
}

/// Why the server refused a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(export_to = "protocol/"))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The channel is not yours to read.
    Forbidden,
    /// The channel string does not name a channel.
    UnknownChannel,
    /// The frame could not be decoded.
    BadFrame,
    /// `since` is older than what the server keeps: reload over HTTP, then subscribe anew.
    ResumeTooOld,
    /// Something failed on the server; try again.
    Internal,
}
