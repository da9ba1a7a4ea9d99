//! The WebSocket upgrade (RFC 6455 §4.2 over HTTP/1.1), done here rather than by axum's
//! `WebSocketUpgrade` so that the socket keeps hold of the raw connection: a client frame
//! far over the limit (a 4 MiB one, say) is refused by tungstenite before its payload is
//! read, and closing a TCP connection with unread data in it makes the kernel answer with a
//! reset, which the client sees instead of the 1009 close frame. Holding the connection, the
//! socket sends 1009, then reads and discards what the client was still sending until the
//! client's own Close frame (RFC 6455 §5.5.1), and only then closes. tungstenite cannot say
//! where that Close is (it has taken the refused frame's header, and some of its payload,
//! into its own buffer), so the connection follows the client's frames itself as they are
//! read ([`Connection`]).

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::body::Body;
use axum::extract::FromRequestParts;
use axum::http::header::{
    CONNECTION, SEC_WEBSOCKET_ACCEPT, SEC_WEBSOCKET_KEY, SEC_WEBSOCKET_PROTOCOL,
    SEC_WEBSOCKET_VERSION, UPGRADE,
};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, request::Parts};
use axum::response::Response;
use dashwire_protocol::Codec;
use hyper::upgrade::{OnUpgrade, Upgraded};
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};

use crate::error::{AppError, Code};

/// A server-side WebSocket on the upgraded connection.
pub(super) type WebSocket = WebSocketStream<Connection>;

/// How long a refused connection is drained, waiting for the client's Close, before it is
/// dropped anyway, and how much of it.
const DRAIN_FOR: Duration = Duration::from_secs(5);
const DRAIN_BYTES: usize = 64 * 1024 * 1024;

/// A valid upgrade request: its key, the codec its subprotocols choose, and the connection
/// hyper hands over once the 101 is sent.
pub(super) struct Upgrade {
    key: HeaderValue,
    codec: Option<Codec>,
    on_upgrade: OnUpgrade,
}

impl<S: Send + Sync> FromRequestParts<S> for Upgrade {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, AppError> {
        let refuse = |why: &str| {
            AppError::bad_request(
                Code::NotAWebsocket,
                format!("This is the WebSocket endpoint: {why}."),
            )
        };
        if parts.method != Method::GET {
            return Err(refuse("upgrade with GET"));
        }
        if !has_token(&parts.headers, CONNECTION, "upgrade") {
            return Err(refuse("the Connection header must say upgrade"));
        }
        if !has_token(&parts.headers, UPGRADE, "websocket") {
            return Err(refuse("the Upgrade header must say websocket"));
        }
        if !has_token(&parts.headers, SEC_WEBSOCKET_VERSION, "13") {
            return Err(refuse("Sec-WebSocket-Version must be 13"));
        }
        let key = parts
            .headers
            .get(SEC_WEBSOCKET_KEY)
            .cloned()
            .ok_or_else(|| refuse("Sec-WebSocket-Key is missing"))?;
        let on_upgrade = parts
            .extensions
            .remove::<OnUpgrade>()
            .ok_or_else(|| refuse("this connection cannot be upgraded"))?;
        // The server's order of preference among what the client offers.
        let offered: Vec<String> = parts
            .headers
            .get_all(SEC_WEBSOCKET_PROTOCOL)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|p| p.trim().to_owned())
            .collect();
        let codec = Codec::SUBPROTOCOLS
            .iter()
            .find(|name| offered.iter().any(|o| o == *name))
            .and_then(|name| Codec::from_subprotocol(name));
        Ok(Upgrade {
            key,
            codec,
            on_upgrade,
        })
    }
}

impl Upgrade {
    /// The codec the client asked for (JSON when it asked for none we speak).
    pub(super) fn codec(&self) -> Codec {
        self.codec.unwrap_or_default()
    }

    /// Answers 101 and runs `socket` on the connection once hyper hands it over.
    pub(super) fn on_upgrade<F, Fut>(self, config: WebSocketConfig, socket: F) -> Response
    where
        F: FnOnce(WebSocket) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let on_upgrade = self.on_upgrade;
        tokio::spawn(async move {
            let Ok(upgraded) = on_upgrade.await else {
                return; // the client went away during the handshake
            };
            let ws = WebSocketStream::from_raw_socket(
                Connection {
                    io: TokioIo::new(upgraded),
                    frames: ClientFrames::default(),
                },
                Role::Server,
                Some(config),
            )
            .await;
            // A task of its own: this one's future keeps room for what it has finished
            // with (the upgrade, the config, `socket` itself) for as long as it lives.
            tokio::spawn(socket(ws));
        });
        let mut response = Response::builder()
            .status(StatusCode::SWITCHING_PROTOCOLS)
            .header(CONNECTION, "upgrade")
            .header(UPGRADE, "websocket")
            .header(SEC_WEBSOCKET_ACCEPT, derive_accept_key(self.key.as_bytes()));
        if let Some(codec) = self.codec {
            response = response.header(SEC_WEBSOCKET_PROTOCOL, codec.subprotocol());
        }
        response
            .body(Body::empty())
            .expect("static headers make a valid response")
    }
}

