//! A request dropped at any moment (its client gone, the server dropping its handler's
//! future) never leaves a committed change unpublished: for a like, a follow and a post save,
//! on each database, whatever committed was handed to the realtime core, and nothing was
//! handed over for what did not commit.
//!
//! The app runs in this process, so a request's future can be dropped at a chosen moment:
//! each change is sent again and again, its future aborted at a moment the earlier tries
//! point to (`Schedule`), so that drops land before, during and after the commit.

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
use dashwire::testing::app::{Services, channel_kinds, router};
use dashwire::testing::config::{Config, MediaLocation};
use dashwire::testing::outbound::Fetcher;
use dashwire::testing::rate_limit::LoginLimiter;
use dashwire::testing::realtime::{Realtime, Settings};
use dashwire::testing::state::AppState;
use dashwire::testing::store::media::MediaStore;
use dashwire::testing::store::{DbPool, Store};
use dashwire::testing::{auth, blogs};
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
            mail: Default::default(),
            public_url: "http://127.0.0.1".into(),
            video: Default::default(),
            gifs: Default::default(),
            audio: Default::default(),
        };
        let state = AppState {
            store: store.clone(),
            config: Arc::new(config),
            login_limiter: LoginLimiter::default(),
            realtime,
            media: MediaStore::local(media.path()).unwrap(),
            fetcher: Fetcher::new(false),
            request_limiter: Default::default(),
            http_metrics: Default::default(),
        };
        let services = Services::start(&state).await;
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

/// Tries per change.
const TRIES: usize = 70;

/// Where the drops land, learned from the tries: no fixed schedule fits both a quiet machine
/// (a follow is in flight for a millisecond) and a busy one (ten times that, in coarse
/// slices), and a drop that misses the short moment between commit and answer tests
/// nothing. Try 0 runs undisturbed and says how long a request takes here, now. Until a drop
/// has landed in that moment, each try halves the range it must lie in: a drop that came
/// before the commit moves the range later, a request that answered before its drop moves
/// it earlier. Once one has landed, the drops sweep from the start to past the end, so they
/// land before, during and after the commit.
struct Schedule {
    earliest: Duration,
    latest: Duration,
    whole: Duration,
    landed: bool,
}

impl Schedule {
    fn new(whole: Duration) -> Schedule {
        Schedule {
            earliest: Duration::ZERO,
            latest: whole,
            whole,
            landed: false,
        }
    }

    /// When try `n` is dropped.
    fn drop_after(&self, n: usize) -> Duration {
        if self.landed {
            self.whole.mul_f64(1.2 * n as f64 / TRIES as f64)
        } else {
            (self.earliest + self.latest) / 2
        }
    }

    /// What a try dropped at `at` showed.
    fn learn(&mut self, at: Duration, dropped: bool, committed: bool) {
        match (dropped, committed) {
            (true, true) => self.landed = true,
            (true, false) => self.earliest = at,
            (false, _) => self.latest = at,
        }
        // Timing is noisy: a range that closed opens again, wider.
        if self.latest <= self.earliest + Duration::from_micros(5) {
            self.earliest = Duration::ZERO;
            self.whole = self.whole.mul_f64(1.5);
            self.latest = self.whole;
        }
    }
}

/// Sends `change`'s requests, try 0 whole and each later one dropped when the [`Schedule`]
/// says: each try that committed published something, and each that did not published
/// nothing. At least one try must have been dropped while in flight and yet committed (its
/// commit carried on without it), or the test saw nothing of what it is for.
async fn drop_at_every_moment(app: &App, change: Change<'_>) {
    let (mut committed_tries, mut dropped_yet_committed) = (0, 0);
    let mut schedule = Schedule::new(Duration::ZERO);
    for n in 0..TRIES {
        let (request, target) = (change.request)(n);
        let before = app.published();
        let router = app.router.clone();
        let started = Instant::now();
        let running = tokio::spawn(async move { router.oneshot(request).await });
        let at = schedule.drop_after(n);
        if n > 0 {
            // Not a timer: they round up to a millisecond. Yielding lets the request run on
            // this thread too.
            let until = started + at;
            while Instant::now() < until && !running.is_finished() {
                tokio::task::yield_now().await;
            }
            running.abort();
        }
        let dropped = matches!(running.await, Err(ref err) if err.is_cancelled());
        if n == 0 {
            schedule = Schedule::new(started.elapsed());
        }
        app.store().settle().await;
        let committed = count(app.store(), change.committed, target).await > 0;
        let published = app.published() - before;
        assert_eq!(
            committed,
            published > 0,
            "{} (dropped: {dropped}, after {at:?}): committed {committed}, published {published} events",
            change.name,
        );
        if n > 0 {
            schedule.learn(at, dropped, committed);
        }
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
