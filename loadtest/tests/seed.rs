//! `dashwire-loadgen seed` makes users whose sessions, form keys and conversations work as
//! the load tools use them: cookie or token, over HTTP and over the socket, on SQLite and on
//! PostgreSQL. The server runs in this process (the real router and socket server, on a
//! free port), since this package's tests can run only their own binary.

use std::net::SocketAddr;
use std::sync::Arc;

use dashwire::testing::app::{channel_kinds, serve};
use dashwire::testing::config::{Config, MediaLocation};
use dashwire::testing::outbound::Fetcher;
use dashwire::testing::rate_limit::LoginLimiter;
use dashwire::testing::realtime::{Realtime, Settings};
use dashwire::testing::state::AppState;
use dashwire::testing::store::Store;
use dashwire::testing::store::media::MediaStore;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A fresh database: a SQLite file, or a new PostgreSQL database (dropped by `cleanup`).
async fn database(postgres: bool, dir: &std::path::Path) -> (String, Option<String>) {
    if !postgres {
        return (format!("sqlite://{}/load.db", dir.display()), None);
    }
    let admin = std::env::var("DASHWIRE_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    let name = format!("dw_seed_{:016x}", rand::random::<u64>());
    let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&admin)
        .await
        .unwrap_or_else(|e| panic!("PostgreSQL at {admin} is needed for the tests: {e}"));
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .unwrap();
    let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin);
    (format!("{base}/{name}"), Some(name))
}

async fn cleanup(pg_name: Option<String>) {
    let Some(name) = pg_name else { return };
    let admin = std::env::var("DASHWIRE_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    if let Ok(mut conn) = <sqlx::PgConnection as sqlx::Connection>::connect(&admin).await {
        let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
        let _ = sqlx::query(sqlx::AssertSqlSafe(drop))
            .execute(&mut conn)
            .await;
    }
}

/// Serves `url`'s world on a free port until the returned sender is dropped; uploads go
/// under `media`.
async fn start_server(
    url: &str,
    media: &std::path::Path,
) -> (String, tokio::sync::oneshot::Sender<()>) {
    let store = Store::connect(url, 4).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr: SocketAddr = listener.local_addr().unwrap();
    let realtime = Realtime::start(
        None,
        Settings::default(),
        store.clone(),
        channel_kinds(&store),
    )
    .await
    .unwrap();
    let config = Config {
        bind: addr,
        database_url: url.to_owned(),
        demo: false,
        secure_cookies: false,
        redis_url: None,
        listen_backlog: 4096,
        tcp_send_buffer: 0,
        realtime: Settings::default(),
        media: MediaLocation::Dir(media.to_owned()),
        allow_private_fetch: false,
        protected_recordings: None,
        mail: Default::default(),
        public_url: "http://127.0.0.1".into(),
        video: Default::default(),
        gifs: Default::default(),
        audio: Default::default(),
    };
    let state = AppState {
        store,
        config: Arc::new(config),
        login_limiter: LoginLimiter::default(),
        realtime,
        media: MediaStore::local(media).unwrap(),
        fetcher: Fetcher::new(false),
        request_limiter: Default::default(),
        http_metrics: Default::default(),
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(serve(listener, state, async {
        let _ = stopped.await;
    }));
    (format!("http://{addr}"), stop)
}

#[tokio::test]
async fn seeded_users_can_chat_with_their_tokens() {
    for postgres in [false, true] {
        let setup = if postgres { "PostgreSQL" } else { "SQLite" };
        let dir = tempfile::tempdir().unwrap();
        let (url, pg_name) = database(postgres, dir.path()).await;
        let out = dir.path().join("seed.json");
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_dashwire-loadgen"))
            .args([
                "seed",
                "--database-url",
                &url,
                "--users",
                "50",
                "--star-sessions",
                "3",
            ])
            .arg("--out")
            .arg(&out)
            .status()
            .unwrap();
        assert!(status.success(), "{setup}: seed failed");
        let seed: Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
        assert_eq!(seed["users"].as_array().unwrap().len(), 50, "{setup}");
        assert_eq!(
            seed["star"]["tokens"].as_array().unwrap().len(),
            3,
            "{setup}"
        );
        let pair = &seed["pairs"][0];
        let user = |i: &Value| &seed["users"][i.as_u64().unwrap() as usize];
        let (a, b) = (user(&pair["a"]), user(&pair["b"]));
        let conversation = pair["conversation_id"].as_i64().unwrap();

        let (base, stop) = start_server(&url, &dir.path().join("media")).await;
        let http = reqwest::Client::new();
        let cookie = |user: &Value| format!("dashwire_session={}", user["token"].as_str().unwrap());
        let info: Value = http
            .get(format!("{base}/svc/user/info"))
            .header("cookie", cookie(a))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(
            info["response"]["name"], a["blog"],
            "{setup}: the cookie logs in"
        );
        assert_eq!(info["response"]["form_key"], a["form_key"], "{setup}");

        let mut b_ws = socket(&base, b["token"].as_str().unwrap()).await;
        let channel = format!("conversation:{conversation}");
        assert_eq!(
            subscribe(&mut b_ws, &channel).await["type"],
            "subscribed",
            "{setup}"
        );
        let sent = http
            .post(format!("{base}/svc/conversations/messages"))
            .header("cookie", cookie(a))
            .form(&[
                ("conversation_id", conversation.to_string().as_str()),
                ("participant", a["blog"].as_str().unwrap()),
                ("message", "load hello"),
                ("form_key", a["form_key"].as_str().unwrap()),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(sent.status().as_u16(), 200, "{setup}: the form key works");
        let event = next(&mut b_ws).await;
        assert_eq!(
            (event["event"].as_str(), event["data"]["message"].as_str()),
            (Some("message"), Some("load hello")),
            "{setup}: {event}"
        );

        // The star's extra sessions are its owner's: they may read its activity.
        let star = seed["star"]["tokens"][2].as_str().unwrap();
        let mut star_ws = socket(&base, star).await;
        let activity = format!("activity:{}", seed["star"]["blog"].as_str().unwrap());
        assert_eq!(
            subscribe(&mut star_ws, &activity).await["type"],
            "subscribed",
            "{setup}"
        );
        drop(stop);
        cleanup(pg_name).await;
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn socket(base: &str, token: &str) -> Socket {
    let url = format!("{}/ws?token={token}", base.replacen("http", "ws", 1));
    let (ws, _) = tokio_tungstenite::connect_async(url.into_client_request().unwrap())
        .await
        .expect("socket");
    ws
}

async fn subscribe(ws: &mut Socket, channel: &str) -> Value {
    let frame = json!({"type": "subscribe", "channel": channel}).to_string();
    ws.send(Message::Text(frame.into())).await.unwrap();
    next(ws).await
}

/// The next JSON frame, within ten seconds.
async fn next(ws: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("timed out waiting for a frame")
            .expect("socket ended")
            .expect("socket error");
        if let Message::Text(text) = message {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}
