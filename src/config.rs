//! Flags and environment variables become one [`Config`]. Bad settings are refused before
//! anything starts, with a one-line error naming the setting (exit code 2).

use std::net::SocketAddr;

use clap::{Args, Parser, Subcommand};

use crate::store::Backend;

/// The default embedded database.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://./data/dashwire.db";

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
    Serve(ServeArgs),
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
    #[arg(long, env = "DASHWIRE_DEMO")]
    pub demo: bool,
    /// Mark the session cookie Secure (set this when serving behind HTTPS).
    #[arg(long, env = "DASHWIRE_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// Fan out through Redis pub/sub (redis://HOST:PORT) so several nodes share sockets' events.
    #[arg(long, env = "REDIS_URL")]
    pub redis_url: Option<String>,
    /// Prefix of the Redis channels, so deployments sharing one Redis keep apart.
    #[arg(long, env = "DASHWIRE_REDIS_PREFIX", default_value = "dashwire")]
    pub redis_prefix: String,
    /// Seconds between the server's pings; a socket silent for two intervals is closed.
    #[arg(long, env = "DASHWIRE_WS_PING_SECS", default_value_t = 25)]
    pub ws_ping_secs: u64,
    /// Events a socket may have queued before it is cut off as a slow consumer.
    #[arg(long, env = "DASHWIRE_WS_QUEUE", default_value_t = 256)]
    pub ws_queue: usize,
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
    #[arg(long, env = "DASHWIRE_ALLOW_PRIVATE_FETCH")]
    pub allow_private_fetch: bool,
    /// A file of recordings that may not be uploaded: one SHA-256 of a file's bytes (64 hex
    /// digits) per line, `#` starts a comment. An audio upload on it is refused as
    /// copyrighted, with a search for the track on music services instead.
    #[arg(long, env = "DASHWIRE_PROTECTED_RECORDINGS")]
    pub protected_recordings: Option<std::path::PathBuf>,
}

/// Where uploads are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MediaLocation {
    Dir(std::path::PathBuf),
    S3(String),
}

/// The checked settings of `serve`.
#[derive(Debug, Clone)]
pub struct Config {
    pub bind: SocketAddr,
    pub database_url: String,
    pub demo: bool,
    pub secure_cookies: bool,
    pub redis_url: Option<String>,
    pub tcp_send_buffer: usize,
    pub realtime: crate::realtime::Settings,
    pub media: MediaLocation,
    pub allow_private_fetch: bool,
    pub protected_recordings: Option<std::path::PathBuf>,
}

/// A setting that cannot be used; printed as one line.
#[derive(Debug, thiserror::Error)]
#[error("invalid {setting}: {reason}")]
pub struct ConfigError {
    pub setting: &'static str,
    pub reason: String,
}

/// Checks a database URL's scheme.
pub fn check_database_url(url: &str) -> Result<(), ConfigError> {
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
        if let Some(url) = &args.redis_url
            && !(url.starts_with("redis://") || url.starts_with("rediss://"))
        {
            return Err(ConfigError {
                setting: "--redis-url / REDIS_URL",
                reason: format!("'{url}' is not a redis:// URL"),
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
        Ok(Config {
            media,
            allow_private_fetch: args.allow_private_fetch,
            protected_recordings: args.protected_recordings,
            bind,
            database_url: args.database.database_url,
            demo: args.demo,
            secure_cookies: args.secure_cookies,
            redis_url: args.redis_url.filter(|u| !u.is_empty()),
            tcp_send_buffer: args.tcp_send_buffer,
            realtime: crate::realtime::Settings {
                queue_capacity: args.ws_queue,
                ping_interval: std::time::Duration::from_secs(args.ws_ping_secs),
                allowed_origins: args.allowed_origins,
                redis_prefix: args.redis_prefix,
                ..Default::default()
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve_args(bind: &str, db: &str) -> ServeArgs {
        ServeArgs {
            bind: bind.into(),
            database: DatabaseArgs {
                database_url: db.into(),
            },
            demo: false,
            secure_cookies: false,
            redis_url: None,
            redis_prefix: "dashwire".into(),
            ws_ping_secs: 25,
            ws_queue: 256,
            tcp_send_buffer: 0,
            allowed_origins: Vec::new(),
            media_dir: "./data/media".into(),
            media_s3: None,
            allow_private_fetch: false,
            protected_recordings: None,
        }
    }

    #[test]
    fn refuses_bad_settings_naming_them() {
        let err = Config::try_from(serve_args("nope", DEFAULT_DATABASE_URL)).unwrap_err();
        assert!(err.to_string().contains("--bind"));
        let err = Config::try_from(serve_args("127.0.0.1:1", "mysql://x")).unwrap_err();
        assert!(err.to_string().contains("DATABASE_URL"));
        assert!(Config::try_from(serve_args("127.0.0.1:1", "postgres://localhost/test")).is_ok());
    }
}
