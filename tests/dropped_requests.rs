//! A request dropped at any moment (its client gone, the server dropping its handler's
//! future) never leaves a committed change unpublished: for a like, a follow and a post save,
//! on each database, whatever committed was handed to the realtime core, and nothing was
//! handed over for what did not commit.
//!
//! The app runs in this process, so a request's future can be dropped at a chosen moment:
//! each change is sent again and again, its future aborted after a delay that grows a little
//! each time, so that the drop lands before, during and after the commit.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, header};
use common::store::user_with_blog;
use common::{BOTH, RunningOn, TestDb};
use dashwire::app::{Services, channel_kinds, router};
use dashwire::config::{Config, MediaLocation};
use dashwire::outbound::Fetcher;
use dashwire::rate_limit::LoginLimiter;
use dashwire::realtime::{Realtime, Settings};
use dashwire::state::AppState;
use dashwire::store::media::MediaStore;
use dashwire::store::{DbPool, Store};
use dashwire::{auth, blogs};
use tower::ServiceExt;

/// The server's router on `db`, with its state.
struct App {
    router: Router,
    state: AppState,
    services: Option<Services>,
    _media: tempfile::TempDir,
}

impl App {
    async fn start(db: &TestDb) -> App {
        let store = Store::connect(&db.url, 4).await.unwrap();
        let realtime = Realtime::start(
            None,
            Settings::default(),
            store.clone(),
            channel_kinds(&store),
        )
        .await
        .unwrap();
        let media = tempfile::tempdir().unwrap();
        let config = Config {
            bind: "127.0.0.1:0".parse().unwrap(),
            database_url: db.url.clone(),
            demo: false,
            secure_cookies: false,
            redis_url: None,
            listen_backlog: 128,
            tcp_send_buffer: 0,
            realtime: Settings::default(),
            media: MediaLocation::Dir(media.path().to_owned()),
            allow_private_fetch: false,
            protected_recordings: None,
        };
        let state = AppState {
            store: store.clone(),
            config: Arc::new(config),
            login_limiter: LoginLimiter::default(),
            realtime,
            media: MediaStore::local(media.path()).unwrap(),
            fetcher: Fetcher::new(false),
        };
        let services = Services::start(&store);
        let router = router(state.clone(), &services)
            .layer(MockConnectInfo(SocketAddr::from(([127, 0, 0, 1], 9))));
        App {
            router,
            state,
            services: Some(services),
            _media: media,
        }
    }

    fn store(&self) -> &Store {
        &self.state.store
    }

    /// Events handed to the realtime core so far.
    fn published(&self) -> u64 {
        self.state.realtime.metrics().events_published.get()
    }

    /// A user with a blog named `name`, logged in: (user id, its session cookie and form key).
    async fn user(&self, name: &str) -> (i64, String, String) {
        let (user, _) = user_with_blog(self.store(), name).await;
        let session = auth::store::create_session(self.store(), Some(user))
            .await
            .unwrap();
        let cookie = format!("{}={}", auth::session::COOKIE_NAME, session.token);
        (user, cookie, session.session.form_key)
    }

    async fn stop(mut self) {
        if let Some(services) = self.services.take() {
            services.stop().await;
        }
        self.store().close().await;
    }
}

/// A form POST as a browser sends it.
fn post(path: &str, cookie: &str, fields: &[(&str, &str)]) -> Request<Body> {
    let body = serde_urlencoded::to_string(fields).unwrap();
    Request::post(path)
        .header(header::COOKIE, cookie)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .unwrap()
}

/// One integer a query answers, on either database.
async fn count(store: &Store, sql: &str, id: i64) -> i64 {
    let sql = sqlx::AssertSqlSafe(sql.to_owned());
    match store.pool() {
        DbPool::Sqlite { read, .. } => sqlx::query_scalar(sql).bind(id).fetch_one(read).await,
        DbPool::Postgres(pool) => sqlx::query_scalar(sql).bind(id).fetch_one(pool).await,
    }
    .unwrap()
}

/// A change to try with its request dropped: the request for try `n`, and the query that
/// says whether try `n` committed (one integer, bound to the try's target).
struct Change<'a> {
    name: &'a str,
    request: &'a dyn Fn(usize) -> (Request<Body>, i64),
    committed: &'a str,
}

/// How far the drop moves on from one try to the next, and how many tries: the first
/// `LINEAR` tries move it by `STEP`, which covers a request from its start to its end on
/// these machines; the rest by half again each time (up to about 115 ms), so that on a slow
/// machine some drop still lands while the request is in flight, past its commit.
const STEP: Duration = Duration::from_micros(75);
const LINEAR: usize = 60;
const TRIES: usize = 70;

/// When try `n` is dropped.
fn drop_after(n: usize) -> Duration {
    if n < LINEAR {
        STEP * n as u32
    } else {
        (STEP * LINEAR as u32).mul_f64(1.5f64.powi((n - LINEAR) as i32))
    }
}

