//! Flags and environment variables become one [`Config`]. Bad settings are refused before
//! anything starts, with a one-line error naming the setting (exit code 2).

use std::ffi::OsStr;
use std::net::SocketAddr;

use clap::builder::{BoolishValueParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{ArgAction, Args, Parser, Subcommand};

use crate::store::Backend;

mod settings;

pub use settings::MediaLocation;
pub(crate) use settings::{
    AudioSettings, DEFAULT_MAIL_FROM, GifSettings, MailSettings, VideoSettings,
};

/// The default embedded database.
pub(crate) const DEFAULT_DATABASE_URL: &str = "sqlite://./data/dashwire.db";

/// dashwire: a social blogging dashboard on a realtime WebSocket server.
#[derive(Parser, Debug)]
#[command(name = "dashwire", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// What to do.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Serve the web app, the API and the WebSocket endpoint.
    Serve(Box<ServeArgs>),
    /// Apply database migrations and exit.
    Migrate(DatabaseArgs),
    /// Fill the database with the demo world (users, blogs, follows) and exit.
    Seed(SeedArgs),
    /// Make an account an administrator (who may toggle a blog's spam, nsfw and suspended
    /// flags), or with --revoke no longer one, and exit.
    Admin(AdminArgs),
}

/// Whom `admin` changes.
#[derive(Args, Debug, Clone)]
pub struct AdminArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// The account's email.
    #[arg(long)]
    pub email: String,
    /// Take the administrator flag away instead.
    #[arg(long)]
    pub revoke: bool,
}

/// What `seed` writes to.
#[derive(Args, Debug, Clone)]
pub struct SeedArgs {
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Where the demo's pictures are kept (as `serve --media-dir`).
    #[arg(long, env = "DASHWIRE_MEDIA_DIR", default_value = "./data/media")]
    pub media_dir: std::path::PathBuf,
}

/// Where the data lives.
#[derive(Args, Debug, Clone)]
pub struct DatabaseArgs {
    /// sqlite://PATH (created if missing) or postgres://USER@HOST:PORT/DB.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    pub database_url: String,
}

