//! The application state and the router, and serving them on a listener.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::middleware::from_fn_with_state;
use axum::routing::get;
use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tower_http::trace::TraceLayer;

use crate::auth::rate_limit::LoginLimiter;
use crate::auth::session::load_session;
use crate::config::Config;
use crate::realtime::Realtime;
use crate::store::Store;

/// What every handler can reach; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    pub login_limiter: LoginLimiter,
    pub realtime: Realtime,
}

/// The whole router: every feature's routes, the session layer, and the web app fallback.
pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(crate::auth::router())
        .merge(crate::blogs::router())
        .merge(crate::messaging::router())
        .merge(crate::realtime::router())
        .route("/healthz", get(healthz))
        .fallback(crate::web::static_or_index)
        .layer(from_fn_with_state(state.clone(), load_session))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

async fn healthz() -> &'static str {
    "ok"
}

/// How long sockets get to close after a shutdown signal before the process exits anyway.
const SOCKET_CLOSE_GRACE: Duration = Duration::from_secs(3);

/// Serves until `shutdown` resolves: then stops accepting, closes every socket with 1001
/// so clients reconnect elsewhere, and returns within a few seconds. Background upkeep
/// (expired sessions and events, login windows) runs alongside.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let upkeep = tokio::spawn(upkeep(state.clone()));
    let send_buffer = state.config.tcp_send_buffer;
    let listener = listener.tap_io(move |tcp| {
        // Sockets carry small frames that should leave at once, not wait for Nagle.
        let _ = tcp.set_nodelay(true);
        if send_buffer > 0 {
            let _ = socket2::SockRef::from(&*tcp).set_send_buffer_size(send_buffer);
        }
    });
    let realtime = state.realtime.clone();
    let closing = realtime.clone();
    let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
    let result = axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            shutdown.await;
            closing.shutdown();
        })
        .await;
    realtime.wait_closed(SOCKET_CLOSE_GRACE).await;
    upkeep.abort();
    result.map_err(Into::into)
}

async fn upkeep(state: AppState) {
    let mut tick = tokio::time::interval(Duration::from_secs(600));
    loop {
        tick.tick().await;
        state.login_limiter.sweep();
        match state.store.sweep_sessions().await {
            Ok(n) if n > 0 => tracing::info!(removed = n, "expired sessions removed"),
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "session sweep failed"),
        }
        match state.store.prune_events().await {
            Ok(n) if n > 0 => tracing::info!(removed = n, "old events pruned"),
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "event pruning failed"),
        }
    }
}
