//! The behaviour log calls (spec 002 §7 Logging): plain-text JSON bodies (a browser's
//! `sendBeacon`), each checked (`bodies.rs`), bounded in size and in calls per client per
//! minute, counted in /metrics and written to the structured log under the target
//! `dashwire::behaviour`. A malformed body is a 400 and never reaches the log. The three
//! beacon calls take no form key (`auth::session::BEACON_PATHS`; tests/client_log.rs posts to
//! each without one).

use std::net::SocketAddr;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::{ConnectInfo, State};
use axum::routing::post;
use serde::Serialize;

use super::bodies::{Endpoint, MAX_BODY_BYTES, read};
use crate::auth::session::{CurrentUser, MaybeSession};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Form;
use crate::realtime::metrics::ClientLogLabels;
use crate::state::AppState;

/// Log calls one client (a session, else an address) may make in a minute on one node: a
/// page flushes every 15 s, and on each hide.
pub(crate) const LOG_CALLS_PER_MINUTE: u32 = 30;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/services/cslog", post(cslog))
        .route("/services/bblog", post(bblog))
        .route("/svc/log/lady", post(lady))
        .route("/svc/log/conversion", post(conversion))
}

/// What a log call took.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct LogAnswer {
    /// Events written to the log.
    accepted: usize,
}

/// The fields of `POST /svc/log/conversion`.
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ConversionForm {
    /// The conversion as JSON: `{"name": "CONVERSION_ACTION_HTML5_VIDEO", "extra": {…}}`.
    log: String,
}

async fn cslog(
    state: State<AppState>,
    session: MaybeSession,
    peer: ConnectInfo<SocketAddr>,
    body: Body,
) -> ApiResult<LogAnswer> {
    accept(state, session, peer, Endpoint::Cslog, body).await
}

async fn bblog(
    state: State<AppState>,
    session: MaybeSession,
    peer: ConnectInfo<SocketAddr>,
    body: Body,
) -> ApiResult<LogAnswer> {
    accept(state, session, peer, Endpoint::Bblog, body).await
}

async fn lady(
    state: State<AppState>,
    session: MaybeSession,
    peer: ConnectInfo<SocketAddr>,
    body: Body,
) -> ApiResult<LogAnswer> {
    accept(state, session, peer, Endpoint::Lady, body).await
}

/// The video player's conversion log: for a signed-in user only (spec 002 §5, §6).
async fn conversion(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<ConversionForm>,
) -> ApiResult<LogAnswer> {
    let key = format!("session:{}", user.session.token_hash);
    let bytes = form.log.into_bytes();
    take(&app, Endpoint::Conversion, &key, Some(user.user_id), &bytes)
}

async fn accept(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    endpoint: Endpoint,
    body: Body,
) -> ApiResult<LogAnswer> {
    let key = match &session {
        Some(session) => format!("session:{}", session.token_hash),
        None => format!("ip:{}", peer.ip()),
    };
    // Read one byte past the bound, so that a body of exactly the bound is read whole.
    let bytes = match to_bytes(body, MAX_BODY_BYTES + 1).await {
        Ok(bytes) if bytes.len() <= MAX_BODY_BYTES => bytes,
        _ => {
            count(&app, endpoint, "too_large");
            return Err(AppError::too_large(format!(
                "A log body is at most {MAX_BODY_BYTES} bytes."
            )));
        }
    };
    let user = session.and_then(|s| s.user_id);
    take(&app, endpoint, &key, user, &bytes)
}

/// Checks the budget and the body, then writes the events to the log.
fn take(
    app: &AppState,
    endpoint: Endpoint,
    key: &str,
    user: Option<i64>,
    body: &[u8],
) -> ApiResult<LogAnswer> {
    if app
        .request_limiter
        .check(key, LOG_CALLS_PER_MINUTE)
        .is_err()
    {
        count(app, endpoint, "rate_limited");
        return Err(AppError::too_many(
            Code::TooManyAttempts,
            format!("At most {LOG_CALLS_PER_MINUTE} log calls a minute."),
        ));
    }
    let events = match read(endpoint, body) {
        Ok(events) => events,
        Err(reason) => {
            count(app, endpoint, "malformed");
            return Err(AppError::bad_request(Code::BadJson, reason));
        }
    };
    for event in &events {
        tracing::info!(
            target: "dashwire::behaviour",
            endpoint = endpoint.name(),
            user,
            event = %event.name,
            detail = %event.detail,
        );
    }
    count(app, endpoint, "accepted");
    app.realtime
        .metrics()
        .client_log_events
        .inc_by(events.len() as u64);
    Ok(ok(LogAnswer {
        accepted: events.len(),
    }))
}

fn count(app: &AppState, endpoint: Endpoint, outcome: &'static str) {
    app.realtime
        .metrics()
        .client_log_requests
        .get_or_create(&ClientLogLabels {
            endpoint: endpoint.name(),
            outcome,
        })
        .inc();
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<LogAnswer>();
    exports.add::<ConversionForm>();
}
