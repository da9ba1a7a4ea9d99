//! The command line of `dashwire-loadgen`: its modes and each one's arguments (clap).

use std::net::IpAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "dashwire-loadgen",
    about = "Load generator for dashwire's socket server"
)]
pub struct Cli {
    #[command(subcommand)]
    pub mode: Mode,
}

#[derive(Subcommand)]
pub enum Mode {
    /// Bulk-create load-test users, sessions and conversations; write them to a JSON file.
    Seed(SeedArgs),
    /// Bulk-create posts across the seeded blogs, and the blogs user 0 follows.
    SeedPosts(SeedPostsArgs),
    /// Read user 0's dashboard, page after page, and report the latency.
    Dashboard(DashboardArgs),
    /// Search in blogs, across blogs or by tag over the seeded posts; report the latency.
    Search(SearchArgs),
    /// Open, authenticate and subscribe sockets and hold them.
    Connect(ConnectArgs),
    /// Chat between seeded pairs at a steady rate while sockets are connected.
    Chat(ChatArgs),
    /// One blog's activity to many sockets: a burst of follows.
    Fanout(FanoutArgs),
    /// A popular blog posts to many followers' dashboards (`dashboard`).
    Posts(PostsArgs),
    /// The same chat by the spec's polling fallback.
    Poll(PollArgs),
    /// Chat over several nodes while faults are injected (`loadtest/chaos.sh`); proves no
    /// acknowledged message was lost or duplicated.
    Chaos(ChaosArgs),
}

#[derive(Args, Clone)]
pub struct Common {
    /// The file `dashwire-loadgen seed` wrote.
    #[arg(long, default_value = "loadtest/data/seed.json")]
    pub seed: PathBuf,
    /// Server base URLs (comma-separated); sockets are spread over them.
    #[arg(long, value_delimiter = ',', default_value = "http://127.0.0.1:8080")]
    pub url: Vec<String>,
    /// Source addresses to connect from (comma-separated, 127.0.0.x).
    #[arg(long, value_delimiter = ',', default_value = "127.0.0.1")]
    pub sources: Vec<IpAddr>,
    /// Server process ids, to read their memory and CPU (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub server_pid: Vec<u32>,
    /// How many sockets.
    #[arg(long, default_value_t = 1000)]
    pub count: usize,
    /// The first seeded user to use (to split users between generator processes).
    #[arg(long, default_value_t = 0)]
    pub offset: usize,
    /// Handshakes in flight at once.
    #[arg(long, default_value_t = 256)]
    pub parallel: usize,
    /// Seconds to hold the sockets after connecting.
    #[arg(long, default_value_t = 5)]
    pub hold: u64,
    /// The blog-name prefix the seed used.
    #[arg(long, default_value = "load")]
    pub prefix: String,
}

/// What `connect` opens.
#[derive(Args, Clone)]
pub struct ConnectArgs {
    #[command(flatten)]
    pub common: Common,
    /// Open visitors' sockets instead of seeded users': each gets a visitor session of its
    /// own from `/svc/user/info` (the cookie a browser gets), opens `/ws` with that cookie and
    /// subscribes to `posts:BLOG` (BLOG must be public). The seed file is not read.
    #[arg(long, value_name = "BLOG", conflicts_with = "offset")]
    pub visitors: Option<String>,
}

/// What `seed` creates.
#[derive(Args, Clone)]
pub struct SeedArgs {
    /// The server's database: sqlite://PATH or postgres://USER@HOST:PORT/DB.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: String,
    /// How many users (each with a blog and a session); pairs of them get a conversation.
    #[arg(long, default_value_t = 1000)]
    pub users: usize,
    /// Extra sessions of the star blog's owner, for fan-out sockets.
    #[arg(long, default_value_t = 0)]
    pub star_sessions: usize,
    /// How many users follow the star blog (the last ones seeded), for the posts scenario's
    /// dashboards.
    #[arg(long, default_value_t = 0)]
    pub star_followers: usize,
    /// Name prefix of the users' blogs (use another to seed the same database again).
    #[arg(long, default_value = "load")]
    pub prefix: String,
    /// Where to write the JSON that k6 scripts and the load generator read.
    #[arg(long, default_value = "loadtest/data/seed.json")]
    pub out: PathBuf,
}

/// What `seed-posts` creates.
#[derive(Args, Clone)]
pub struct SeedPostsArgs {
    /// The server's database (already seeded with `seed`).
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: String,
    /// Posts in all, spread over the seeded blogs.
    #[arg(long, default_value_t = 1_000_000)]
    pub posts: usize,
    /// Blogs user 0 follows.
    #[arg(long, default_value_t = 500)]
    pub follows: usize,
    /// The blog-name prefix the seed used.
    #[arg(long, default_value = "load")]
    pub prefix: String,
}

