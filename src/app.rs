//! The router that assembles every feature, the channel kinds they own, and serving them.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::middleware::from_fn_with_state;
use axum::routing::get;
use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tower_http::trace::TraceLayer;

use crate::auth;
use crate::auth::session::load_session;
use crate::realtime::ChannelKinds;
use crate::state::AppState;
use crate::store::Store;

/// The long-lived services features run beside their routes: started with the server,
/// handed to the routes that use them, stopped once the last request is answered.
pub struct Services {
    /// Message sends, with the PostgreSQL batch workers (`messaging/send/`).
    sends: crate::messaging::Sends,
    /// The task that publishes scheduled posts and queues (`posts/publisher.rs`).
    scheduled_posts: tokio::task::JoinHandle<()>,
    /// The start-up task that writes the search words of older posts (`search/backfill.rs`).
    search_backfill: tokio::task::JoinHandle<()>,
    /// The task that delivers the mail outbox when an SMTP server is configured
    /// (`sharing/mail.rs`).
    mailer: tokio::task::JoinHandle<()>,
    /// The video workers, when ffmpeg is there (`video/`).
    video: crate::video::Processing,
}

impl Services {
    /// Starts them on the state's store, as its settings say.
    pub async fn start(state: &AppState) -> Services {
        let (store, config) = (&state.store, &state.config);
        let mail = &config.mail;
        Services {
            video: crate::video::Processing::start(store, &state.media, &config.video).await,
            sends: crate::messaging::Sends::start(store, crate::messaging::Batching::On),
            scheduled_posts: tokio::spawn(crate::posts::publisher::run(store.clone())),
            search_backfill: tokio::spawn(crate::search::backfill::run(store.clone())),
            mailer: tokio::spawn(crate::sharing::mail::run(store.clone(), mail.clone())),
        }
    }

    /// Stops them: a send queued for a batch is still sent.
    pub async fn stop(self) {
        self.scheduled_posts.abort();
        self.search_backfill.abort();
        self.mailer.abort();
        self.video.stop();
        self.sends.stop().await;
    }
}

/// The whole router: every feature's routes, the session layer, and the web app fallback.
pub fn router(state: AppState, services: &Services) -> Router {
    Router::new()
        .merge(crate::accounts::router())
        .merge(crate::blogs::router())
        .merge(crate::blocks::router())
        .merge(crate::follows::router())
        .merge(crate::groups::router())
        .merge(crate::activity::router())
        .merge(crate::messaging::router(&state, services.sends.clone()))
        .merge(crate::posts::router())
        .merge(crate::composer::router(
            crate::composer::providers::from_settings(&state.config.audio),
        ))
        .merge(crate::asks::router())
        .merge(crate::blog_viewer::router())
        .merge(crate::search::router(&state.config.gifs))
        .merge(crate::archive::router())
        .merge(crate::sharing::router())
        .merge(crate::client_log::router())
        .merge(crate::analytics::router())
        .merge(crate::video::router())
        .merge(crate::media::router())
        .merge(crate::notes::router())
        .merge(crate::likes::router())
        .merge(crate::moderation::router())
        .merge(crate::realtime::router())
        .merge(crate::metrics::router())
        .route("/healthz", get(healthz))
        .fallback(crate::web::static_or_index)
        .layer(from_fn_with_state(state.store.clone(), load_session))
        .layer(axum::middleware::from_fn(
            crate::extract::refuse_nul_characters,
        ))
        .layer(TraceLayer::new_for_http())
        // Outermost, so a request's time includes loading its session; per route (as every
        // `Router::layer` is), so it sees the matched route.
        .layer(from_fn_with_state(
            state.http_metrics.clone(),
            crate::metrics::time_requests,
        ))
        .with_state(state)
}

/// The channel kinds every feature owns, with who may subscribe to each.
pub fn channel_kinds(store: &Store) -> ChannelKinds {
    ChannelKinds::default()
        .register(crate::messaging::MessagingChannels {
            store: store.clone(),
        })
        .register(crate::activity::ActivityChannel {
            store: store.clone(),
        })
        .register(crate::unread::UnreadChannel {
            store: store.clone(),
        })
        .register(crate::notes::NotesChannel {
            store: store.clone(),
        })
        .register(crate::posts::PostsChannel {
            store: store.clone(),
        })
        .register(crate::feed::DashboardChannel {
            store: store.clone(),
        })
        .register(crate::groups::MembersChannel)
}

async fn healthz() -> &'static str {
    "ok"
}

/// How long sockets get to close after a shutdown signal before the process exits anyway.
const SOCKET_CLOSE_GRACE: Duration = Duration::from_secs(3);

/// Serves until `shutdown` resolves: then stops accepting, closes every socket with 1012
/// (service restart) so clients reconnect elsewhere at once, and returns within a few seconds. Background upkeep
/// (expired sessions and events, login windows) runs alongside.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let upkeep = tokio::spawn(upkeep(state.clone()));
    let services = Services::start(&state).await;
    let send_buffer = state.config.tcp_send_buffer;
    let listener = listener.tap_io(move |tcp| {
        // Sockets carry small frames that should leave at once, not wait for Nagle.
        let _ = tcp.set_nodelay(true);
        if send_buffer > 0 {
            let _ = socket2::SockRef::from(&*tcp).set_send_buffer_size(send_buffer);
        }
    });
    let realtime = state.realtime.clone();
    let store = state.store.clone();
    let closing = realtime.clone();
    let app = router(state, &services).into_make_service_with_connect_info::<SocketAddr>();
    let result = axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            shutdown.await;
            closing.shutdown();
        })
        .await;
    realtime.wait_closed(SOCKET_CLOSE_GRACE).await;
    upkeep.abort();
    services.stop().await;
    // What was committed is published before the process goes: handed to the bus, and sent
    // on by it to the other nodes.
    store.settle().await;
    realtime.flush_bus(SOCKET_CLOSE_GRACE).await;
    result.map_err(Into::into)
}

async fn upkeep(state: AppState) {
    let mut tick = tokio::time::interval(Duration::from_secs(600));
    loop {
        tick.tick().await;
        state.login_limiter.sweep();
        state.request_limiter.sweep();
        match auth::store::sweep_sessions(&state.store).await {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_channel_kind_has_an_owner() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}/kinds.db", dir.path().display());
        let store = Store::connect(&url, 1).await.unwrap();
        assert_eq!(channel_kinds(&store).unregistered(), Vec::new());
    }
}
