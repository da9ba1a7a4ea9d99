//! YouTube's Data API (`--youtube-api-key`): a search for videos, which the composer's
//! copyright fallback offers beside the audio services' tracks (spec 001 §2 Audio: "searches
//! spotify, soundcloud and (new mode only) youtube"). A result is a video's page; choosing it
//! makes the post a video post, which embeds YouTube's player from the address alone.

use std::time::Duration;

use serde::Deserialize;

use super::answers::AudioResult;
use crate::outbound::service_json;

/// How long YouTube may take before the composer answers without it.
const TIMEOUT: Duration = Duration::from_secs(5);

pub(super) struct YouTube {
    http: reqwest::Client,
    api: String,
    key: String,
}

#[derive(Deserialize)]
struct Found {
    #[serde(default)]
    items: Vec<Item>,
}

#[derive(Deserialize)]
struct Item {
    id: ItemId,
    snippet: Snippet,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ItemId {
    /// Absent on a channel or playlist (the search asks for videos only, but says so).
    video_id: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Snippet {
    #[serde(default)]
    title: String,
    #[serde(default)]
    channel_title: String,
    #[serde(default)]
    thumbnails: Thumbnails,
}

#[derive(Deserialize, Default)]
struct Thumbnails {
    medium: Option<Thumbnail>,
    default: Option<Thumbnail>,
}

#[derive(Deserialize)]
struct Thumbnail {
    url: String,
}

impl YouTube {
    pub(super) fn new(api: &str, key: &str) -> anyhow::Result<YouTube> {
        Ok(YouTube {
            http: reqwest::Client::builder().timeout(TIMEOUT).build()?,
            api: api.trim_end_matches('/').to_owned(),
            key: key.to_owned(),
        })
    }

    /// Videos matching `query`, at most `limit`.
    pub(super) async fn search(
        &self,
        query: &str,
        limit: usize,
    ) -> anyhow::Result<Vec<AudioResult>> {
        let limit = limit.clamp(1, 50).to_string();
        let url = url::Url::parse_with_params(
            &format!("{}/youtube/v3/search", self.api),
            [
                ("part", "snippet"),
                ("type", "video"),
                ("maxResults", &limit),
                ("q", query),
                ("key", &self.key),
            ],
        )?;
        let found: Found = service_json(self.http.get(url)).await?;
        Ok(found
            .items
            .into_iter()
            .filter_map(|item| {
                let id = item.id.video_id?;
                let thumbnails = item.snippet.thumbnails;
                Some(AudioResult {
                    service: "youtube".into(),
                    url: format!("https://www.youtube.com/watch?v={id}"),
                    title: item.snippet.title,
                    artist: item.snippet.channel_title,
                    thumbnail: thumbnails
                        .medium
                        .or(thumbnails.default)
                        .map(|t| t.url)
                        .unwrap_or_default(),
                })
            })
            .collect())
    }
}
