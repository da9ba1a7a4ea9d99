//! Uploaded media: photos, videos, audio and album art, their limits (spec 001 §5), the
//! calls that receive them and the address that serves them. The files themselves are kept
//! by the core's media store (`store::media`: a local folder or an S3-compatible bucket).

mod http;
mod images;
mod serve;
mod upload;
mod video;

#[cfg(test)]
pub(crate) use http::typescript;
pub(crate) use http::{media_url, router};

/// The upload limits of spec 001 §5 and §9.
pub(crate) mod limits {
    /// A photo, inline image, audio file or album art, at most (10 MiB).
    pub(crate) const PHOTO_BYTES: u64 = 10_485_760;
    pub(crate) const AUDIO_BYTES: u64 = 10_485_760;
    pub(crate) const ALBUM_ART_BYTES: u64 = 10_485_760;
    /// A video, at most (100 MiB).
    pub(crate) const VIDEO_BYTES: u64 = 104_857_600;
    /// JPEG and PNG photos are scaled to fit this many pixels a side.
    pub(crate) const MAX_IMAGE_DIMENSION: u32 = 1080;
    /// A URL handed to the server (an image to fetch, a link), at most.
    pub(crate) const MAX_URL_CHARS: usize = 2048;
}
