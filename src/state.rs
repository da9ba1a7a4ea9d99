//! What every handler can reach. Core only: features read it, and nothing here knows a
//! feature, so no feature imports the router that assembles them.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::config::Config;
use crate::metrics::HttpMetrics;
use crate::outbound::Fetcher;
use crate::rate_limit::{LoginLimiter, RequestLimiter};
use crate::realtime::Realtime;
use crate::store::Store;
use crate::store::media::MediaStore;

/// The state handlers share; cheap to clone. A core module that needs only a part of it
/// (the realtime core its handle) takes that part (`FromRef`), so it never names this type.
#[derive(Clone, FromRef)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    pub login_limiter: LoginLimiter,
    pub realtime: Realtime,
    /// Where uploads are kept.
    pub media: MediaStore,
    /// Fetches what users hand the server a URL for, never from inside.
    pub fetcher: Fetcher,
    /// Budgets of cheap calls per client (the behaviour logs).
    pub request_limiter: RequestLimiter,
    /// Every route's latency, for `/metrics`.
    pub http_metrics: HttpMetrics,
}
