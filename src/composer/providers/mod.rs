//! Audio and video services (spotify, soundcloud, bandcamp, youtube): what the composer asks
//! of them (a track's details, a search, a video's embed), behind one trait.
//!
//! These machines cannot reach the services, so the implementation the server runs,
//! [`Offline`], answers from the URL alone: the service, the track or video id, the player
//! to embed. A search finds nothing. Another implementation (a real client) plugs in where
//! `app.rs` builds the state, without the composer's calls changing.

use futures_util::future::BoxFuture;
use serde::Serialize;

use super::media_urls::{audio_player, audio_source, video_source};

/// What a service says about an audio URL (spec 001 §7 `get_{service}_data`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct AudioData {
    pub service: String,
    pub url: String,
    /// The service's player, when it has one to embed.
    pub embed_url: String,
    pub track_title: String,
    pub track_artist: String,
    pub track_album: String,
    pub album_art: String,
}

/// One result of an audio search.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct AudioResult {
    pub service: String,
    pub url: String,
    pub title: String,
    pub artist: String,
    pub thumbnail: String,
}

/// What a video URL embeds as (spec 001 §3 Embed data).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct EmbedData {
    pub url: String,
    pub thumbnail: String,
    /// The player's address, for an iframe (empty for a video file).
    pub preview_iframe: String,
    pub embed_code: String,
    /// The URL names no player the composer can show.
    pub unsupported: bool,
}

/// The services' lookups.
pub trait MediaProviders: Send + Sync + 'static {
    /// Details of a track on `service`; `None` when the URL is not one of its tracks.
    fn audio_data<'a>(&'a self, service: &'a str, url: &'a str)
    -> BoxFuture<'a, Option<AudioData>>;
    /// Tracks matching `query` on `provider` (spotify, soundcloud), at most `limit`.
    fn search_audio<'a>(
        &'a self,
        query: &'a str,
        provider: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Vec<AudioResult>>;
    /// How a video URL embeds.
    fn video_data<'a>(&'a self, url: &'a str, width: u32) -> BoxFuture<'a, EmbedData>;
}

/// The services known by their URLs only (see the module's note).
pub struct Offline;

impl MediaProviders for Offline {
    fn audio_data<'a>(
        &'a self,
        service: &'a str,
        url: &'a str,
    ) -> BoxFuture<'a, Option<AudioData>> {
        let found = audio_source(url)
            .filter(|s| s.service == service)
            .map(|source| {
                let embed_url = audio_player(source.service, &source.url);
                AudioData {
                    service: source.service.to_owned(),
                    url: source.url,
                    embed_url,
                    track_title: String::new(),
                    track_artist: String::new(),
                    track_album: String::new(),
                    album_art: String::new(),
                }
            });
        Box::pin(std::future::ready(found))
    }

    fn search_audio<'a>(
        &'a self,
        _query: &'a str,
        _provider: &'a str,
        _limit: usize,
    ) -> BoxFuture<'a, Vec<AudioResult>> {
        Box::pin(std::future::ready(Vec::new()))
    }

    fn video_data<'a>(&'a self, url: &'a str, width: u32) -> BoxFuture<'a, EmbedData> {
        let data = match video_source(url) {
            Ok(source) => {
                let height = width * 9 / 16;
                let embed_code = if source.embed_url.is_empty() {
                    format!(
                        "<video src=\"{}\" width=\"{width}\" controls></video>",
                        source.url
                    )
                } else {
                    format!(
                        "<iframe src=\"{}\" width=\"{width}\" height=\"{height}\" allowfullscreen></iframe>",
                        source.embed_url
                    )
                };
                EmbedData {
                    thumbnail: youtube_thumbnail(&source.embed_url),
                    preview_iframe: source.embed_url,
                    url: source.url,
                    embed_code,
                    unsupported: false,
                }
            }
            Err(_) => EmbedData {
                url: url.to_owned(),
                thumbnail: String::new(),
                preview_iframe: String::new(),
                embed_code: String::new(),
                unsupported: true,
            },
        };
        Box::pin(std::future::ready(data))
    }
}

/// A youtube video's thumbnail, which follows from its id.
fn youtube_thumbnail(embed_url: &str) -> String {
    embed_url
        .strip_prefix("https://www.youtube.com/embed/")
        .map(|id| format!("https://i.ytimg.com/vi/{id}/hqdefault.jpg"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn offline_lookups_answer_from_the_url() {
        let spotify = Offline
            .audio_data("spotify", "https://open.spotify.com/track/abc")
            .await
            .unwrap();
        assert_eq!(
            spotify.embed_url,
            "https://open.spotify.com/embed/track/abc"
        );
        assert!(
            Offline
                .audio_data("soundcloud", "https://open.spotify.com/track/abc")
                .await
                .is_none()
        );
        assert!(Offline.search_audio("blue", "spotify", 4).await.is_empty());
        let video = Offline
            .video_data("https://youtu.be/dQw4w9WgXcQ", 540)
            .await;
        assert_eq!(
            video.thumbnail,
            "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"
        );
        assert!(video.embed_code.contains("height=\"303\""));
        assert!(
            Offline
                .video_data("https://example.com/page", 540)
                .await
                .unsupported
        );
    }
}