/// How to serve.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, env = "DASHWIRE_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Seed a demo world on start (when the database has no demo users yet) and print a login.
    #[arg(
        long,
        env = "DASHWIRE_DEMO",
        value_parser = Switch,
        action = ArgAction::Set,
        num_args = 0..=1,
        default_missing_value = "true",
        default_value_t = false
    )]
    pub demo: bool,
    /// Mark the session cookie Secure (set this when serving behind HTTPS).
    #[arg(
        long,
        env = "DASHWIRE_SECURE_COOKIES",
        value_parser = Switch,
        action = ArgAction::Set,
        num_args = 0..=1,
        default_missing_value = "true",
        default_value_t = false
    )]
    pub secure_cookies: bool,
    /// Fan out through Redis pub/sub (redis://HOST:PORT) so several nodes share sockets' events.
    #[arg(long, env = "REDIS_URL")]
    pub redis_url: Option<String>,
    /// Prefix of the Redis channels, so deployments sharing one Redis keep apart.
    #[arg(long, env = "DASHWIRE_REDIS_PREFIX", default_value = "dashwire")]
    pub redis_prefix: String,
    /// The Redis is a Redis Cluster (7+): --redis-url names any of its nodes (comma-separated)
    /// and channels are spread over its shards by hash slot (sharded pub/sub).
    #[arg(
        long,
        env = "DASHWIRE_REDIS_CLUSTER",
        value_parser = Switch,
        action = ArgAction::Set,
        num_args = 0..=1,
        default_missing_value = "true",
        default_value_t = false
    )]
    pub redis_cluster: bool,
    /// Seconds between the server's pings; a socket silent for two intervals is closed.
    #[arg(long, env = "DASHWIRE_WS_PING_SECS", default_value_t = 25)]
    pub ws_ping_secs: u64,
    /// Events a socket may have queued before it is cut off as a slow consumer.
    #[arg(long, env = "DASHWIRE_WS_QUEUE", default_value_t = 256)]
    pub ws_queue: usize,
    /// How many connections the kernel may hold ready before the server accepts them. When
    /// thousands of clients reconnect at once (a node restarts), a short queue overflows and
    /// the dropped ones wait for SYN retries (1 s, 3 s, 7 s). Linux caps it at
    /// net.core.somaxconn.
    #[arg(long, env = "DASHWIRE_LISTEN_BACKLOG", default_value_t = 4096)]
    pub listen_backlog: u32,
    /// Each connection's kernel send buffer in bytes (0: the OS default, which autotunes up
    /// to megabytes). Smaller bounds the memory a slow reader can hold down.
    #[arg(long, env = "DASHWIRE_TCP_SEND_BUFFER", default_value_t = 0)]
    pub tcp_send_buffer: usize,
    /// An origin allowed to open sockets besides the server's own (repeatable).
    #[arg(
        long = "allowed-origin",
        env = "DASHWIRE_ALLOWED_ORIGINS",
        value_delimiter = ','
    )]
    pub allowed_origins: Vec<String>,
    /// Where uploads are kept: a folder, created if missing.
    #[arg(long, env = "DASHWIRE_MEDIA_DIR", default_value = "./data/media")]
    pub media_dir: std::path::PathBuf,
    /// Keep uploads in an S3-compatible bucket instead (s3://BUCKET/PREFIX; credentials and
    /// endpoint from the AWS_* variables), so several nodes share them.
    #[arg(long, env = "DASHWIRE_MEDIA_S3")]
    pub media_s3: Option<String>,
    /// Let the server fetch URLs on private, loopback and link-local addresses (for tests
    /// that serve pages on 127.0.0.1; never in production).
    #[arg(
        long,
        env = "DASHWIRE_ALLOW_PRIVATE_FETCH",
        value_parser = Switch,
        action = ArgAction::Set,
        num_args = 0..=1,
        default_missing_value = "true",
        default_value_t = false
    )]
    pub allow_private_fetch: bool,
    /// A file of recordings that may not be uploaded: one SHA-256 of a file's bytes (64 hex
    /// digits) per line, `#` starts a comment. An audio upload on it is refused as
    /// copyrighted, with a search for the track on music services instead.
    #[arg(long, env = "DASHWIRE_PROTECTED_RECORDINGS")]
    pub protected_recordings: Option<std::path::PathBuf>,
    /// Deliver mail (a post shared by email) through this SMTP server:
    /// smtp://HOST:PORT (plain), smtp://HOST:PORT?tls=required (STARTTLS) or
    /// smtps://USER:PASS@HOST (TLS). Without it mail is kept in the outbox, listed for
    /// administrators.
    #[arg(long, env = "DASHWIRE_SMTP_URL")]
    pub smtp_url: Option<String>,
    /// The From of the mail the server sends.
    #[arg(long, env = "DASHWIRE_MAIL_FROM", default_value = DEFAULT_MAIL_FROM)]
    pub mail_from: String,
    /// The address people reach this server at, for links in mail and embed codes
    /// (http://HOST:PORT with no path); http:// and the bind address when unset.
    #[arg(long, env = "DASHWIRE_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// The ffmpeg that processes uploaded videos (its ffprobe beside it, or on the PATH);
    /// `off` serves uploaded videos as they are. When it cannot be run the server says so at
    /// start-up and serves them as they are too.
    #[arg(long, env = "DASHWIRE_FFMPEG", default_value = "ffmpeg")]
    pub ffmpeg: String,
    /// Videos this node processes at once (0: it queues them for other nodes).
    #[arg(long, env = "DASHWIRE_VIDEO_WORKERS", default_value_t = 1)]
    pub video_workers: usize,
    /// How long ffmpeg may work on one video before the try fails.
    #[arg(long, env = "DASHWIRE_VIDEO_TIMEOUT_SECS", default_value_t = 900)]
    pub video_timeout_secs: u64,
    /// The address space ffmpeg may take, in MiB (0: no cap).
    #[arg(long, env = "DASHWIRE_VIDEO_MEMORY_MB", default_value_t = 3072)]
    pub video_memory_mb: u64,
    /// Seconds before a failed video is tried again, doubled for each further try.
    #[arg(long, env = "DASHWIRE_VIDEO_RETRY_SECS", default_value_t = 60)]
    pub video_retry_secs: u64,
    /// A GIPHY API key: the GIF panel then shows GIPHY's GIFs after the ones posted here.
    #[arg(long, env = "DASHWIRE_GIPHY_KEY")]
    pub giphy_key: Option<String>,
    /// GIPHY's API address (for a proxy, or a fake in tests).
    #[arg(
        long,
        env = "DASHWIRE_GIPHY_URL",
        default_value = "https://api.giphy.com"
    )]
    pub giphy_url: String,
    /// Spotify's Web API client (client credentials): audio search and track details.
    #[arg(long, env = "DASHWIRE_SPOTIFY_CLIENT_ID")]
    pub spotify_client_id: Option<String>,
    #[arg(long, env = "DASHWIRE_SPOTIFY_CLIENT_SECRET")]
    pub spotify_client_secret: Option<String>,
    /// Spotify's addresses (for a proxy, or a fake in tests).
    #[arg(
        long,
        env = "DASHWIRE_SPOTIFY_API_URL",
        default_value = "https://api.spotify.com"
    )]
    pub spotify_api_url: String,
    #[arg(
        long,
        env = "DASHWIRE_SPOTIFY_ACCOUNTS_URL",
        default_value = "https://accounts.spotify.com"
    )]
    pub spotify_accounts_url: String,
    /// SoundCloud's API client id: audio search and track details.
    #[arg(long, env = "DASHWIRE_SOUNDCLOUD_CLIENT_ID")]
    pub soundcloud_client_id: Option<String>,
    #[arg(
        long,
        env = "DASHWIRE_SOUNDCLOUD_API_URL",
        default_value = "https://api-v2.soundcloud.com"
    )]
    pub soundcloud_api_url: String,
    /// Search Apple Music, and read its songs' details, through the iTunes Search API, which
    /// needs no key (off by default: the server would otherwise ask the internet).
    #[arg(
        long,
        env = "DASHWIRE_ITUNES_SEARCH",
        value_parser = Switch,
        action = ArgAction::Set,
        num_args = 0..=1,
        default_missing_value = "true",
        default_value_t = false
    )]
    pub itunes_search: bool,
    #[arg(
        long,
        env = "DASHWIRE_ITUNES_API_URL",
        default_value = "https://itunes.apple.com"
    )]
    pub itunes_api_url: String,
    /// YouTube's Data API key: the composer's copyright fallback searches YouTube's videos
    /// with it (a chosen one becomes a video post).
    #[arg(long, env = "DASHWIRE_YOUTUBE_API_KEY")]
    pub youtube_api_key: Option<String>,
    #[arg(
        long,
        env = "DASHWIRE_YOUTUBE_API_URL",
        default_value = "https://www.googleapis.com"
    )]
    pub youtube_api_url: String,
}

