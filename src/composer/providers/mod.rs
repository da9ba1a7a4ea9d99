//! Audio and video services (spotify, soundcloud, apple_music, bandcamp, youtube): what the
//! composer asks of them (a track's details, a search, a video's embed), behind one trait.
//!
//! [`Offline`] answers from the URL alone: the service, the track or video id, the player to
//! embed; it cannot search. [`Online`] asks the services the server is configured for
//! (Spotify's Web API, `spotify.rs`; SoundCloud's, `soundcloud.rs`; the keyless iTunes Search
//! API for Apple Music, `itunes.rs`; YouTube's Data API for the copyright fallback's video
//! search, `youtube.rs`) and falls back to [`Offline`] for the rest, and when a service fails
//! or is slow: the composer always gets the URL's answer.

mod answers;
mod itunes;
mod soundcloud;
mod spotify;
mod youtube;

pub(crate) use answers::{AudioData, AudioResult, EmbedData};

use std::sync::Arc;

use futures_util::future::BoxFuture;

use super::media_urls::{audio_player, audio_source, video_source};
use crate::config::AudioSettings;
use itunes::ITunes;
use soundcloud::SoundCloud;
use spotify::Spotify;
use youtube::YouTube;

/// The services' lookups.
pub(crate) trait MediaProviders: Send + Sync + 'static {
    /// Details of a track on `service`; `None` when the URL is not one of its tracks.
    fn audio_data<'a>(&'a self, service: &'a str, url: &'a str)
    -> BoxFuture<'a, Option<AudioData>>;
    /// Tracks matching `query` on `provider` (spotify, soundcloud, apple_music; youtube's
    /// videos), at most `limit`; `None` when this server cannot search that service.
    fn search_audio<'a>(
        &'a self,
        query: &'a str,
        provider: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Option<Vec<AudioResult>>>;
    /// How a video URL embeds.
    fn video_data<'a>(&'a self, url: &'a str, width: u32) -> BoxFuture<'a, EmbedData>;
}

/// The services known by their URLs only (see the module's note).
pub(crate) struct Offline;

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
    ) -> BoxFuture<'a, Option<Vec<AudioResult>>> {
        Box::pin(std::future::ready(None))
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

/// The services the server has keys for, and [`Offline`] for the rest.
pub(crate) struct Online {
    spotify: Option<Spotify>,
    soundcloud: Option<SoundCloud>,
    apple_music: Option<ITunes>,
    youtube: Option<YouTube>,
}

/// A service's client, or none (said in the log) when it could not be made.
fn made<T>(service: &str, client: anyhow::Result<T>) -> Option<T> {
    match client {
        Ok(client) => {
            tracing::info!(service, "audio search and track details on");
            Some(client)
        }
        Err(err) => {
            tracing::warn!(service, error = %err, "this audio service is off: its client could not be made");
            None
        }
    }
}

/// The providers `settings` allow: [`Online`] with the services that have keys, or
/// [`Offline`] when none has.
pub(crate) fn from_settings(settings: &AudioSettings) -> Arc<dyn MediaProviders> {
    let spotify = match (&settings.spotify_client_id, &settings.spotify_client_secret) {
        (Some(id), Some(secret)) => made(
            "spotify",
            Spotify::new(
                &settings.spotify_accounts_url,
                &settings.spotify_api_url,
                id,
                secret,
            ),
        ),
        _ => None,
    };
    let soundcloud = settings.soundcloud_client_id.as_deref().and_then(|id| {
        made(
            "soundcloud",
            SoundCloud::new(&settings.soundcloud_api_url, id),
        )
    });
    let apple_music = settings
        .itunes_search
        .then(|| made("apple_music", ITunes::new(&settings.itunes_api_url)))
        .flatten();
    let youtube = settings
        .youtube_api_key
        .as_deref()
        .and_then(|key| made("youtube", YouTube::new(&settings.youtube_api_url, key)));
    if spotify.is_none() && soundcloud.is_none() && apple_music.is_none() && youtube.is_none() {
        return Arc::new(Offline);
    }
    Arc::new(Online {
        spotify,
        soundcloud,
        apple_music,
        youtube,
    })
}

impl Online {
    async fn details(&self, service: &str, url: &str) -> Option<AudioData> {
        let offline = Offline.audio_data(service, url).await?;
        let asked = match service {
            "spotify" => match &self.spotify {
                Some(spotify) => spotify.track(&offline).await,
                None => return Some(offline),
            },
            "soundcloud" => match &self.soundcloud {
                Some(soundcloud) => soundcloud.track(&offline).await,
                None => return Some(offline),
            },
            "apple_music" => match &self.apple_music {
                Some(itunes) => itunes.track(&offline).await,
                None => return Some(offline),
            },
            _ => return Some(offline),
        };
        match asked {
            Ok(Some(details)) => Some(details),
            Ok(None) => Some(offline),
            Err(err) => {
                tracing::warn!(service, error = %err, "a track's details could not be read; answering from its URL");
                Some(offline)
            }
        }
    }

    async fn search(&self, query: &str, provider: &str, limit: usize) -> Option<Vec<AudioResult>> {
        let found = match provider {
            "spotify" => self.spotify.as_ref()?.search(query, limit).await,
            "soundcloud" => self.soundcloud.as_ref()?.search(query, limit).await,
            "apple_music" => self.apple_music.as_ref()?.search(query, limit).await,
            "youtube" => self.youtube.as_ref()?.search(query, limit).await,
            _ => return None,
        };
        Some(match found {
            // Only what a post can take: the service's own track pages, or for youtube a
            // video a video post embeds.
            Ok(results) => results
                .into_iter()
                .filter(|r| match provider {
                    "youtube" => video_source(&r.url).is_ok_and(|s| !s.embed_url.is_empty()),
                    _ => audio_source(&r.url).is_some_and(|s| s.service == provider),
                })
                .take(limit)
                .collect(),
            Err(err) => {
                tracing::warn!(provider, error = %err, "an audio search failed");
                Vec::new()
            }
        })
    }
}

impl MediaProviders for Online {
    fn audio_data<'a>(
        &'a self,
        service: &'a str,
        url: &'a str,
    ) -> BoxFuture<'a, Option<AudioData>> {
        Box::pin(self.details(service, url))
    }

    fn search_audio<'a>(
        &'a self,
        query: &'a str,
        provider: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Option<Vec<AudioResult>>> {
        Box::pin(self.search(query, provider, limit))
    }

    fn video_data<'a>(&'a self, url: &'a str, width: u32) -> BoxFuture<'a, EmbedData> {
        Offline.video_data(url, width)
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
        assert!(Offline.search_audio("blue", "spotify", 4).await.is_none());
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
