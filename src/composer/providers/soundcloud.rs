//! SoundCloud's API (`--soundcloud-client-id`): a track's details from its page's address
//! (`/resolve`) and a search for tracks.

use std::time::Duration;

use serde::Deserialize;

use super::answers::{AudioData, AudioResult};
use crate::outbound::service_json;

/// How long SoundCloud may take before the composer answers without it.
const TIMEOUT: Duration = Duration::from_secs(5);

pub(super) struct SoundCloud {
    http: reqwest::Client,
    api: String,
    client_id: String,
}

#[derive(Deserialize)]
struct Found {
    collection: Vec<Track>,
}

#[derive(Deserialize)]
struct Track {
    #[serde(default)]
    kind: String,
    title: String,
    permalink_url: String,
    artwork_url: Option<String>,
    user: Option<User>,
}

#[derive(Deserialize)]
struct User {
    username: String,
}

impl Track {
    fn artist(&self) -> String {
        self.user
            .as_ref()
            .map(|u| u.username.clone())
            .unwrap_or_default()
    }
}

impl SoundCloud {
    pub(super) fn new(api: &str, client_id: &str) -> anyhow::Result<SoundCloud> {
        Ok(SoundCloud {
            http: reqwest::Client::builder().timeout(TIMEOUT).build()?,
            api: api.trim_end_matches('/').to_owned(),
            client_id: client_id.to_owned(),
        })
    }

    async fn get<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        params: &[(&str, &str)],
    ) -> anyhow::Result<T> {
        let mut all = vec![("client_id", self.client_id.as_str())];
        all.extend_from_slice(params);
        let url = url::Url::parse_with_params(&format!("{}{path}", self.api), all)?;
        Ok(service_json(self.http.get(url)).await?)
    }

    /// Tracks matching `query`, at most `limit`.
    pub(super) async fn search(
        &self,
        query: &str,
        limit: usize,
    ) -> anyhow::Result<Vec<AudioResult>> {
        let limit = limit.clamp(1, 50).to_string();
        let found: Found = self
            .get("/search/tracks", &[("q", query), ("limit", &limit)])
            .await?;
        Ok(found
            .collection
            .into_iter()
            .map(|track| AudioResult {
                service: "soundcloud".into(),
                artist: track.artist(),
                thumbnail: track.artwork_url.clone().unwrap_or_default(),
                url: track.permalink_url,
                title: track.title,
            })
            .collect())
    }

    /// The details of the track whose page is `data.url`; `None` when it is not a track (a
    /// user, a playlist).
    pub(super) async fn track(&self, data: &AudioData) -> anyhow::Result<Option<AudioData>> {
        let track: Track = self.get("/resolve", &[("url", &data.url)]).await?;
        if track.kind != "track" {
            return Ok(None);
        }
        Ok(Some(AudioData {
            track_artist: track.artist(),
            album_art: track.artwork_url.clone().unwrap_or_default(),
            track_title: track.title,
            ..data.clone()
        }))
    }
}
