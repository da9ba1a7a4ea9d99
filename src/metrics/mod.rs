//! `GET /metrics`, what an operator scrapes: one OpenMetrics text of the realtime core's
//! figures (`realtime::metrics`: sockets, events, the bus, replays), the database pool's, and
//! every HTTP route's latency (`http.rs`, timed by the layer `app.rs` puts around every route).
//! HTTP requests are the app's, not the realtime core's, so their figures and the endpoint
//! that joins both live here, above the core.

mod http;

pub(crate) use http::{HttpMetrics, time_requests};

use axum::Router;
use axum::extract::{FromRef, State};
use axum::http::HeaderValue;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use axum::routing::get;

use crate::realtime::Realtime;
use crate::realtime::metrics::{self, DbFigures};
use crate::store::Store;

/// The `/metrics` route, for any router state these can be taken from.
pub(crate) fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Realtime: FromRef<S>,
    HttpMetrics: FromRef<S>,
    Store: FromRef<S>,
{
    Router::new().route("/metrics", get(scrape))
}

async fn scrape(
    State(realtime): State<Realtime>,
    State(http): State<HttpMetrics>,
    State(store): State<Store>,
) -> impl IntoResponse {
    let (pool_size, pool_idle) = store.pool_stats();
    let db = DbFigures {
        pool_size,
        pool_idle,
        connections_replaced: store.health().replaced(),
        statements_retried: store.health().retried(),
    };
    let mut text = realtime.metrics().render_families(db);
    http.render_families(&mut text);
    metrics::end_text(&mut text);
    (
        [(
            CONTENT_TYPE,
            HeaderValue::from_static(metrics::CONTENT_TYPE),
        )],
        text,
    )
}