/// Reads and discards what the client is still sending until its Close frame has come (or
/// for a while, from a client that never answers), then ends the connection with a FIN: the
/// close frame already sent is read by the client instead of being lost to a reset.
pub(super) async fn drain(ws: &mut WebSocket) {
    let connection = ws.get_mut();
    let mut buf = vec![0u8; 16 * 1024];
    let mut read = 0;
    let _ = tokio::time::timeout(DRAIN_FOR, async {
        // The Close may have come already, among what tungstenite read.
        while read < DRAIN_BYTES && !connection.frames.close_came {
            match connection.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => read += n,
            }
        }
    })
    .await;
    let _ = connection.shutdown().await;
}

/// The upgraded connection, following the client's frames in what is read from it.
pub(super) struct Connection {
    io: TokioIo<Upgraded>,
    frames: ClientFrames,
}

impl AsyncRead for Connection {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        let before = buf.filled().len();
        ready!(Pin::new(&mut this.io).poll_read(cx, buf))?;
        this.frames.follow(&buf.filled()[before..]);
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

const OPCODE_CLOSE: u8 = 0x8;

/// Where the client's frames begin and end in the bytes it sends, and whether a whole Close
/// frame has come. It reads each header (RFC 6455 §5.2) a byte at a time, then counts down
/// the payload: a refused frame's megabytes are skipped, never held, and every socket pays
/// 16 bytes for it.
#[derive(Debug, Default)]
struct ClientFrames {
    /// How much of the current frame's header has come.
    header_seen: u8,
    /// From the header's second byte on: where its extended length ends, and where it ends.
    length_end: u8,
    header_end: u8,
    /// The current frame's opcode, from its first byte.
    opcode: u8,
    close_came: bool,
    /// In a header, its payload length as far as read; after it, the payload still to come.
    length: u64,
}

impl ClientFrames {
    /// Follows the next bytes the client sent.
    fn follow(&mut self, mut bytes: &[u8]) {
        while let Some((&byte, rest)) = bytes.split_first() {
            if self.header_seen == 0 && self.length > 0 {
                let skipped =
                    usize::try_from(self.length).map_or(bytes.len(), |left| left.min(bytes.len()));
                self.length -= skipped as u64;
                bytes = &bytes[skipped..];
                if self.length == 0 {
                    self.frame_ended();
                }
                continue;
            }
            bytes = rest;
            self.header_byte(byte);
        }
    }

    fn header_byte(&mut self, byte: u8) {
        let at = self.header_seen;
        self.header_seen += 1;
        match at {
            0 => self.opcode = byte & 0x0f,
            1 => {
                let (length_bytes, length) = match byte & 0x7f {
                    126 => (2, 0),
                    127 => (8, 0),
                    short => (0, u64::from(short)),
                };
                let mask = if byte & 0x80 != 0 { 4 } else { 0 };
                self.length_end = 2 + length_bytes;
                self.header_end = self.length_end + mask;
                self.length = length;
            }
            // The extended length is big-endian; the mask is not needed.
            at if at < self.length_end => self.length = self.length << 8 | u64::from(byte),
            _ => {}
        }
        if self.header_seen >= 2 && self.header_seen == self.header_end {
            self.header_seen = 0;
            if self.length == 0 {
                self.frame_ended();
            }
        }
    }

    fn frame_ended(&mut self) {
        if self.opcode == OPCODE_CLOSE {
            self.close_came = true;
        }
    }
}

/// Whether a comma-separated header holds `token`, whatever its case.
fn has_token(headers: &HeaderMap, name: axum::http::HeaderName, token: &str) -> bool {
    headers
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim().eq_ignore_ascii_case(token))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A masked client frame, as browsers send them (the mask is all zeros: the payload
    /// goes as it is).
    fn frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
        let mut bytes = vec![0x80 | opcode];
        match payload.len() {
            n if n < 126 => bytes.push(0x80 | n as u8),
            n if n <= 0xffff => {
                bytes.push(0x80 | 126);
                bytes.extend((n as u16).to_be_bytes());
            }
            n => {
                bytes.push(0x80 | 127);
                bytes.extend((n as u64).to_be_bytes());
            }
        }
        bytes.extend([0; 4]);
        bytes.extend(payload);
        bytes
    }

    fn close_came_after(chunks: &[&[u8]]) -> bool {
        let mut frames = ClientFrames::default();
        for chunk in chunks {
            frames.follow(chunk);
        }
        frames.close_came
    }

    #[test]
    fn a_close_is_seen_only_once_it_has_come_whole() {
        // A refused frame's payload that looks like a Close is skipped as payload.
        let mut stream = frame(0x2, &frame(OPCODE_CLOSE, &[0x03, 0xf1]).repeat(30_000));
        assert!(!close_came_after(&[&stream]));
        let close = frame(OPCODE_CLOSE, &[0x03, 0xe8]);
        stream.extend(&close);
        assert!(!close_came_after(&[&stream[..stream.len() - 1]]));
        assert!(close_came_after(&[&stream]));
        // However the reads cut it up.
        let bytes: Vec<&[u8]> = stream.chunks(1).collect();
        assert!(close_came_after(&bytes));
        let bytes: Vec<&[u8]> = stream.chunks(16 * 1024 + 3).collect();
        assert!(close_came_after(&bytes));
    }

    #[test]
    fn every_length_form_is_followed() {
        for length in [0, 125, 126, 0xffff, 0x1_0000] {
            let mut stream = frame(0x1, &vec![b'x'; length]);
            stream.extend(frame(OPCODE_CLOSE, &[]));
            assert!(close_came_after(&[&stream]), "{length}");
            assert!(
                !close_came_after(&[&stream[..stream.len() - 1]]),
                "{length}"
            );
        }
    }
}
