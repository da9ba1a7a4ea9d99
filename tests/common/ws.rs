//! A test's WebSocket client.

use std::time::Duration;

use dashwire_protocol::{ClientFrame, Codec, Encoded, Event, EventFrame, ServerFrame};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::Client;

/// How long a test waits for a frame that should come.
pub const WAIT: Duration = Duration::from_secs(10);

/// A connected socket and its codec.
pub struct Socket {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub codec: Codec,
}

/// How to connect.
#[derive(Default)]
pub struct Options<'a> {
    pub token: Option<&'a str>,
    pub cookie: Option<&'a str>,
    pub origin: Option<&'a str>,
    pub codec: Option<Codec>,
    /// A small kernel receive buffer, to play a client that reads slowly.
    pub recv_buffer: Option<u32>,
}

/// Connects to `/ws`; `Err(status)` when the upgrade is refused.
pub async fn connect(base: &str, options: Options<'_>) -> Result<Socket, u16> {
    let mut url = format!("{}/ws", base.replacen("http", "ws", 1));
    if let Some(token) = options.token {
        url = format!("{url}?token={token}");
    }
    let mut request = url.into_client_request().unwrap();
    let headers = request.headers_mut();
    if let Some(cookie) = options.cookie {
        headers.insert("cookie", HeaderValue::from_str(cookie).unwrap());
    }
    if let Some(origin) = options.origin {
        headers.insert("origin", HeaderValue::from_str(origin).unwrap());
    }
    let codec = options.codec.unwrap_or_default();
    if options.codec.is_some() {
        headers.insert(
            "sec-websocket-protocol",
            HeaderValue::from_static(codec.subprotocol()),
        );
    }
    let result = match options.recv_buffer {
        None => tokio_tungstenite::connect_async(request).await,
        Some(size) => {
            let addr = base.trim_start_matches("http://").parse().unwrap();
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.set_recv_buffer_size(size).unwrap();
            let stream = socket.connect(addr).await.unwrap();
            tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream)).await
        }
    };
    match result {
        Ok((ws, _)) => Ok(Socket { ws, codec }),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            Err(response.status().as_u16())
        }
        Err(err) => panic!("connect failed: {err}"),
    }
}

/// A socket on `base` (which may be another node than the client's) authenticated by a
/// token of the client's user, as the load tools and native clients connect.
pub async fn socket_on(base: &str, client: &Client) -> Socket {
    let token = client.socket_token().await;
    let options = Options {
        token: Some(&token),
        ..Default::default()
    };
    connect(base, options).await.expect("socket")
}

/// A socket on `base` authenticated by the client's session cookie, as a browser's is.
pub async fn cookie_socket(base: &str, client: &Client) -> Socket {
    let cookie = client.cookie();
    let options = Options {
        cookie: Some(&cookie),
        ..Default::default()
    };
    connect(base, options).await.expect("socket")
}

/// The text of a message event.
pub fn message_text(event: &Event) -> &str {
    match event {
        Event::Message(m) => &m.message,
        other => panic!("expected a message event, got {other:?}"),
    }
}

impl Socket {
    pub async fn send(&mut self, frame: &ClientFrame) {
        let message = match self.codec.encode(frame).unwrap() {
            Encoded::Text(text) => Message::Text(text.into()),
            Encoded::Binary(bytes) => Message::Binary(bytes.into()),
        };
        self.ws.send(message).await.unwrap();
    }

    /// The next frame (pings are answered by tungstenite and skipped here).
    pub async fn next(&mut self) -> ServerFrame {
        loop {
            let message = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("timed out waiting for a frame")
                .expect("socket ended")
                .expect("socket error");
            match message {
                Message::Text(text) => return self.codec.decode_text(text.as_str()).unwrap(),
                Message::Binary(bytes) => return self.codec.decode_binary(&bytes).unwrap(),
                Message::Close(frame) => panic!("socket closed: {frame:?}"),
                _ => continue,
            }
        }
    }

    /// The next event frame, failing on anything else.
    pub async fn event(&mut self) -> EventFrame {
        match self.next().await {
            ServerFrame::Event(event) => event,
            other => panic!("expected an event, got {other:?}"),
        }
    }

    /// Subscribes and collects replayed events until `subscribed`; returns them and its seq.
    pub async fn subscribe(&mut self, channel: &str, since: Option<i64>) -> (Vec<EventFrame>, i64) {
        self.send(&ClientFrame::Subscribe {
            channel: channel.into(),
            since,
        })
        .await;
        let mut replayed = Vec::new();
        loop {
            match self.next().await {
                ServerFrame::Event(event) => replayed.push(event),
                ServerFrame::Subscribed { channel: c, seq } if c == channel => {
                    return (replayed, seq);
                }
                other => panic!("subscribing to {channel}: {other:?}"),
            }
        }
    }

    /// Waits for the close frame and returns its code.
    pub async fn closed(&mut self) -> u16 {
        loop {
            let next = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("timed out waiting for close");
            match next {
                Some(Ok(Message::Close(Some(frame)))) => return frame.code.into(),
                Some(Ok(Message::Close(None))) | None => return 1005,
                Some(Ok(_)) => continue,
                Some(Err(err)) => panic!("socket error before close: {err}"),
            }
        }
    }
}