/// Sends `change`'s requests, dropping try `n` after [`drop_after`]`(n)` (the last is not
/// dropped): each try that committed published something, and each that did not published
/// nothing. At least one try must have been dropped while in flight and yet committed (its
/// commit carried on without it), or the test saw nothing of what it is for.
async fn drop_at_every_moment(app: &App, change: Change<'_>) {
    let (mut committed_tries, mut dropped_yet_committed) = (0, 0);
    for n in 0..TRIES {
        let (request, target) = (change.request)(n);
        let before = app.published();
        let router = app.router.clone();
        let running = tokio::spawn(async move { router.oneshot(request).await });
        if n + 1 < TRIES {
            // Not a timer: they round up to a millisecond. Yielding lets the request run on
            // this thread too.
            let until = Instant::now() + drop_after(n);
            while Instant::now() < until && !running.is_finished() {
                tokio::task::yield_now().await;
            }
            running.abort();
        }
        // Dropped only if the abort took: a request that finished meanwhile (on the other
        // worker thread) answers as if it had not been aborted.
        let dropped = matches!(running.await, Err(ref err) if err.is_cancelled());
        // What a dropped request left running (a commit on its own task, a job queued for
        // the SQLite writer thread) finishes.
        app.store().settle().await;
        let committed = count(app.store(), change.committed, target).await > 0;
        let published = app.published() - before;
        assert_eq!(
            committed,
            published > 0,
            "{} (dropped: {dropped}, after {:?}): committed {committed}, published {published} events",
            change.name,
            drop_after(n)
        );
        committed_tries += usize::from(committed);
        dropped_yet_committed += usize::from(committed && dropped);
    }
    eprintln!(
        "{}: {committed_tries} of {TRIES} tries committed, {dropped_yet_committed} of them dropped in flight",
        change.name
    );
    assert!(
        dropped_yet_committed > 0,
        "{}: no request was dropped in flight after its change began to commit, so nothing \
         was tested",
        change.name
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_request_publishes_all_it_committed_and_nothing_else() {
    for kind in BOTH {
        let _running_on = RunningOn(format!("{kind:?}"));
        let db = TestDb::new(kind).await;
        let app = App::start(&db).await;
        let (_, ann, ann_key) = app.user("ann").await;
        let (bob_user, bob, bob_key) = app.user("bob").await;

        // Likes: bob likes a new post of ann's each try.
        let mut posts = Vec::new();
        for n in 0..TRIES {
            let answer = app
                .router
                .clone()
                .oneshot(post(
                    "/svc/post/update",
                    &ann,
                    &[
                        ("form_key", ann_key.as_str()),
                        ("channel_id", "ann"),
                        ("post[type]", "text"),
                        ("post[two]", &format!("<p>post {n}</p>")),
                    ],
                ))
                .await
                .unwrap();
            assert_eq!(answer.status(), 200, "{kind:?}: saving post {n}");
            let body = axum::body::to_bytes(answer.into_body(), 1 << 20)
                .await
                .unwrap();
            let saved: serde_json::Value = serde_json::from_slice(&body).unwrap();
            let id = saved["response"]["post"]["id"].as_i64().unwrap();
            let key = saved["response"]["post"]["reblog_key"]
                .as_str()
                .unwrap()
                .to_owned();
            posts.push((id, key));
        }
        let like = |n: usize| {
            let (id, key) = &posts[n];
            let id_text = id.to_string();
            let fields = [
                ("form_key", bob_key.as_str()),
                ("id", id_text.as_str()),
                ("key", key.as_str()),
            ];
            (post("/svc/like", &bob, &fields), *id)
        };
        drop_at_every_moment(
            &app,
            Change {
                name: "a like",
                request: &like,
                committed: "SELECT COUNT(*) FROM likes WHERE post_id = $1",
            },
        )
        .await;

        // Follows: ann follows a new blog of bob's each try.
        let mut bob_blogs = Vec::new();
        for n in 0..TRIES {
            let name = format!("bob-{n}");
            let id = blogs::store::create_blog(app.store(), bob_user, &name, &name)
                .await
                .unwrap();
            bob_blogs.push((name, id));
        }
        let follow = |n: usize| {
            let (name, id) = &bob_blogs[n];
            let fields = [("form_key", ann_key.as_str()), ("tumblelog", name.as_str())];
            (post("/svc/follow", &ann, &fields), *id)
        };
        drop_at_every_moment(
            &app,
            Change {
                name: "a follow",
                request: &follow,
                committed: "SELECT COUNT(*) FROM follows WHERE blog_id = $1",
            },
        )
        .await;

        // Post saves: bob posts a new text each try, tagged with the try's number.
        let tags: Vec<String> = (0..TRIES).map(|n| format!("try{n}")).collect();
        let save = |n: usize| {
            let fields = [
                ("form_key", bob_key.as_str()),
                ("channel_id", "bob"),
                ("post[type]", "text"),
                ("post[two]", "<p>a save</p>"),
                ("post[tags]", tags[n].as_str()),
            ];
            (post("/svc/post/update", &bob, &fields), n as i64)
        };
        drop_at_every_moment(
            &app,
            Change {
                name: "a post save",
                request: &save,
                committed: "SELECT COUNT(*) FROM post_tags WHERE tag_key = 'try' || CAST($1 AS TEXT)",
            },
        )
        .await;

        app.stop().await;
        db.cleanup().await;
    }
}
