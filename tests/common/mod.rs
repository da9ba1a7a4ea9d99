//! Shared test support: a fresh database on each backend, the real `dashwire` binary on a
//! free port, and an HTTP client that keeps the session cookie and sends the form key.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// The PostgreSQL server the tests create their databases on.
pub fn pg_admin_url() -> String {
    std::env::var("DASHWIRE_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// A database for one test: a SQLite file in a temp dir, or a new PostgreSQL database.
pub struct TestDb {
    pub url: String,
    pg_name: Option<String>,
    _dir: Option<tempfile::TempDir>,
}

/// The two backends every store and API test runs against.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Sqlite,
    Postgres,
}

pub const BOTH: [Kind; 2] = [Kind::Sqlite, Kind::Postgres];

impl TestDb {
    pub async fn new(kind: Kind) -> TestDb {
        match kind {
            Kind::Sqlite => {
                let dir = tempfile::tempdir().expect("temp dir");
                let url = format!("sqlite://{}/test.db", dir.path().display());
                TestDb {
                    url,
                    pg_name: None,
                    _dir: Some(dir),
                }
            }
            Kind::Postgres => {
                let name = format!("dw_test_{:016x}", rand_u64());
                let admin = pg_admin_url();
                let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&admin)
                    .await
                    .unwrap_or_else(|e| {
                        panic!("PostgreSQL at {admin} is needed for the tests: {e}")
                    });
                sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                    .execute(&mut conn)
                    .await
                    .expect("create database");
                let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin);
                TestDb {
                    url: format!("{base}/{name}"),
                    pg_name: Some(name),
                    _dir: None,
                }
            }
        }
    }

    /// Drops a PostgreSQL test database (SQLite files go with their temp dir).
    pub async fn cleanup(self) {
        if let Some(name) = &self.pg_name
            && let Ok(mut conn) =
                <sqlx::PgConnection as sqlx::Connection>::connect(&pg_admin_url()).await
        {
            let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
            let _ = sqlx::query(sqlx::AssertSqlSafe(drop))
                .execute(&mut conn)
                .await;
        }
    }
}

fn rand_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos(),
    );
    h.write_u32(std::process::id());
    h.finish()
}

/// The `dashwire` binary, to run with arguments and nothing else: the variables it reads are
/// removed from its environment. A developer's shell must not configure the servers under
/// test: with `REDIS_URL` exported (as the README's two nodes have it), every test server
/// would join the one Redis under the default prefix and deliver the other tests' events
/// (each test's fresh database has its own `conversation:1` and `unread:2`).
pub fn dashwire() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dashwire"));
    for name in variables_the_server_reads() {
        command.env_remove(name);
    }
    command
}

/// The environment variables `dashwire serve` reads, as its `--help` lists them
/// (`[env: NAME=]`), so a variable added to the server is kept out of the tests too.
fn variables_the_server_reads() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let help = Command::new(env!("CARGO_BIN_EXE_dashwire"))
            .args(["serve", "--help"])
            .env_clear()
            .output()
            .expect("dashwire serve --help");
        let text = String::from_utf8_lossy(&help.stdout);
        let names: Vec<String> = text
            .split("[env: ")
            .skip(1)
            .filter_map(|rest| rest.split(['=', ']']).next())
            .map(str::to_owned)
            .collect();
        assert!(
            names.iter().any(|name| name == "REDIS_URL"),
            "no [env: REDIS_URL] in `dashwire serve --help`; read its variables another way:\n{text}"
        );
        names
    })
}

/// The real binary, serving on a free port; killed when dropped.
pub struct Server {
    pub base: String,
    child: Child,
}

impl Server {
    /// Starts `dashwire serve` on `database_url` with extra arguments.
    pub fn start(database_url: &str, extra: &[&str]) -> Server {
        let mut child = dashwire()
            .args([
                "serve",
                "--bind",
                "127.0.0.1:0",
                "--database-url",
                database_url,
            ])
            .args(extra)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start dashwire");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(url) = line.strip_prefix("dashwire: listening on ") {
                    let _ = tx.send(url.to_owned());
                }
            }
        });
        let base = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("server did not start");
        Server { base, child }
    }
}

