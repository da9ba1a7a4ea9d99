//! Axum's `Form` and `Query` with their rejections answered in the spec's envelope, so a
//! malformed body is a clear 400 rather than a plain-text 422.

use axum::extract::FromRequest;
use axum::extract::FromRequestParts;
use axum::extract::rejection::{FormRejection, JsonRejection, QueryRejection};

use crate::error::{AppError, Code};

/// A form-encoded body (`application/x-www-form-urlencoded`).
#[derive(FromRequest)]
#[from_request(via(axum::Form), rejection(AppError))]
pub struct Form<T>(pub T);

/// A JSON body (`application/json`).
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct Json<T>(pub T);

/// The query string.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);

impl From<FormRejection> for AppError {
    fn from(rejection: FormRejection) -> Self {
        AppError::bad_request(Code::BadForm, rejection.body_text())
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        AppError::bad_request(Code::BadJson, rejection.body_text())
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        AppError::bad_request(Code::BadQuery, rejection.body_text())
    }
}

/// Reads a spec-style boolean flag (`1`, `true`, `yes`, `on`); anything else is false.
pub fn flag(value: &Option<String>) -> bool {
    matches!(
        value.as_deref().map(str::to_ascii_lowercase).as_deref(),
        Some("1" | "true" | "yes" | "on")
    )
}

/// A form-encoded body or query string read as its raw pairs, for calls whose fields repeat
/// (`participants[]=a&participants[]=b`), which serde's form reader cannot collect.
pub struct Pairs(pub Vec<(String, String)>);

impl Pairs {
    /// Parses `a=1&b=2`.
    pub fn parse(raw: &[u8]) -> Pairs {
        Pairs(
            url::form_urlencoded::parse(raw)
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect(),
        )
    }

    /// The first value of a field.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every value of `name` or `name[]`, with comma-separated values split apart.
    pub fn list(&self, name: &str) -> Vec<String> {
        let bracketed = format!("{name}[]");
        self.0
            .iter()
            .filter(|(k, _)| *k == name || *k == bracketed)
            .flat_map(|(_, v)| v.split(','))
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
            .collect()
    }
}

impl<S: Send + Sync> axum::extract::FromRequest<S> for Pairs {
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, AppError> {
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|e| AppError::bad_request(Code::BadForm, e.body_text()))?;
        Ok(Pairs::parse(&bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_collect_repeated_and_comma_separated_fields() {
        let pairs =
            Pairs::parse(b"participants%5B%5D=a.host&participants[]=b.host&x=1&participants=c,d");
        assert_eq!(pairs.list("participants"), ["a.host", "b.host", "c", "d"]);
        assert_eq!(pairs.get("x"), Some("1"));
        assert_eq!(pairs.get("y"), None);
    }
}