/// The checked settings of `serve`.
#[derive(Debug, Clone)]
pub struct Config {
    pub bind: SocketAddr,
    pub database_url: String,
    pub demo: bool,
    pub secure_cookies: bool,
    pub redis_url: Option<String>,
    pub listen_backlog: i32,
    pub tcp_send_buffer: usize,
    pub realtime: crate::realtime::Settings,
    pub media: MediaLocation,
    pub allow_private_fetch: bool,
    pub protected_recordings: Option<std::path::PathBuf>,
    pub mail: MailSettings,
    /// The address people reach this server at (no trailing slash). Without `--public-url`
    /// it is empty here and `serve` sets it to the address it bound (known only then, when
    /// binding port 0).
    pub public_url: String,
    pub video: VideoSettings,
    pub gifs: GifSettings,
    pub audio: AudioSettings,
}

/// A setting that cannot be used; printed as one line.
#[derive(Debug, thiserror::Error)]
#[error("invalid {setting}: {reason}")]
pub struct ConfigError {
    pub setting: &'static str,
    pub reason: String,
}

/// How an on/off setting is read, from its flag or its variable: 1/0, true/false, yes/no,
/// on/off in any case (clap's boolish spellings), as operators write them. A bare flag
/// (`--demo`) is on and an empty variable is off. Anything else stops the server naming the
/// flag and the variable, as a [`ConfigError`] does.
#[derive(Clone, Copy, Debug)]
struct Switch;

