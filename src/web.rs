//! The built web app (`web/dist`), embedded in the binary and served at `/`.
//!
//! Hashed assets under `/assets/` are cached for good; everything else that is not an API
//! route is a client route and gets `index.html`.

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::error::AppError;

#[derive(RustEmbed)]
#[folder = "web/dist"]
struct Assets;

/// `index.html`, for every client route (`/dashboard`, `/blog/{name}`, ...).
pub(crate) async fn index() -> Response {
    match Assets::get("index.html") {
        Some(file) => (
            [
                (CONTENT_TYPE, "text/html; charset=utf-8"),
                (CACHE_CONTROL, "no-cache"),
            ],
            file.data,
        )
            .into_response(),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web app was not built: run `npm ci && npm run build` in web/.",
        )
            .into_response(),
    }
}

/// The fallback: a built file if one has this path, a JSON 404 under the API prefixes, else
/// the app's `index.html`.
pub(crate) async fn static_or_index(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty()
        && let Some(file) = Assets::get(path)
    {
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        let cache = if path.starts_with("assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "public, max-age=3600"
        };
        return (
            [
                (CONTENT_TYPE, mime.as_ref().to_owned()),
                (CACHE_CONTROL, cache.to_owned()),
            ],
            file.data,
        )
            .into_response();
    }
    if is_api_path(path) {
        return AppError::not_found(format!("No such call: /{path}")).into_response();
    }
    index().await
}

fn is_api_path(path: &str) -> bool {
    [
        "svc/", "assets/", "avatar/", "media/", "ws", "metrics", "healthz",
    ]
    .iter()
    .any(|prefix| path.starts_with(prefix))
}

/// Text made safe to put in HTML, between tags or in a quoted attribute.
pub(crate) fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_html_reads() {
        assert_eq!(escape_html("<b>&\"'"), "&lt;b&gt;&amp;&quot;&#39;");
    }
}