/// How to read the dashboard.
#[derive(Args, Clone)]
pub struct DashboardArgs {
    /// The file `dashwire-loadgen seed` wrote (user 0 reads).
    #[arg(long, default_value = "loadtest/data/seed.json")]
    pub seed: PathBuf,
    /// The server.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub url: String,
    /// Dashboard reads in all.
    #[arg(long, default_value_t = 2000)]
    pub requests: usize,
    /// Reads in flight at once.
    #[arg(long, default_value_t = 4)]
    pub concurrency: usize,
    /// Pages each reader goes down (the first, then `after` the last post) before starting over.
    #[arg(long, default_value_t = 5)]
    pub pages: usize,
}

/// How to search (see `search.rs`).
#[derive(Args, Clone)]
pub struct SearchArgs {
    /// The file `dashwire-loadgen seed` wrote (user 0 searches; its blogs are searched in).
    #[arg(long, default_value = "loadtest/data/seed.json")]
    pub seed: PathBuf,
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub url: String,
    #[arg(long, value_enum, default_value = "site")]
    pub kind: crate::search::Kind,
    /// CREATED_DESC or POPULARITY_DESC (blog); top or recent (site, tagged); empty: the default.
    #[arg(long, default_value = "")]
    pub sort: String,
    #[arg(long, default_value_t = 1000)]
    pub requests: usize,
    #[arg(long, default_value_t = 4)]
    pub concurrency: usize,
}

#[derive(Args, Clone)]
pub struct ChatArgs {
    #[command(flatten)]
    pub common: Common,
    /// Messages per second over all pairs.
    #[arg(long, default_value_t = 200)]
    pub rate: u64,
    /// Seconds of chat.
    #[arg(long, default_value_t = 10)]
    pub duration: u64,
    /// Pairs that chat (from the first pair whose users are connected).
    #[arg(long, default_value_t = 500)]
    pub pairs: usize,
    /// Also report sends and deliveries window by window, each this many seconds (0: not),
    /// for a long run (a soak): each window's p99 and max.
    #[arg(long, default_value_t = 0)]
    pub report_every: u64,
}

#[derive(Args, Clone)]
pub struct FanoutArgs {
    #[command(flatten)]
    pub common: Common,
    /// Events (follows of the star blog, by distinct users).
    #[arg(long, default_value_t = 100)]
    pub events: usize,
    /// Milliseconds between events; 0 sends them all at once.
    #[arg(long, default_value_t = 0)]
    pub interval_ms: u64,
    /// The first seeded user who follows (user 0 owns the star blog).
    #[arg(long, default_value_t = 1)]
    pub follower_offset: usize,
}

#[derive(Args, Clone)]
pub struct PostsArgs {
    #[command(flatten)]
    pub common: Common,
    /// Posts the star blog publishes, one after the other.
    #[arg(long, default_value_t = 20)]
    pub posts: usize,
    /// Milliseconds between one post going through and the next being sent.
    #[arg(long, default_value_t = 100)]
    pub interval_ms: u64,
}

#[derive(Args, Clone)]
pub struct PollArgs {
    #[command(flatten)]
    pub common: Common,
    /// Messages per second over all pairs.
    #[arg(long, default_value_t = 20)]
    pub rate: u64,
    /// Seconds of chat.
    #[arg(long, default_value_t = 30)]
    pub duration: u64,
    /// Conversation poll interval (spec: 2000 ms).
    #[arg(long, default_value_t = 2000)]
    pub conversation_poll_ms: u64,
    /// Inbox poll interval (spec: 30000 ms).
    #[arg(long, default_value_t = 30000)]
    pub inbox_poll_ms: u64,
}

/// What `chaos` runs (`chaos.rs`; `loadtest/chaos.sh` injects the faults around it).
#[derive(Args, Clone)]
pub struct ChaosArgs {
    /// The file `dashwire-loadgen seed` wrote.
    #[arg(long, default_value = "loadtest/data/seed.json")]
    pub seed: PathBuf,
    /// The nodes' base URLs (comma-separated): sockets are spread over them, a socket whose
    /// node goes away opens on the next, and sends alternate between them.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "http://127.0.0.1:8081,http://127.0.0.1:8082"
    )]
    pub url: Vec<String>,
    /// Source addresses to connect from (comma-separated, 127.0.0.x).
    #[arg(long, value_delimiter = ',', default_value = "127.0.0.1,127.0.0.2")]
    pub sources: Vec<IpAddr>,
    /// How many sockets (seeded users `offset..offset+count`).
    #[arg(long, default_value_t = 10000)]
    pub count: usize,
    /// The first seeded user to use.
    #[arg(long, default_value_t = 0)]
    pub offset: usize,
    /// Messages per second over all conversations.
    #[arg(long, default_value_t = 2000)]
    pub rate: u64,
    /// Seconds of chat.
    #[arg(long, default_value_t = 120)]
    pub duration: u64,
    /// Seconds, at most, to wait for late deliveries once the chat ends.
    #[arg(long, default_value_t = 15)]
    pub drain: u64,
    /// Handshakes in flight at once (connects and reconnects).
    #[arg(long, default_value_t = 256)]
    pub parallel: usize,
}