impl TypedValueParser for Switch {
    type Value = bool;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<bool, clap::Error> {
        if value.is_empty() {
            return Ok(false);
        }
        BoolishValueParser::new()
            .parse_ref(cmd, arg, value)
            .map_err(|_| {
                let setting = arg.map(setting_name).unwrap_or_default();
                let value = value.to_string_lossy();
                let reason = format!("'{value}' is none of 1/0, true/false, yes/no, on/off");
                clap::Error::raw(
                    ErrorKind::InvalidValue,
                    format!("invalid {setting}: {reason}\n"),
                )
                .with_cmd(cmd)
            })
    }
}

/// A setting as errors name it: `--demo / DASHWIRE_DEMO`.
fn setting_name(arg: &clap::Arg) -> String {
    let flag = arg.get_long().unwrap_or(arg.get_id().as_str());
    match arg.get_env() {
        Some(variable) => format!("--{flag} / {}", variable.to_string_lossy()),
        None => format!("--{flag}"),
    }
}

/// Checks a database URL's scheme.
pub(crate) fn check_database_url(url: &str) -> Result<(), ConfigError> {
    match Backend::of_url(url) {
        Some(_) => Ok(()),
        None => Err(ConfigError {
            setting: "--database-url / DATABASE_URL",
            reason: format!("'{url}' is neither sqlite://PATH nor postgres://..."),
        }),
    }
}

impl TryFrom<ServeArgs> for Config {
    type Error = ConfigError;

