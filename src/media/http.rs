//! The upload calls of spec 001 §7 (`/svc/post/upload_photo`, `upload_text_image`,
//! `upload_audio`, `upload_album_art`, `upload_video`, `upload_image_url`), and the route of
//! `GET /media/{name}`, which serves what they kept (`serve.rs`).
//!
//! Multipart uploads carry the form key in the `X-Form-Key` header. A file that is refused
//! (too large, not what it should be) is a 400 `upload_refused` whose detail says why; a
//! photo upload of several files answers each file's fate instead, since some may be fine.

use axum::Router;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::images::{self, Prepared};
use super::limits::{ALBUM_ART_BYTES, AUDIO_BYTES, MAX_URL_CHARS, PHOTO_BYTES, VIDEO_BYTES};
use super::upload::{Received, Refusal, extension_of, receive};
use super::video;
use crate::auth::session::CurrentUser;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Form;
use crate::outbound::FetchError;
use crate::state::AppState;
use crate::store::media::content_type;

/// Photos one upload may carry (a photo set's size).
const PHOTOS_PER_UPLOAD: usize = 10;
/// Room for the multipart framing around the files.
const FRAMING: usize = 1024 * 1024;

const IMAGES: [&str; 4] = ["image/jpeg", "image/png", "image/gif", "image/webp"];
const MP3: [&str; 1] = ["audio/mpeg"];
const VIDEOS: [&str; 7] = [
    "video/mp4",
    "video/quicktime",
    "video/webm",
    "video/x-ms-wmv",
    "video/x-m4v",
    "video/x-msvideo",
    "video/x-matroska",
];

const PHOTO_TOO_LARGE: &str = "This photo is larger than 10 MB.";
const NOT_A_PHOTO: &str = "This file is not a photo (JPEG, PNG, GIF or WebP).";
const PHOTO_UNREADABLE: &str = "This photo could not be read.";
/// The message the composer knows to answer with the 100 MB dialog (spec 001 §8).
const VIDEO_TOO_LARGE: &str = "Video file is too large";
const NOT_A_VIDEO: &str = "This file is not a video (MP4, MOV, WebM or WMV).";
const AUDIO_TOO_LARGE: &str = "This audio file is larger than 10 MB.";
const NOT_AN_MP3: &str = "Only MP3 files can be uploaded.";
const ART_TOO_LARGE: &str = "This album art is larger than 10 MB.";
const PROTECTED_RECORDING: &str = "This recording is protected by copyright, so it can't be uploaded here. You can still post it from a music service: here are some matches.";

/// The media routes.
pub(crate) fn router() -> Router<AppState> {
    let photo_limit = PHOTOS_PER_UPLOAD * PHOTO_BYTES as usize + FRAMING;
    Router::new()
        .route(
            "/svc/post/upload_photo",
            post(upload_photo).layer(DefaultBodyLimit::max(photo_limit)),
        )
        .route(
            "/svc/post/upload_text_image",
            post(upload_text_image).layer(DefaultBodyLimit::max(PHOTO_BYTES as usize + FRAMING)),
        )
        .route(
            "/svc/post/upload_album_art",
            post(upload_album_art).layer(DefaultBodyLimit::max(ALBUM_ART_BYTES as usize + FRAMING)),
        )
        .route(
            "/svc/post/upload_audio",
            post(upload_audio).layer(DefaultBodyLimit::max(AUDIO_BYTES as usize + FRAMING)),
        )
        .route(
            "/svc/post/upload_video",
            post(upload_video).layer(DefaultBodyLimit::max(VIDEO_BYTES as usize + FRAMING)),
        )
        .route("/svc/post/upload_image_url", post(upload_image_url))
        .route("/media/{name}", get(super::serve::serve))
}

impl From<Refusal> for AppError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::NotKept => AppError::Internal(anyhow::anyhow!("an upload could not be kept")),
            refusal => AppError::bad_request(Code::UploadRefused, refusal.to_string()),
        }
    }
}

/// The multipart field that carries each upload call's file.
#[derive(Clone, Copy)]
#[cfg_attr(
    test,
    derive(ts_rs::TS),
    ts(export_to = "api/types/", rename_all = "snake_case")
)]
enum UploadField {
    /// `/svc/post/upload_photo`'s, once per photo.
    Photo,
    /// `/svc/post/upload_text_image`'s.
    Image,
    /// `/svc/post/upload_album_art`'s.
    AlbumArt,
    /// `/svc/post/upload_audio`'s.
    Audio,
    /// `/svc/post/upload_video`'s.
    Video,
}

