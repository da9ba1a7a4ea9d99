//! dashwire's wire protocol: what travels over `/ws`.
//!
//! A client subscribes to typed channels (`inbox:{blog}`, `conversation:{id}`,
//! `activity:{blog}`, `unread`, `notes:{root_id}`, `posts:{blog}`) and receives events carrying a per-channel sequence number
//! that comes from storage, so a reconnecting client can resume with `since`. The same
//! structures travel as JSON text frames (subprotocol `json`, the default) or MessagePack
//! binary frames (subprotocol `msgpack`). `README.md` beside this crate documents it for
//! people writing clients.

mod channel;
mod codec;
mod event;
mod frame;

pub use channel::{Channel, ChannelError, ChannelKey, ChannelKind};
pub use codec::{Codec, CodecError, Encoded};
pub use event::{
    BlogUnread, ConversationSummary, Event, FromTumblelog, GroupInviteMeta, MembersChange,
    MessageData, NewPost, NoteCount, NoteMeta, NotificationData, NotificationPost, ParticipantRef,
    PostAction, PostChange, ReadData, UnreadCounts,
};
pub use frame::{ClientFrame, ErrorCode, EventFrame, ServerFrame};

/// Close code: the endpoint is going away (RFC 6455); a proxy or a browser may send it.
/// Clients treat it as [`CLOSE_SERVICE_RESTART`].
pub const CLOSE_GOING_AWAY: u16 = 1001;
/// Close code: the node is stopping for a restart or a deploy (RFC 6455 "service restart");
/// reconnect at once, without backing off (to another node), and resume with `since`.
pub const CLOSE_SERVICE_RESTART: u16 = 1012;
/// Close code: a frame over [`MAX_CLIENT_FRAME_BYTES`] (RFC 6455 "message too big").
pub const CLOSE_TOO_BIG: u16 = 1009;
/// Close code: the socket fell too far behind and was cut off; reconnect and resume.
pub const CLOSE_SLOW_CONSUMER: u16 = 4000;
/// Close code: the session ended (logout or revocation); do not reconnect with it.
pub const CLOSE_SESSION_ENDED: u16 = 4001;
/// Close code: the socket stopped answering pings.
pub const CLOSE_PING_TIMEOUT: u16 = 4002;
/// The largest client frame the server accepts, in bytes; larger closes the socket (1009).
pub const MAX_CLIENT_FRAME_BYTES: usize = 4096;
