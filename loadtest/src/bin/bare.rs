//! `dashwire-bare`: the yardstick for dashwire's realtime throughput (issue 12). A bare axum
//! WebSocket router: the socket, a subscription map and a broadcast, nothing else (no
//! database, no event log, no authorisation, no resume). It answers the same socket URL,
//! subscribe frames and HTTP calls as dashwire, so `dashwire-loadgen` drives both with the
//! same scenarios, and whatever dashwire costs beyond it is the product's own work.
//!
//! What each of the generator's calls broadcasts (as dashwire would, minus what dashwire
//! also writes to other channels):
//! - `POST /svc/follow`: a `notification` on `activity:{blog}` naming the follower;
//! - `POST /svc/conversations/messages`: the `message` on `conversation:{id}` (dashwire
//!   also sends each participant's inbox entry and unread counts);
//! - `POST /svc/post/update`: a `post` on `posts:{blog}` (the blog named by `channel_id`),
//!   and on `dashboard` to everyone subscribed to one;
//! - `POST /svc/unfollow`: nothing;
//! - `GET /svc/user/info` without a cookie: a visitor's new session cookie, as dashwire sets
//!   one (here a random token nothing keeps: any socket may read any channel).
//!
//! Each socket has one task and an unbounded queue; it writes what is queued and flushes
//! once, the way any careful axum socket loop does (and as dashwire's does).
//!
//!   dashwire-bare --bind 127.0.0.1:18091 --seed /tmp/lt/seed.json

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering::Relaxed};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Form, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use clap::Parser;
use dashmap::DashMap;
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::mpsc;

#[derive(Parser)]
#[command(
    name = "dashwire-bare",
    about = "A bare axum WebSocket router: dashwire's yardstick"
)]
struct Cli {
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:18091")]
    bind: SocketAddr,
    /// The file `dashwire-loadgen seed` wrote: whose session is whose blog.
    #[arg(long, default_value = "loadtest/data/seed.json")]
    seed: PathBuf,
}

/// A channel's subscribers and its last seq.
#[derive(Default)]
struct Channel {
    seq: AtomicI64,
    subscribers: Vec<(u64, mpsc::UnboundedSender<Message>)>,
}

struct Bare {
    channels: DashMap<String, Channel>,
    /// Session token → blog name.
    blogs: HashMap<String, String>,
    next_socket: AtomicI64,
}

type Shared = Arc<Bare>;

/// What the router reads of the seed file: whose session is whose blog.
#[derive(Deserialize)]
struct Seed {
    users: Vec<SeededUser>,
    star: Star,
}

#[derive(Deserialize)]
struct SeededUser {
    blog: String,
    token: String,
}

#[derive(Deserialize)]
struct Star {
    blog: String,
    tokens: Vec<String>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let seed: Seed = serde_json::from_slice(&std::fs::read(&cli.seed)?)?;
    let mut blogs: HashMap<String, String> = seed
        .users
        .iter()
        .map(|u| (u.token.clone(), u.blog.clone()))
        .collect();
    for token in &seed.star.tokens {
        blogs.insert(token.clone(), seed.star.blog.clone());
    }
    let shared = Arc::new(Bare {
        channels: DashMap::new(),
        blogs,
        next_socket: AtomicI64::new(1),
    });
    let app = Router::new()
        .route("/ws", any(socket))
        .route("/svc/follow", post(follow))
        .route("/svc/unfollow", post(ok))
        .route("/svc/user/info", get(visitor))
        .route("/svc/conversations/messages", post(message))
        .route("/svc/post/update", post(post_update))
        .with_state(shared);
    let listener = tokio::net::TcpListener::bind(cli.bind).await?;
    // The same line dashwire prints, so scripts wait for either the same way.
    println!("listening on {}", cli.bind);
    axum::serve(listener, app).await?;
    Ok(())
}

async fn socket(ws: WebSocketUpgrade, State(shared): State<Shared>) -> Response {
    ws.read_buffer_size(4096)
        .on_upgrade(move |ws| serve(ws, shared))
}

/// One socket: subscribe frames in, queued events out (all that is queued, then one flush).
async fn serve(ws: WebSocket, shared: Shared) {
    let id = shared.next_socket.fetch_add(1, Relaxed) as u64;
    let (queue, mut inbox) = mpsc::unbounded_channel::<Message>();
    let (mut sink, mut stream) = ws.split();
    let mut subscribed: Vec<String> = Vec::new();
    loop {
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if let Some(channel) = subscribe_channel(text.as_str()) {
                        let seq = {
                            let mut entry = shared.channels.entry(channel.to_owned()).or_default();
                            entry.subscribers.push((id, queue.clone()));
                            entry.seq.load(Relaxed)
                        };
                        subscribed.push(channel.to_owned());
                        let frame = json!({"type": "subscribed", "channel": channel, "seq": seq});
                        if sink.send(Message::Text(frame.to_string().into())).await.is_err() {
                            break;
                        }
                    }
                }
                Some(Ok(_)) => {}
                _ => break,
            },
            Some(first) = inbox.recv() => {
                let mut sent = sink.feed(first).await;
                while sent.is_ok() {
                    match inbox.try_recv() {
                        Ok(next) => sent = sink.feed(next).await,
                        Err(_) => break,
                    }
                }
                if sent.is_err() || sink.flush().await.is_err() {
                    break;
                }
            }
        }
    }
    for channel in subscribed {
        if let Some(mut entry) = shared.channels.get_mut(&channel) {
            entry.subscribers.retain(|(s, _)| *s != id);
        }
    }
}

