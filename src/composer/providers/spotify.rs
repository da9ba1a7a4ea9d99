//! Spotify's Web API with client credentials (`--spotify-client-id`, `--spotify-client-secret`):
//! a track's details and a search for tracks. The token is asked for once and kept until a
//! minute before it runs out.

use std::time::{Duration, Instant};

use serde::Deserialize;
use tokio::sync::Mutex;

use super::answers::{AudioData, AudioResult};
use crate::outbound::service_json;

/// How long Spotify may take before the composer answers without it.
const TIMEOUT: Duration = Duration::from_secs(5);

pub(super) struct Spotify {
    http: reqwest::Client,
    accounts: String,
    api: String,
    client_id: String,
    client_secret: String,
    token: Mutex<Option<(String, Instant)>>,
}

#[derive(Deserialize)]
struct Token {
    access_token: String,
    expires_in: u64,
}

#[derive(Deserialize)]
struct Search {
    tracks: Tracks,
}

#[derive(Deserialize)]
struct Tracks {
    items: Vec<Track>,
}

#[derive(Deserialize)]
struct Track {
    name: String,
    #[serde(default)]
    artists: Vec<Named>,
    album: Option<Album>,
    external_urls: ExternalUrls,
}

#[derive(Deserialize)]
struct Named {
    name: String,
}

#[derive(Deserialize)]
struct Album {
    name: String,
    #[serde(default)]
    images: Vec<Image>,
}

#[derive(Deserialize)]
struct Image {
    url: String,
}

#[derive(Deserialize)]
struct ExternalUrls {
    #[serde(default)]
    spotify: String,
}

impl Track {
    fn artist(&self) -> String {
        self.artists
            .iter()
            .map(|a| a.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn art(&self) -> String {
        self.album
            .as_ref()
            .and_then(|a| a.images.first())
            .map(|i| i.url.clone())
            .unwrap_or_default()
    }
}

impl Spotify {
    pub(super) fn new(
        accounts: &str,
        api: &str,
        id: &str,
        secret: &str,
    ) -> anyhow::Result<Spotify> {
        Ok(Spotify {
            http: reqwest::Client::builder().timeout(TIMEOUT).build()?,
            accounts: accounts.trim_end_matches('/').to_owned(),
            api: api.trim_end_matches('/').to_owned(),
            client_id: id.to_owned(),
            client_secret: secret.to_owned(),
            token: Mutex::new(None),
        })
    }

    async fn token(&self) -> anyhow::Result<String> {
        let mut held = self.token.lock().await;
        if let Some((token, until)) = held.as_ref()
            && Instant::now() < *until
        {
            return Ok(token.clone());
        }
        let asked = self
            .http
            .post(format!("{}/api/token", self.accounts))
            .basic_auth(&self.client_id, Some(&self.client_secret))
            .form(&[("grant_type", "client_credentials")]);
        let token: Token = service_json(asked).await?;
        let lasts = Duration::from_secs(token.expires_in.saturating_sub(60));
        *held = Some((token.access_token.clone(), Instant::now() + lasts));
        Ok(token.access_token)
    }

    async fn get<T: serde::de::DeserializeOwned>(&self, url: url::Url) -> anyhow::Result<T> {
        let token = self.token().await?;
        Ok(service_json(self.http.get(url).bearer_auth(token)).await?)
    }

    /// Tracks matching `query`, at most `limit`.
    pub(super) async fn search(
        &self,
        query: &str,
        limit: usize,
    ) -> anyhow::Result<Vec<AudioResult>> {
        let url = url::Url::parse_with_params(
            &format!("{}/v1/search", self.api),
            [
                ("q", query),
                ("type", "track"),
                ("limit", &limit.clamp(1, 50).to_string()),
            ],
        )?;
        let found: Search = self.get(url).await?;
        Ok(found
            .tracks
            .items
            .into_iter()
            .map(|track| AudioResult {
                service: "spotify".into(),
                thumbnail: track.art(),
                artist: track.artist(),
                url: track.external_urls.spotify,
                title: track.name,
            })
            .collect())
    }

    /// The details of the track at `url` (open.spotify.com/track/{id}); `None` for another
    /// kind of page (an album, a playlist).
    pub(super) async fn track(&self, data: &AudioData) -> anyhow::Result<Option<AudioData>> {
        let Some(id) = track_id(&data.url) else {
            return Ok(None);
        };
        let url = url::Url::parse(&format!("{}/v1/tracks/{id}", self.api))?;
        let track: Track = self.get(url).await?;
        Ok(Some(AudioData {
            track_title: track.name.clone(),
            track_artist: track.artist(),
            track_album: track
                .album
                .as_ref()
                .map(|a| a.name.clone())
                .unwrap_or_default(),
            album_art: track.art(),
            ..data.clone()
        }))
    }
}

/// The track id of an open.spotify.com address (`/track/{id}`, also under `/intl-xx/`).
fn track_id(url: &str) -> Option<String> {
    let url = url::Url::parse(url).ok()?;
    let mut segments = url.path_segments()?;
    segments.find(|s| *s == "track")?;
    segments
        .next()
        .filter(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric()))
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_track_id_is_read_from_its_address() {
        use super::track_id;
        assert_eq!(
            track_id("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=x").as_deref(),
            Some("4uLU6hMCjMI75M1A2tKUQC")
        );
        assert_eq!(
            track_id("https://open.spotify.com/intl-de/track/abc").as_deref(),
            Some("abc")
        );
        assert_eq!(track_id("https://open.spotify.com/album/abc"), None);
        assert_eq!(track_id("https://open.spotify.com/track/a%2Fb"), None);
    }
}
