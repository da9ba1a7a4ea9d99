//! What each `dashwire` command does once its arguments are parsed (`main.rs` parses them):
//! `serve` opens the store, the bus and the listener and composes the app's state; `migrate`,
//! `seed` and `admin` open the store and do their one thing.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use socket2::{Domain, Protocol, Socket, Type};
use tokio::net::TcpListener;

use crate::app::{channel_kinds, serve};
use crate::config::{AdminArgs, Command, Config, MediaLocation, SeedArgs, check_database_url};
use crate::demo::{DEMO_PASSWORD, seed};
use crate::moderation;
use crate::outbound::Fetcher;
use crate::rate_limit::LoginLimiter;
use crate::realtime::Realtime;
use crate::state::AppState;
use crate::store::Store;
use crate::store::media::MediaStore;

/// Exit code for settings that cannot be used.
pub const BAD_CONFIG: u8 = 2;

/// Runs one command to its end and says how it went as the process's exit code.
pub async fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Serve(args) => match Config::try_from(*args) {
            Ok(config) => run_serve(config).await,
            Err(err) => return config_error(err),
        },
        Command::Migrate(db)
        | Command::Seed(SeedArgs { database: db, .. })
        | Command::Admin(AdminArgs { database: db, .. })
            if check_database_url(&db.database_url).is_err() =>
        {
            return config_error(check_database_url(&db.database_url).unwrap_err());
        }
        Command::Migrate(db) => open_store(&db.database_url).await.map(|_| {
            println!("dashwire: migrations applied");
        }),
        Command::Seed(args) => seed_demo(args).await,
        Command::Admin(args) => set_admin(args).await,
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.is::<StoreOpenError>() => {
            eprintln!("dashwire: {err:#}");
            ExitCode::from(BAD_CONFIG)
        }
        Err(err) => {
            eprintln!("dashwire: {err:#}");
            ExitCode::FAILURE
        }
    }
}

async fn seed_demo(args: SeedArgs) -> anyhow::Result<()> {
    let store = open_store(&args.database.database_url).await?;
    let media = MediaStore::local(&args.media_dir)
        .map_err(|err| StoreOpenError(anyhow::anyhow!("--media-dir: {err:#}")))?;
    let email = seed(&store, &media).await?;
    println!("dashwire: demo world ready; log in as {email} / {DEMO_PASSWORD}");
    Ok(())
}

async fn set_admin(args: AdminArgs) -> anyhow::Result<()> {
    let store = open_store(&args.database.database_url).await?;
    if !moderation::store::set_admin(&store, &args.email, !args.revoke).await? {
        anyhow::bail!("no account has the email {}", args.email.trim());
    }
    let now = if args.revoke { "no longer" } else { "now" };
    println!("dashwire: {} is {now} an administrator", args.email.trim());
    Ok(())
}

fn config_error(err: impl std::fmt::Display) -> ExitCode {
    eprintln!("dashwire: {err}");
    ExitCode::from(BAD_CONFIG)
}

/// A database named by the settings that could not be opened: a configuration problem.
#[derive(Debug, thiserror::Error)]
#[error("cannot use --database-url / DATABASE_URL: {0:#}")]
struct StoreOpenError(anyhow::Error);

async fn open_store(url: &str) -> anyhow::Result<Store> {
    Store::connect(url, 16)
        .await
        .map_err(|err| StoreOpenError(err).into())
}

async fn run_serve(mut config: Config) -> anyhow::Result<()> {
    let store = open_store(&config.database_url).await?;
    let listener = listen(config.bind, config.listen_backlog).map_err(|err| {
        StoreOpenError(anyhow::anyhow!(
            "--bind / DASHWIRE_BIND {}: {err}",
            config.bind
        ))
    })?;
    let addr = listener.local_addr().context("reading the bound address")?;
    config.video = crate::video::find_tools(config.video).await;
    if config.public_url.is_empty() {
        config.public_url = format!("http://{addr}");
    }
    let media = match &config.media {
        MediaLocation::Dir(dir) => MediaStore::local(dir),
        MediaLocation::S3(url) => MediaStore::s3(url),
    }
    .map_err(|err| StoreOpenError(anyhow::anyhow!("--media-dir / --media-s3: {err:#}")))?;
    let media = match &config.protected_recordings {
        Some(path) => media.with_protected_recordings(path).map_err(|err| {
            StoreOpenError(anyhow::anyhow!(
                "--protected-recordings {}: {err:#}",
                path.display()
            ))
        })?,
        None => media,
    };
    if config.demo {
        let email = seed(&store, &media)
            .await
            .context("seeding the demo world")?;
        println!("dashwire: demo login: {email} / {DEMO_PASSWORD}");
    }
    // Tests and scripts read this line to learn the port when binding to :0.
    println!("dashwire: listening on http://{addr}");
    let realtime = Realtime::start(
        config.redis_url.as_deref(),
        config.realtime.clone(),
        store.clone(),
        channel_kinds(&store),
    )
    .await
    .map_err(|err| StoreOpenError(anyhow::anyhow!("--redis-url / REDIS_URL: {err:#}")))?;
    // With Redis, every node counts failed logins in one place.
    let login_limiter = match config.redis_url.as_deref() {
        Some(url) => LoginLimiter::redis(
            url,
            config.realtime.redis_cluster,
            &config.realtime.redis_prefix,
        )
        .await
        .map_err(|err| StoreOpenError(anyhow::anyhow!("--redis-url / REDIS_URL: {err:#}")))?,
        None => LoginLimiter::default(),
    };
    let state = AppState {
        store: store.clone(),
        fetcher: Fetcher::new(config.allow_private_fetch),
        request_limiter: Default::default(),
        http_metrics: Default::default(),
        config: Arc::new(config),
        login_limiter,
        realtime,
        media,
    };
    serve(listener, state, shutdown_signal()).await?;
    store.close().await;
    Ok(())
}

/// Listens on `addr` with room for `backlog` connections the server has not accepted yet.
/// tokio's own `bind` keeps 128, which the thousands of clients reconnecting after a node
/// restart overflow: the kernel drops their SYNs and they retry after 1 s, 3 s, 7 s. The
/// socket is otherwise made as tokio makes it (`SO_REUSEADDR`, so a restarted server binds
/// at once; non-blocking).
fn listen(addr: SocketAddr, backlog: i32) -> std::io::Result<TcpListener> {
    warn_if_capped(backlog);
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
    // On Windows SO_REUSEADDR would let another process take the port over.
    #[cfg(not(windows))]
    socket.set_reuse_address(true)?;
    socket.set_nonblocking(true)?;
    socket.bind(&addr.into())?;
    socket.listen(backlog)?;
    TcpListener::from_std(socket.into())
}

/// Warns when Linux will quietly shorten the backlog to net.core.somaxconn.
fn warn_if_capped(backlog: i32) {
    let Ok(text) = std::fs::read_to_string("/proc/sys/net/core/somaxconn") else {
        return; // not Linux
    };
    if let Ok(somaxconn) = text.trim().parse::<i32>()
        && backlog > somaxconn
    {
        tracing::warn!(
            backlog,
            somaxconn,
            "--listen-backlog is over net.core.somaxconn, which the kernel applies instead; \
             raise it with `sysctl -w net.core.somaxconn={backlog}`"
        );
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut sig) => {
                sig.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
}