impl UploadField {
    /// The field's name in the form.
    fn name(self) -> &'static str {
        match self {
            UploadField::Photo => "photo",
            UploadField::Image => "image",
            UploadField::AlbumArt => "album_art",
            UploadField::Audio => "audio",
            UploadField::Video => "video",
        }
    }
}

/// The next multipart field.
async fn next_field(
    parts: &mut Multipart,
) -> Result<Option<axum::extract::multipart::Field<'_>>, AppError> {
    parts
        .next_field()
        .await
        .map_err(|err| AppError::bad_request(Code::BadUpload, err.body_text()))
}

/// Receives the first file field `name` (other fields are skipped).
async fn receive_file(
    parts: &mut Multipart,
    name: UploadField,
    limit: u64,
    too_large: &'static str,
) -> Result<Received, AppError> {
    let dir = std::env::temp_dir();
    while let Some(field) = next_field(parts).await? {
        if field.name() == Some(name.name()) {
            return Ok(receive(field, &dir, limit, too_large).await?);
        }
    }
    Err(no_file(name))
}

fn no_file(name: UploadField) -> AppError {
    AppError::bad_request(
        Code::BadUpload,
        format!("Choose a file to upload (the {} field).", name.name()),
    )
}

/// A received image made ready and kept; `refused` names what was wrong.
async fn keep_image(app: &AppState, received: Received) -> Result<(String, Prepared), Refusal> {
    let extension = extension_of(received.kind, &IMAGES).ok_or(Refusal::WrongType(NOT_A_PHOTO))?;
    let bytes = tokio::fs::read(received.file.path())
        .await
        .map_err(|_| Refusal::NotKept)?;
    keep_image_bytes(app, bytes, extension).await
}

async fn keep_image_bytes(
    app: &AppState,
    bytes: Vec<u8>,
    extension: &'static str,
) -> Result<(String, Prepared), Refusal> {
    let prepared = tokio::task::spawn_blocking(move || images::prepare(bytes, extension))
        .await
        .ok()
        .flatten()
        .ok_or(Refusal::Unreadable(PHOTO_UNREADABLE))?;
    let name = app
        .media
        .put(prepared.bytes.clone().into(), extension)
        .await
        .map_err(|err| {
            tracing::error!(error = %err, "keeping an upload failed");
            Refusal::NotKept
        })?;
    Ok((media_url(&name), prepared))
}

pub(crate) use crate::store::media::media_url;

/// One photo's fate.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PhotoUpload {
    url: Option<String>,
    original_filename: String,
    width: u32,
    height: u32,
    error: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PhotoUploads {
    photos: Vec<PhotoUpload>,
}

async fn upload_photo(
    State(app): State<AppState>,
    _: CurrentUser,
    mut parts: Multipart,
) -> ApiResult<PhotoUploads> {
    let dir = std::env::temp_dir();
    let mut photos = Vec::new();
    while let Some(field) = next_field(&mut parts).await? {
        if field.name() != Some(UploadField::Photo.name()) {
            continue;
        }
        let original_filename = field.file_name().unwrap_or("").to_owned();
        let fate = if photos.len() >= PHOTOS_PER_UPLOAD {
            Err(Refusal::TooLarge("A photo set holds at most 10 photos."))
        } else {
            match receive(field, &dir, PHOTO_BYTES, PHOTO_TOO_LARGE).await {
                Ok(received) => keep_image(&app, received).await,
                Err(refusal) => Err(refusal),
            }
        };
        photos.push(match fate {
            Ok((url, prepared)) => PhotoUpload {
                url: Some(url),
                original_filename,
                width: prepared.width,
                height: prepared.height,
                error: None,
            },
            Err(refusal) => PhotoUpload {
                url: None,
                original_filename,
                width: 0,
                height: 0,
                error: Some(refusal.to_string()),
            },
        });
    }
    if photos.is_empty() {
        return Err(no_file(UploadField::Photo));
    }
    Ok(ok(PhotoUploads { photos }))
}

