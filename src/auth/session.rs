//! The session middleware, the form-key gate, and the extractors handlers use to learn who
//! is calling.
//!
//! `load_session` runs for every request: it resolves the cookie to a stored session and, for
//! every state-changing method, refuses the request unless it carries that session's form key
//! (form field `form_key`, or header `X-Form-Key`). A request with an app's bearer token is
//! made as the app's user instead (`apps.rs`). Handlers then read the session from the
//! request's extensions through [`MaybeSession`] or [`CurrentUser`] without another query.

use axum::body::{Body, to_bytes};
use axum::extract::{FromRequestParts, Request, State};
use axum::http::header::{CONTENT_TYPE, COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;

use super::apps;
use super::store;
use super::store::{SESSION_IDLE_SECS, Session};
use crate::error::{AppError, Code};
use crate::store::Store;

/// The session cookie's name.
pub const COOKIE_NAME: &str = "dashwire_session";
/// The header that carries the form key for JSON bodies.
pub(crate) const FORM_KEY_HEADER: &str = "x-form-key";
/// Form bodies larger than this are refused before the form key is looked for.
const MAX_FORM_BYTES: usize = 1 << 20;

/// The field every state-changing form carries (a JSON body sends the `X-Form-Key` header
/// instead), and `GET /logout`'s query.
#[derive(serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
pub(crate) struct FormKeyField {
    /// The session's form key (`/svc/user/info` answers it).
    pub form_key: Option<String>,
}

/// The caller's session, if the cookie named a live one.
#[derive(Clone, Debug)]
pub(crate) struct MaybeSession(pub Option<Session>);

/// A logged-in caller; extracting it answers 401 for a visitor.
#[derive(Clone, Debug)]
pub(crate) struct CurrentUser {
    pub user_id: i64,
    pub session: Session,
}

impl<S: Send + Sync> FromRequestParts<S> for MaybeSession {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, AppError> {
        Ok(parts
            .extensions
            .get::<MaybeSession>()
            .cloned()
            .unwrap_or(MaybeSession(None)))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let MaybeSession(session) = MaybeSession::from_request_parts(parts, state).await?;
        match session {
            Some(
                session @ Session {
                    user_id: Some(user_id),
                    ..
                },
            ) => Ok(CurrentUser { user_id, session }),
            _ => Err(AppError::not_logged_in()),
        }
    }
}

/// The session token from the request's cookies.
pub(crate) fn token_from_headers(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE_NAME)
        .map(|(_, value)| value.to_owned())
}

/// The `Set-Cookie` value that hands `token` to the browser.
pub(crate) fn session_cookie(token: &str, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let value = format!(
        "{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_IDLE_SECS}{secure}"
    );
    HeaderValue::from_str(&value).expect("hex token is a valid header value")
}

