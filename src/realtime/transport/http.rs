//! `GET /ws`, the socket endpoint.

use axum::Router;
use axum::extract::{FromRef, State};
use axum::http::HeaderMap;
use axum::http::header::{HOST, ORIGIN};
use axum::response::Response;
use axum::routing::get;
use dashwire_protocol::MAX_CLIENT_FRAME_BYTES;
use serde::Deserialize;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::socket::{SocketContext, run};
use super::upgrade::Upgrade;
use crate::auth;
use crate::auth::session::MaybeSession;
use crate::error::{AppError, Code};
use crate::extract::Query;
use crate::realtime::Realtime;

/// The realtime routes, for any router state the core can be taken from.
pub(crate) fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Realtime: FromRef<S>,
{
    Router::new().route("/ws", get(upgrade))
}

#[derive(Deserialize)]
struct SocketQuery {
    /// A socket token from `POST /svc/user/socket_token`, for clients without the cookie.
    token: Option<String>,
}

async fn upgrade(
    State(realtime): State<Realtime>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<SocketQuery>,
    headers: HeaderMap,
    upgrade: Upgrade,
) -> Result<Response, AppError> {
    check_origin(&headers, &realtime.settings().allowed_origins)?;
    // A logged-in session, or a token's; a visitor's session reads public channels only.
    let session = match (session, query.token) {
        (Some(session), None) => session,
        (Some(session), Some(_)) if session.user_id.is_some() => session,
        (_, Some(token)) => auth::store::session_by_token(realtime.store(), &token)
            .await?
            .ok_or_else(|| {
                AppError::unauthorized(Code::BadToken, "That socket token is unknown or expired.")
            })?,
        _ => return Err(AppError::not_logged_in()),
    };
    let codec = upgrade.codec();
    let settings = realtime.settings();
    let context = SocketContext {
        realtime: realtime.clone(),
        user_id: session.user_id,
        session: session.token_hash,
        codec,
    };
    let tracker = realtime.sockets().clone();
    // Frames above our own limit are refused with 1009 by the socket task; this hard cap
    // keeps a hostile client from making tungstenite buffer more than that at all (a frame
    // over it is refused unread, and the socket drains it: `upgrade.rs`).
    let config = WebSocketConfig::default()
        .read_buffer_size(settings.read_buffer_size)
        .max_message_size(Some(MAX_CLIENT_FRAME_BYTES * 16))
        .max_frame_size(Some(MAX_CLIENT_FRAME_BYTES * 16));
    Ok(upgrade.on_upgrade(config, move |socket| {
        tracker.track_future(run(socket, context))
    }))
}

/// Browsers send `Origin` on socket upgrades and carry cookies cross-site; a page on another
/// site must not be able to open a socket as the user. Clients that send no `Origin` (load
/// tools, servers) are not browsers and carry no one else's cookie.
fn check_origin(headers: &HeaderMap, allowed: &[String]) -> Result<(), AppError> {
    let Some(origin) = headers.get(ORIGIN).and_then(|o| o.to_str().ok()) else {
        return Ok(());
    };
    let host = headers
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let own = [format!("http://{host}"), format!("https://{host}")];
    if own
        .iter()
        .chain(allowed)
        .any(|o| o.eq_ignore_ascii_case(origin))
    {
        Ok(())
    } else {
        Err(AppError::forbidden(
            Code::BadOrigin,
            format!("Sockets from {origin} are not allowed."),
        ))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(origin: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(HOST, HeaderValue::from_static("127.0.0.1:8080"));
        if let Some(origin) = origin {
            h.insert(ORIGIN, HeaderValue::from_str(origin).unwrap());
        }
        h
    }

    #[test]
    fn origin_must_be_our_own_or_allowed() {
        assert!(check_origin(&headers(None), &[]).is_ok());
        assert!(check_origin(&headers(Some("http://127.0.0.1:8080")), &[]).is_ok());
        assert!(check_origin(&headers(Some("https://evil.example")), &[]).is_err());
        let allowed = vec!["https://app.example".to_owned()];
        assert!(check_origin(&headers(Some("https://app.example")), &allowed).is_ok());
    }
}
