//! The WebSocket upgrade (RFC 6455 §4.2 over HTTP/1.1), done here rather than by axum's
//! `WebSocketUpgrade` so that the socket keeps hold of the raw connection: a client frame
//! far over the limit (a 4 MiB one, say) is refused by tungstenite before its payload is
//! read, and closing a TCP connection with unread data in it makes the kernel answer with a
//! reset, which the client sees instead of the 1009 close frame. Holding the connection, the
//! socket sends 1009, then reads and discards what the client was still sending.

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
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};

use crate::error::{AppError, Code};

/// A server-side WebSocket on the upgraded connection.
pub type WebSocket = WebSocketStream<TokioIo<Upgraded>>;

/// How long a refused connection is drained before it is dropped, and how much of it.
const DRAIN_FOR: Duration = Duration::from_secs(5);
const DRAIN_BYTES: usize = 64 * 1024 * 1024;

/// A valid upgrade request: its key, the codec its subprotocols choose, and the connection
/// hyper hands over once the 101 is sent.
pub struct Upgrade {
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
    pub fn codec(&self) -> Codec {
        self.codec.unwrap_or_default()
    }

    /// Answers 101 and runs `socket` on the connection once hyper hands it over.
    pub fn on_upgrade<F, Fut>(self, config: WebSocketConfig, socket: F) -> Response
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
                TokioIo::new(upgraded),
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

/// Reads and discards what the client is still sending, for a while, then ends the
/// connection with a FIN: the close frame already sent is read by the client instead of
/// being lost to a reset.
pub async fn drain(ws: &mut WebSocket) {
    let io = ws.get_mut();
    let mut buf = vec![0u8; 16 * 1024];
    let mut read = 0;
    let _ = tokio::time::timeout(DRAIN_FOR, async {
        while read < DRAIN_BYTES {
            match io.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => read += n,
            }
        }
    })
    .await;
    let _ = io.shutdown().await;
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
