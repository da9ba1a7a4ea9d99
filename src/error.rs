//! One error type for every handler, answered in the spec's envelope:
//! `{"meta":{"status":N,"msg":"..."},"response":[],"errors":[{"code":"...","detail":"..."}]}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::json;

/// What a handler can fail with. User mistakes carry their status and a clear detail;
/// everything else is `Internal`, logged in full and answered as a bare 500.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{detail}")]
    User {
        status: StatusCode,
        code: &'static str,
        detail: String,
    },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<sqlx::Error> for AppError {
    fn from(err: sqlx::Error) -> Self {
        AppError::Internal(err.into())
    }
}

impl AppError {
    fn user(status: StatusCode, code: &'static str, detail: impl Into<String>) -> AppError {
        AppError::User {
            status,
            code,
            detail: detail.into(),
        }
    }
    /// 400: the input is wrong.
    pub fn bad_request(code: &'static str, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::BAD_REQUEST, code, detail)
    }
    /// 401: the call needs a logged-in user.
    pub fn unauthorized(code: &'static str, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::UNAUTHORIZED, code, detail)
    }
    /// 401 for calls made without a logged-in session.
    pub fn not_logged_in() -> AppError {
        Self::unauthorized("not_logged_in", "You need to log in first.")
    }
    /// 403: not allowed, or the form key is missing or wrong.
    pub fn forbidden(code: &'static str, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::FORBIDDEN, code, detail)
    }
    /// 404.
    pub fn not_found(detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::NOT_FOUND, "not_found", detail)
    }
    /// 409: the name or address is already taken.
    pub fn conflict(code: &'static str, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::CONFLICT, code, detail)
    }
    /// 429.
    pub fn too_many(code: &'static str, detail: impl Into<String>) -> AppError {
        Self::user(StatusCode::TOO_MANY_REQUESTS, code, detail)
    }

    /// The HTTP status this error answers with.
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::User { status, .. } => *status,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The `meta` object of the envelope.
fn meta(status: StatusCode) -> serde_json::Value {
    json!({"status": status.as_u16(), "msg": status.canonical_reason().unwrap_or("")})
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let (code, detail) = match self {
            AppError::User { code, detail, .. } => (code, detail),
            AppError::Internal(err) => {
                tracing::error!(error = ?err, "internal error");
                (
                    "internal",
                    "Something went wrong on our side. Please try again.".into(),
                )
            }
        };
        let body = json!({
            "meta": meta(status),
            "response": [],
            "errors": [{"code": code, "detail": detail}],
        });
        (status, Json(body)).into_response()
    }
}

/// A successful answer in the envelope: `{"meta":{"status":200,"msg":"OK"},"response":...}`.
pub struct Envelope<T>(pub T);

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        let body = json!({"meta": meta(StatusCode::OK), "response": self.0});
        Json(body).into_response()
    }
}

/// What handlers return.
pub type ApiResult<T> = Result<Envelope<T>, AppError>;