    fn try_from(args: ServeArgs) -> Result<Self, ConfigError> {
        let bind = args.bind.parse().map_err(|_| ConfigError {
            setting: "--bind / DASHWIRE_BIND",
            reason: format!("'{}' is not an address like 127.0.0.1:8080", args.bind),
        })?;
        check_database_url(&args.database.database_url)?;
        if let Some(urls) = &args.redis_url {
            // A cluster may be named by several of its nodes.
            let named: Vec<&str> = if args.redis_cluster {
                urls.split(',').map(str::trim).collect()
            } else {
                vec![urls.as_str()]
            };
            for url in named {
                if !(url.starts_with("redis://") || url.starts_with("rediss://")) {
                    return Err(ConfigError {
                        setting: "--redis-url / REDIS_URL",
                        reason: format!("'{url}' is not a redis:// URL"),
                    });
                }
            }
        }
        if !args.redis_cluster && args.redis_url.as_deref().is_some_and(|u| u.contains(',')) {
            return Err(ConfigError {
                setting: "--redis-url / REDIS_URL",
                reason: "names several Redis servers: one Redis is one URL (several nodes of a \
                         Redis Cluster need --redis-cluster)"
                    .into(),
            });
        }
        if args.redis_cluster && args.redis_url.as_deref().is_none_or(str::is_empty) {
            return Err(ConfigError {
                setting: "--redis-cluster / DASHWIRE_REDIS_CLUSTER",
                reason: "needs --redis-url (a node of the cluster)".into(),
            });
        }
        if args.ws_ping_secs == 0 {
            return Err(ConfigError {
                setting: "--ws-ping-secs / DASHWIRE_WS_PING_SECS",
                reason: "must be at least 1".into(),
            });
        }
        if args.ws_queue == 0 {
            return Err(ConfigError {
                setting: "--ws-queue / DASHWIRE_WS_QUEUE",
                reason: "must be at least 1".into(),
            });
        }
        let listen_backlog = match i32::try_from(args.listen_backlog) {
            Ok(backlog) if backlog > 0 => backlog,
            _ => {
                return Err(ConfigError {
                    setting: "--listen-backlog / DASHWIRE_LISTEN_BACKLOG",
                    reason: format!("must be between 1 and {}", i32::MAX),
                });
            }
        };
        let media = match args.media_s3.filter(|u| !u.is_empty()) {
            Some(url) if url.starts_with("s3://") => MediaLocation::S3(url),
            Some(url) => {
                return Err(ConfigError {
                    setting: "--media-s3 / DASHWIRE_MEDIA_S3",
                    reason: format!("'{url}' is not an s3://BUCKET/PREFIX URL"),
                });
            }
            None => MediaLocation::Dir(args.media_dir),
        };
        let smtp_url = args.smtp_url.filter(|u| !u.trim().is_empty());
        if let Some(url) = &smtp_url
            && !(url.starts_with("smtp://") || url.starts_with("smtps://"))
        {
            return Err(ConfigError {
                setting: "--smtp-url / DASHWIRE_SMTP_URL",
                reason: format!("'{url}' is neither smtp://HOST:PORT nor smtps://USER:PASS@HOST"),
            });
        }
        if args.mail_from.parse::<lettre::message::Mailbox>().is_err() {
            return Err(ConfigError {
                setting: "--mail-from / DASHWIRE_MAIL_FROM",
                reason: format!(
                    "'{}' is not an address like 'dashwire <no-reply@example.com>'",
                    args.mail_from
                ),
            });
        }
        let public_url = match args.public_url.filter(|u| !u.trim().is_empty()) {
            Some(url) => {
                let url = url.trim().trim_end_matches('/').to_owned();
                if !(url.starts_with("http://") || url.starts_with("https://")) {
                    return Err(ConfigError {
                        setting: "--public-url / DASHWIRE_PUBLIC_URL",
                        reason: format!("'{url}' is not an http:// or https:// address"),
                    });
                }
                url
            }
            None => String::new(),
        };
        Ok(Config {
            mail: MailSettings {
                smtp_url,
                from: args.mail_from,
            },
            public_url,
            media,
            audio: AudioSettings {
                spotify_client_id: args.spotify_client_id.filter(|v| !v.trim().is_empty()),
                spotify_client_secret: args.spotify_client_secret.filter(|v| !v.trim().is_empty()),
                spotify_api_url: args.spotify_api_url,
                spotify_accounts_url: args.spotify_accounts_url,
                soundcloud_client_id: args.soundcloud_client_id.filter(|v| !v.trim().is_empty()),
                soundcloud_api_url: args.soundcloud_api_url,
                itunes_search: args.itunes_search,
                itunes_api_url: args.itunes_api_url,
                youtube_api_key: args.youtube_api_key.filter(|v| !v.trim().is_empty()),
                youtube_api_url: args.youtube_api_url,
            },
            gifs: GifSettings {
                giphy_key: args.giphy_key.filter(|k| !k.trim().is_empty()),
                giphy_url: args.giphy_url,
            },
            video: VideoSettings {
                ffmpeg: match args.ffmpeg.trim() {
                    "" | "off" => None,
                    path => Some(path.into()),
                },
                ffprobe: None,
                workers: args.video_workers,
                timeout: std::time::Duration::from_secs(args.video_timeout_secs.max(1)),
                memory_bytes: args.video_memory_mb << 20,
                retry_after: std::time::Duration::from_secs(args.video_retry_secs),
            },
            allow_private_fetch: args.allow_private_fetch,
            protected_recordings: args.protected_recordings,
            bind,
            database_url: args.database.database_url,
            demo: args.demo,
            secure_cookies: args.secure_cookies,
            redis_url: args.redis_url.filter(|u| !u.is_empty()),
            listen_backlog,
            tcp_send_buffer: args.tcp_send_buffer,
            realtime: crate::realtime::Settings {
                queue_capacity: args.ws_queue,
                ping_interval: std::time::Duration::from_secs(args.ws_ping_secs),
                allowed_origins: args.allowed_origins,
                redis_prefix: args.redis_prefix,
                redis_cluster: args.redis_cluster,
                ..Default::default()
            },
        })
    }
}

#[cfg(test)]
mod tests;
