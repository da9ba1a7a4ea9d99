//! Axum's `Form` and `Query` with their rejections answered in the spec's envelope, so a
//! malformed body is a clear 400 rather than a plain-text 422.

use axum::extract::FromRequest;
use axum::extract::FromRequestParts;
use axum::extract::rejection::{FormRejection, QueryRejection};

use crate::error::AppError;

/// A form-encoded body (`application/x-www-form-urlencoded`).
#[derive(FromRequest)]
#[from_request(via(axum::Form), rejection(AppError))]
pub struct Form<T>(pub T);

/// The query string.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);

impl From<FormRejection> for AppError {
    fn from(rejection: FormRejection) -> Self {
        AppError::bad_request("bad_form", rejection.body_text())
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::bad_request("bad_query", rejection.body_text())
    }
}

/// Reads a spec-style boolean flag (`1`, `true`, `yes`, `on`); anything else is false.
pub fn flag(value: &Option<String>) -> bool {
    matches!(
        value.as_deref().map(str::to_ascii_lowercase).as_deref(),
        Some("1" | "true" | "yes" | "on")
    )
}