/// The `Set-Cookie` value that removes the session cookie.
pub(crate) fn clear_cookie() -> HeaderValue {
    HeaderValue::from_static("dashwire_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
}

/// The behaviour log calls a browser's beacon makes (`client_log/`): a beacon sends no
/// header of ours and its body is not a form, so these take no form key. They change nothing
/// but the log, and are rate-limited instead. Only these paths: a request without its form key
/// must never reach a call that changes something.
pub(crate) const BEACON_PATHS: [&str; 3] = ["/services/cslog", "/services/bblog", "/svc/log/lady"];

/// Resolves the session and enforces the form key on state-changing requests.
pub(crate) async fn load_session(
    State(store): State<Store>,
    request: Request,
    next: Next,
) -> Result<Response, AppError> {
    if let Some(token) = apps::bearer_token(request.headers()) {
        let token = token.to_owned();
        return app_request(&store, &token, request, next).await;
    }
    let session = match token_from_headers(request.headers()) {
        Some(token) => store::session_by_token(&store, &token).await?,
        None => None,
    };
    let (mut parts, body) = request.into_parts();
    // A browser's beacon (the behaviour logs) cannot send our header, and its body is not a
    // form: those calls change nothing but the log, and are rate-limited instead.
    let beacon = BEACON_PATHS.contains(&parts.uri.path());
    let body = if changes_state(&parts.method) && !beacon {
        let (presented, body) = presented_form_key(&parts.headers, body).await?;
        let expected = session.as_ref().map(|s| s.form_key.as_str());
        check_form_key(presented.as_deref(), expected)?;
        body
    } else {
        body
    };
    parts.extensions.insert(MaybeSession(session));
    Ok(next.run(Request::from_parts(parts, body)).await)
}

/// A request made with an app's token: as the token's user, only the calls an app may make,
/// with no form key (a browser never adds an `Authorization` header of its own accord, so
/// another site cannot make such a request) and no cookie read.
async fn app_request(
    store: &Store,
    token: &str,
    request: Request,
    next: Next,
) -> Result<Response, AppError> {
    let Some(app) = apps::app_by_token(store, token).await? else {
        return Err(AppError::unauthorized(Code::BadAppToken, apps::BAD_TOKEN));
    };
    let (mut parts, body) = request.into_parts();
    if !apps::may_call(&parts.method, parts.uri.path()) {
        return Err(AppError::forbidden(Code::AppNotAllowed, apps::NOT_ALLOWED));
    }
    parts.extensions.insert(MaybeSession(Some(Session {
        token_hash: format!("app:{}", app.id),
        user_id: Some(app.user_id),
        form_key: String::new(),
        last_seen_at: crate::store::now_secs(),
    })));
    parts.extensions.insert(app);
    Ok(next.run(Request::from_parts(parts, body)).await)
}

fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The form key the request presents: the header if set, else the `form_key` field of a
/// form-encoded body. The body is buffered to look and handed back for the handler.
async fn presented_form_key(
    headers: &HeaderMap,
    body: Body,
) -> Result<(Option<String>, Body), AppError> {
    if let Some(key) = headers.get(FORM_KEY_HEADER).and_then(|v| v.to_str().ok()) {
        return Ok((Some(key.to_owned()), body));
    }
    let is_form = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("application/x-www-form-urlencoded"));
    if !is_form {
        return Ok((None, body));
    }
    let bytes = to_bytes(body, MAX_FORM_BYTES)
        .await
        .map_err(|_| AppError::bad_request(Code::BodyTooLarge, "The form is too large."))?;
    let key = crate::extract::Pairs::parse(&bytes)
        .read::<FormKeyField>()
        .ok()
        .and_then(|field| field.form_key);
    Ok((key, Body::from(bytes)))
}

fn check_form_key(presented: Option<&str>, expected: Option<&str>) -> Result<(), AppError> {
    match (presented, expected) {
        (Some(presented), Some(expected)) if constant_time_eq(presented, expected) => Ok(()),
        (None, _) => Err(AppError::forbidden(
            Code::BadFormKey,
            "This request is missing its form key. Reload the page and try again.",
        )),
        _ => Err(AppError::forbidden(
            Code::BadFormKey,
            "This form has expired or its form key is wrong. Reload the page and try again.",
        )),
    }
}

/// Whether `presented` is the session's form key (a navigation's query carries it where a
/// form's body cannot: `GET /logout?form_key=…`).
pub(crate) fn form_key_matches(session: &Session, presented: Option<&str>) -> bool {
    presented.is_some_and(|key| constant_time_eq(key, &session.form_key))
}

/// Compares without stopping at the first difference, so timing does not leak the key.
fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_session_cookie_among_others() {
        let mut headers = HeaderMap::new();
        headers.insert(
            COOKIE,
            HeaderValue::from_static("a=1; dashwire_session=abc; b=2"),
        );
        assert_eq!(token_from_headers(&headers).as_deref(), Some("abc"));
        assert_eq!(token_from_headers(&HeaderMap::new()), None);
    }

    #[test]
    fn form_key_must_match() {
        assert!(check_form_key(Some("k"), Some("k")).is_ok());
        assert!(check_form_key(Some("k"), Some("j")).is_err());
        assert!(check_form_key(None, Some("k")).is_err());
        assert!(check_form_key(Some("k"), None).is_err());
    }
}