/// The channel of a `{"type":"subscribe","channel":"…"}` frame.
fn subscribe_channel(text: &str) -> Option<&str> {
    if !text.contains(r#""type":"subscribe""#) {
        return None;
    }
    const KEY: &str = r#""channel":""#;
    let start = text.find(KEY)? + KEY.len();
    let end = start + text[start..].find('"')?;
    Some(&text[start..end])
}

/// Sends one event to every subscriber of `channel`, encoded once for all of them, in
/// dashwire's frame (`type`, `channel`, `seq` first, as the generator reads them).
fn broadcast(shared: &Bare, channel: &str, event: &str, data: &impl Serialize) {
    let Some(entry) = shared.channels.get(channel) else {
        return;
    };
    let seq = entry.seq.fetch_add(1, Relaxed) + 1;
    let frame = Frame {
        r#type: "event",
        channel,
        seq,
        event,
        data,
    };
    let text = Utf8Bytes::from(serde_json::to_string(&frame).unwrap_or_default());
    for (_, queue) in &entry.subscribers {
        let _ = queue.send(Message::Text(text.clone()));
    }
}

#[derive(Serialize)]
struct Frame<'a, T: Serialize> {
    r#type: &'static str,
    channel: &'a str,
    seq: i64,
    event: &'a str,
    data: &'a T,
}

/// dashwire's follower notification, field for field (the generator reads the follower's
/// name from `from_tumblelog`, which must come first there).
#[derive(Serialize)]
struct Notification {
    id: i64,
    blog: String,
    r#type: &'static str,
    timestamp: u64,
    message: &'static str,
    is_friend: bool,
    is_read: bool,
    from_tumblelog: FromBlog,
    post: Option<()>,
    new_post: Option<()>,
    note_meta: Option<()>,
    group_invite: Option<()>,
}

#[derive(Serialize)]
struct FromBlog {
    name: String,
    avatar_url_48: String,
    avatar_url_128: String,
    url: String,
    is_friend: bool,
}

/// The blog whose session cookie came with the call.
fn caller(shared: &Bare, headers: &HeaderMap) -> Option<String> {
    let cookies = headers.get("cookie")?.to_str().ok()?;
    let token = cookies
        .split(';')
        .find_map(|c| c.trim().strip_prefix("dashwire_session="))?;
    shared.blogs.get(token).cloned()
}

/// A new visitor's session cookie and form key, in dashwire's answer.
async fn visitor() -> impl IntoResponse {
    let token = hex::encode(rand::random::<[u8; 32]>());
    let cookie = format!("dashwire_session={token}; Path=/; HttpOnly; SameSite=Lax");
    let form_key = hex::encode(rand::random::<[u8; 16]>());
    (
        [(axum::http::header::SET_COOKIE, cookie)],
        answer(json!({ "form_key": form_key })),
    )
}

async fn ok() -> impl IntoResponse {
    answer(json!({}))
}

fn answer(response: serde_json::Value) -> Json<serde_json::Value> {
    Json(json!({"meta": {"status": 200, "msg": "OK"}, "response": response}))
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[derive(Deserialize)]
struct Fields {
    #[serde(default)]
    tumblelog: String,
    #[serde(default)]
    conversation_id: i64,
    #[serde(default)]
    participant: String,
    #[serde(default)]
    message: String,
    #[serde(default)]
    channel_id: String,
    #[serde(rename = "post[one]", default)]
    title: String,
}

async fn follow(
    State(shared): State<Shared>,
    headers: HeaderMap,
    Form(fields): Form<Fields>,
) -> impl IntoResponse {
    let follower = caller(&shared, &headers).unwrap_or_default();
    let data = Notification {
        id: 0,
        blog: fields.tumblelog.clone(),
        r#type: "follower",
        timestamp: now_secs(),
        message: "started following you",
        is_friend: false,
        is_read: false,
        from_tumblelog: FromBlog {
            avatar_url_48: format!("/avatar/{follower}/48"),
            avatar_url_128: format!("/avatar/{follower}/128"),
            url: format!("/blog/{follower}"),
            is_friend: false,
            name: follower,
        },
        post: None,
        new_post: None,
        note_meta: None,
        group_invite: None,
    };
    broadcast(
        &shared,
        &format!("activity:{}", fields.tumblelog),
        "notification",
        &data,
    );
    answer(json!({"following": true}))
}

async fn message(State(shared): State<Shared>, Form(fields): Form<Fields>) -> impl IntoResponse {
    let id = fields.conversation_id;
    let ts = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0);
    let data = json!({
        "conversation_id": id, "id": ts, "ts": ts, "participant": fields.participant,
        "message": fields.message, "type": "TEXT"
    });
    broadcast(&shared, &format!("conversation:{id}"), "message", &data);
    answer(data)
}

async fn post_update(
    State(shared): State<Shared>,
    Form(fields): Form<Fields>,
) -> impl IntoResponse {
    let blog = fields.channel_id;
    let data = json!({
        "action": "created", "post": {"id": 0, "tumblelog": blog, "state": "published",
        "content": {"type": "text", "title": fields.title, "body": "<p>Load.</p>"}}
    });
    broadcast(&shared, &format!("posts:{blog}"), "post", &data);
    // It keeps no follows: every `dashboard` hears every post. In the posts scenario the
    // dashboards are all the posting blog's followers, so that is what dashwire sends too.
    broadcast(&shared, "dashboard", "post", &data);
    answer(json!({"message": format!("Posted to {blog}.")}))
}
