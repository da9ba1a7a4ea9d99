//! `GET /media/{name}`: the files the uploads kept (`http.rs`), from the core's media store,
//! cached for good and served in byte ranges to the video players that seek.

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header::{
    ACCEPT_RANGES, CACHE_CONTROL, CONTENT_LENGTH, CONTENT_RANGE, CONTENT_TYPE, RANGE,
};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::TryStreamExt;

use crate::error::AppError;
use crate::state::AppState;
use crate::store::media::{content_type, is_media_name};

/// `GET /media/{name}`: a kept file, cached for good (its name is its content), with byte
/// ranges for video players that seek.
pub(super) async fn serve(
    State(app): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let extension = name.rsplit('.').next().unwrap_or("");
    let (true, Some(kind)) = (is_media_name(&name), content_type(extension)) else {
        return Err(AppError::not_found("No such file."));
    };
    let range = headers
        .get(RANGE)
        .and_then(|v| v.to_str().ok())
        .and_then(parse_range);
    let opened = match app.media.open(&name, range.clone()).await {
        Ok(Some(opened)) => opened,
        Ok(None) => return Err(AppError::not_found("No such file.")),
        // A range past the end, for one.
        Err(object_store::Error::Generic { .. })
        | Err(object_store::Error::NotImplemented { .. })
            if range.is_some() =>
        {
            return Ok((
                StatusCode::RANGE_NOT_SATISFIABLE,
                [(CONTENT_RANGE, "bytes */*".to_owned())],
            )
                .into_response());
        }
        Err(err) => return Err(AppError::Internal(err.into())),
    };
    let sent = opened.range.end - opened.range.start;
    let status = if range.is_some() {
        StatusCode::PARTIAL_CONTENT
    } else {
        StatusCode::OK
    };
    let mut response = Response::builder()
        .status(status)
        .header(CONTENT_TYPE, kind)
        .header(CONTENT_LENGTH, sent)
        .header(ACCEPT_RANGES, "bytes")
        .header(CACHE_CONTROL, "public, max-age=31536000, immutable");
    if range.is_some() {
        let last = opened.range.end.saturating_sub(1);
        response = response.header(
            CONTENT_RANGE,
            format!("bytes {}-{last}/{}", opened.range.start, opened.size),
        );
    }
    let body = Body::from_stream(opened.body.map_err(std::io::Error::other));
    response
        .body(body)
        .map_err(|err| AppError::Internal(err.into()))
}

/// One `bytes=start-end` or `bytes=start-` range (the ranges video players ask for).
fn parse_range(header: &str) -> Option<std::ops::Range<u64>> {
    let spec = header.trim().strip_prefix("bytes=")?;
    if spec.contains(',') {
        return None;
    }
    let (start, end) = spec.split_once('-')?;
    let start: u64 = start.trim().parse().ok()?;
    let end: u64 = match end.trim() {
        "" => u64::MAX,
        end => end.parse::<u64>().ok()?.checked_add(1)?,
    };
    (end > start).then_some(start..end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_read_as_video_players_ask() {
        assert_eq!(parse_range("bytes=0-99"), Some(0..100));
        assert_eq!(parse_range("bytes=100-"), Some(100..u64::MAX));
        assert_eq!(parse_range("bytes=5-1"), None);
        assert_eq!(parse_range("bytes=0-1,5-6"), None);
        assert_eq!(parse_range("items=0-1"), None);
    }
}