impl Server {
    /// Sends SIGTERM.
    pub fn terminate(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
    }

    /// Waits for the process to exit, at most `limit`.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = std::time::Instant::now() + limit;
        while std::time::Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser-like client: keeps cookies and attaches the session's form key.
pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
    pub form_key: String,
    jar: std::sync::Arc<reqwest::cookie::Jar>,
}

/// A decoded answer: status and the JSON envelope.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Answer {
    /// The first error's code.
    pub fn code(&self) -> &str {
        self.body["errors"][0]["code"].as_str().unwrap_or("")
    }
    pub fn detail(&self) -> &str {
        self.body["errors"][0]["detail"].as_str().unwrap_or("")
    }
    pub fn response(&self) -> &Value {
        &self.body["response"]
    }
}

impl Client {
    /// A new visitor: fetches `/svc/user/info` to get a session and form key.
    pub async fn visitor(base: &str) -> Client {
        let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
        let http = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let mut client = Client {
            http,
            base: base.to_owned(),
            form_key: String::new(),
            jar,
        };
        let info = client.get("/svc/user/info").await;
        client.form_key = info.response()["form_key"]
            .as_str()
            .expect("form key")
            .to_owned();
        client
    }

    /// Registers a new account and returns the logged-in client.
    pub async fn registered(base: &str, email: &str, blog: &str) -> Client {
        let mut client = Client::visitor(base).await;
        let answer = client
            .post(
                "/register",
                &[
                    ("email", email),
                    ("password", "correct horse"),
                    ("blog_name", blog),
                ],
            )
            .await;
        assert_eq!(answer.status, 200, "register {email}: {:?}", answer.body);
        client.form_key = answer.response()["form_key"].as_str().unwrap().to_owned();
        client
    }

    pub async fn get(&self, path: &str) -> Answer {
        let resp = self
            .http
            .get(format!("{}{}", self.base, path))
            .send()
            .await
            .expect("GET");
        decode(resp).await
    }

    /// POSTs a form with the form key added.
    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let mut form: Vec<(&str, &str)> = fields.to_vec();
        form.push(("form_key", &self.form_key));
        self.post_raw(path, &form).await
    }

    /// POSTs a form exactly as given (no form key added).
    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> Answer {
        let resp = self
            .http
            .post(format!("{}{}", self.base, path))
            .form(fields)
            .send()
            .await
            .expect("POST");
        decode(resp).await
    }

    /// The `Cookie` header this client sends (its session), for a socket.
    pub fn cookie(&self) -> String {
        use reqwest::cookie::CookieStore;
        let url = self.base.parse().unwrap();
        self.jar
            .cookies(&url)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    }

    /// A socket token for this client's user.
    pub async fn socket_token(&self) -> String {
        let answer = self.post("/svc/user/socket_token", &[]).await;
        answer.response()["token"]
            .as_str()
            .expect("token")
            .to_owned()
    }

    /// Sends a message as `from` (one of this client's blogs) to a new or existing conversation.
    pub async fn send_to(&self, from: &str, to: &str, text: &str) -> Answer {
        self.post(
            "/svc/conversations/messages",
            &[
                ("participant", from),
                ("participants[]", to),
                ("message", text),
                ("type", "TEXT"),
            ],
        )
        .await
    }

    /// The current user model.
    pub async fn info(&self) -> Value {
        self.get("/svc/user/info").await.body["response"].clone()
    }
}

async fn decode(resp: reqwest::Response) -> Answer {
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Answer { status, body }
}

/// A test's WebSocket client.
pub mod ws {
    use std::time::Duration;

    use dashwire_protocol::{ClientFrame, Codec, Encoded, EventFrame, ServerFrame};
    use futures_util::{SinkExt, StreamExt};
    use tokio::net::TcpStream;
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::http::HeaderValue;
    use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

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
        pub async fn subscribe(
            &mut self,
            channel: &str,
            since: Option<i64>,
        ) -> (Vec<EventFrame>, i64) {
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
}