/// An image for inside a post's text.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct TextImageUpload {
    url: String,
    width: u32,
    height: u32,
    raw_width: u32,
    raw_height: u32,
    error: Option<String>,
}

async fn upload_text_image(
    State(app): State<AppState>,
    _: CurrentUser,
    mut parts: Multipart,
) -> ApiResult<TextImageUpload> {
    let received =
        receive_file(&mut parts, UploadField::Image, PHOTO_BYTES, PHOTO_TOO_LARGE).await?;
    let (url, prepared) = keep_image(&app, received).await?;
    Ok(ok(TextImageUpload {
        url,
        width: prepared.width,
        height: prepared.height,
        raw_width: prepared.raw_width,
        raw_height: prepared.raw_height,
        error: None,
    }))
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct AlbumArtUpload {
    url: String,
    error: Option<String>,
}

async fn upload_album_art(
    State(app): State<AppState>,
    _: CurrentUser,
    mut parts: Multipart,
) -> ApiResult<AlbumArtUpload> {
    let received = receive_file(
        &mut parts,
        UploadField::AlbumArt,
        ALBUM_ART_BYTES,
        ART_TOO_LARGE,
    )
    .await?;
    let (url, _) = keep_image(&app, received).await?;
    Ok(ok(AlbumArtUpload { url, error: None }))
}

/// An MP3's tags, named as the composer reads them (spec 001 §7).
#[derive(Serialize, Default)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[allow(non_snake_case)]
struct Id3 {
    Title: String,
    Artist: String,
    Album: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct AudioUpload {
    url: String,
    album_art_url: Option<String>,
    id3: Id3,
    /// The kept file's name.
    id: String,
    error: Option<String>,
}

async fn upload_audio(
    State(app): State<AppState>,
    _: CurrentUser,
    mut parts: Multipart,
) -> ApiResult<AudioUpload> {
    let received =
        receive_file(&mut parts, UploadField::Audio, AUDIO_BYTES, AUDIO_TOO_LARGE).await?;
    let extension = extension_of(received.kind, &MP3).ok_or(Refusal::WrongType(NOT_AN_MP3))?;
    let path = received.file.path().to_owned();
    let (id3, picture) = tokio::task::spawn_blocking(move || read_tags(&path))
        .await
        .unwrap_or_default();
    let bytes = tokio::fs::read(received.file.path())
        .await
        .map_err(|_| Refusal::NotKept)?;
    if app.media.is_protected(&bytes) {
        // 001 §8: the composer then searches music services for the track instead.
        let search_string = [id3.Artist.trim(), id3.Title.trim()]
            .into_iter()
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        return Err(AppError::Copyright {
            message: PROTECTED_RECORDING.to_owned(),
            search_string,
        });
    }
    let id = app
        .media
        .put(bytes.into(), extension)
        .await
        .map_err(|err| {
            tracing::error!(error = %err, "keeping an upload failed");
            Refusal::NotKept
        })?;
    // Album art embedded in the file, kept like an uploaded one; a picture that is not a
    // readable image is simply left out.
    let mut album_art_url = None;
    if let Some(picture) = picture
        && let Some(extension) = extension_of(infer::get(&picture), &IMAGES)
    {
        album_art_url = keep_image_bytes(&app, picture, extension)
            .await
            .ok()
            .map(|(url, _)| url);
    }
    Ok(ok(AudioUpload {
        url: media_url(&id),
        album_art_url,
        id3,
        id,
        error: None,
    }))
}

/// The title, artist and album of an audio file, and its first embedded picture.
fn read_tags(path: &std::path::Path) -> (Id3, Option<Vec<u8>>) {
    use lofty::prelude::*;
    // The received file has no extension: the type comes from its bytes, as everywhere.
    let Ok(probe) = lofty::probe::Probe::open(path) else {
        return Default::default();
    };
    let Ok(file) = probe.guess_file_type().map(|probe| probe.read()) else {
        return Default::default();
    };
    let Ok(file) = file else {
        return Default::default();
    };
    let Some(tag) = file.primary_tag().or_else(|| file.first_tag()) else {
        return Default::default();
    };
    let text = |value: Option<std::borrow::Cow<'_, str>>| {
        value.map(|v| v.trim().to_owned()).unwrap_or_default()
    };
    let id3 = Id3 {
        Title: text(tag.title()),
        Artist: text(tag.artist()),
        Album: text(tag.album()),
    };
    let picture = tag.pictures().first().map(|p| p.data().to_vec());
    (id3, picture)
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct VideoUpload {
    url: String,
    /// The kept file's name.
    key: String,
    /// Its content type.
    ch: String,
    /// 'landscape', 'portrait' or 'square', from the picture size read from an MP4, MOV or
    /// M4V's track header; empty, with width and height 0, for other containers.
    orientation: String,
    width: u32,
    height: u32,
    error: Option<String>,
}

async fn upload_video(
    State(app): State<AppState>,
    _: CurrentUser,
    mut parts: Multipart,
) -> ApiResult<VideoUpload> {
    let received =
        receive_file(&mut parts, UploadField::Video, VIDEO_BYTES, VIDEO_TOO_LARGE).await?;
    let extension = extension_of(received.kind, &VIDEOS).ok_or(Refusal::WrongType(NOT_A_VIDEO))?;
    let key = app
        .media
        .put_file(received.file.path(), extension)
        .await
        .map_err(|err| {
            tracing::error!(error = %err, "keeping an upload failed");
            AppError::from(Refusal::NotKept)
        })?;
    // Processing starts now, before the post is saved (`video/`).
    crate::video::queue_upload(&app.store, &app.config.video, &key).await?;
    let path = received.file.path().to_owned();
    let size = tokio::task::spawn_blocking(move || video::size_of(&path))
        .await
        .ok()
        .flatten();
    Ok(ok(VideoUpload {
        url: media_url(&key),
        ch: content_type(extension).unwrap_or("").to_owned(),
        key,
        orientation: size.map(|s| s.orientation()).unwrap_or("").to_owned(),
        width: size.map_or(0, |s| s.width),
        height: size.map_or(0, |s| s.height),
        error: None,
    }))
}

/// The fields of `/svc/post/upload_image_url`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct ImageUrlForm {
    /// The image's web address.
    #[serde(default)]
    url: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ImageUrlUpload {
    url: String,
    width: u32,
    height: u32,
    error: Option<String>,
}

/// Fetches an image from the web (never from a private address) and keeps it as a photo.
async fn upload_image_url(
    State(app): State<AppState>,
    _: CurrentUser,
    Form(form): Form<ImageUrlForm>,
) -> ApiResult<ImageUrlUpload> {
    let url = form.url.trim();
    if url.is_empty() || url.chars().count() >= MAX_URL_CHARS {
        return Err(AppError::bad_request(
            Code::UploadRefused,
            "Not a valid URL",
        ));
    }
    let fetched = app
        .fetcher
        .get(url, PHOTO_BYTES as usize)
        .await
        .map_err(|err| {
            let message = match err {
                FetchError::TooLarge(_) => PHOTO_TOO_LARGE.to_owned(),
                other => other.to_string(),
            };
            AppError::bad_request(Code::UploadRefused, message)
        })?;
    let extension =
        extension_of(infer::get(&fetched.body), &IMAGES).ok_or(Refusal::WrongType(NOT_A_PHOTO))?;
    let (url, prepared) = keep_image_bytes(&app, fetched.body, extension).await?;
    Ok(ok(ImageUrlUpload {
        url,
        width: prepared.width,
        height: prepared.height,
        error: None,
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<UploadField>();
    exports.add::<PhotoUpload>();
    exports.add::<PhotoUploads>();
    exports.add::<TextImageUpload>();
    exports.add::<AlbumArtUpload>();
    exports.add::<Id3>();
    exports.add::<AudioUpload>();
    exports.add::<VideoUpload>();
    exports.add::<ImageUrlForm>();
    exports.add::<ImageUrlUpload>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_the_server_cannot_keep_is_its_own_failure_not_the_uploaders() {
        use axum::http::StatusCode;
        assert_eq!(
            AppError::from(Refusal::NotKept).status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
        assert_eq!(
            AppError::from(Refusal::Interrupted).status(),
            StatusCode::BAD_REQUEST
        );
        assert_eq!(
            AppError::from(Refusal::TooLarge(PHOTO_TOO_LARGE)).status(),
            StatusCode::BAD_REQUEST
        );
    }
}
