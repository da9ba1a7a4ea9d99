//! Apple Music's tracks through the iTunes Search API (`--itunes-search`): a search for songs
//! and a song's details, with no key. A result becomes an audio post the way a Spotify track
//! does: the song's page on music.apple.com, played in Apple's embedded player (the 30-second
//! preview the API also offers is an .m4a on Apple's servers, which an audio post does not take).

use std::time::Duration;

use serde::Deserialize;

use super::answers::{AudioData, AudioResult};
use crate::outbound::service_json;

/// How long the iTunes API may take before the composer answers without it.
const TIMEOUT: Duration = Duration::from_secs(5);

pub(super) struct ITunes {
    http: reqwest::Client,
    api: String,
}

#[derive(Deserialize)]
struct Found {
    #[serde(default)]
    results: Vec<Song>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Song {
    #[serde(default)]
    kind: String,
    #[serde(default)]
    track_name: String,
    #[serde(default)]
    artist_name: String,
    #[serde(default)]
    collection_name: String,
    #[serde(default)]
    track_view_url: String,
    #[serde(default)]
    artwork_url100: String,
}

impl Song {
    /// The song's page without the API's tracking parameter (`uo`), keeping the song's id (`i`).
    fn page(&self) -> String {
        let Ok(mut url) = url::Url::parse(&self.track_view_url) else {
            return String::new();
        };
        let kept: Vec<(String, String)> = url
            .query_pairs()
            .filter(|(key, _)| key != "uo")
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        if kept.is_empty() {
            url.set_query(None);
        } else {
            url.query_pairs_mut().clear().extend_pairs(kept);
        }
        url.to_string()
    }
}

/// The id of the song a music.apple.com page shows: `?i=` on an album's page, or the last
/// part of a song's own page (`/song/{name}/{id}`).
fn song_id(page: &str) -> Option<String> {
    let url = url::Url::parse(page).ok()?;
    if let Some((_, id)) = url.query_pairs().find(|(key, _)| key == "i") {
        return Some(id.into_owned()).filter(|id| is_id(id));
    }
    let mut parts = url.path_segments()?.filter(|p| !p.is_empty());
    parts.find(|p| *p == "song")?;
    parts.next_back().map(str::to_owned).filter(|id| is_id(id))
}

fn is_id(text: &str) -> bool {
    !text.is_empty() && text.len() <= 20 && text.bytes().all(|b| b.is_ascii_digit())
}

impl ITunes {
    pub(super) fn new(api: &str) -> anyhow::Result<ITunes> {
        Ok(ITunes {
            http: reqwest::Client::builder().timeout(TIMEOUT).build()?,
            api: api.trim_end_matches('/').to_owned(),
        })
    }

    async fn get(&self, path: &str, params: &[(&str, &str)]) -> anyhow::Result<Found> {
        let url = url::Url::parse_with_params(&format!("{}{path}", self.api), params)?;
        Ok(service_json(self.http.get(url)).await?)
    }

    /// Songs matching `query`, at most `limit`.
    pub(super) async fn search(
        &self,
        query: &str,
        limit: usize,
    ) -> anyhow::Result<Vec<AudioResult>> {
        let limit = limit.clamp(1, 50).to_string();
        let found = self
            .get(
                "/search",
                &[
                    ("term", query),
                    ("media", "music"),
                    ("entity", "song"),
                    ("limit", &limit),
                ],
            )
            .await?;
        Ok(found
            .results
            .into_iter()
            .filter(|song| song.kind == "song")
            .map(|song| AudioResult {
                service: "apple_music".into(),
                url: song.page(),
                title: song.track_name,
                artist: song.artist_name,
                thumbnail: song.artwork_url100,
            })
            .collect())
    }

    /// The details of the song whose page is `data.url`; `None` when the page names no song
    /// (an album's page without `?i=`, an artist's).
    pub(super) async fn track(&self, data: &AudioData) -> anyhow::Result<Option<AudioData>> {
        let Some(id) = song_id(&data.url) else {
            return Ok(None);
        };
        let found = self
            .get("/lookup", &[("id", &id), ("entity", "song")])
            .await?;
        let Some(song) = found.results.into_iter().find(|s| s.kind == "song") else {
            return Ok(None);
        };
        Ok(Some(AudioData {
            track_title: song.track_name,
            track_artist: song.artist_name,
            track_album: song.collection_name,
            album_art: song.artwork_url100,
            ..data.clone()
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_song_is_named_by_its_id_on_either_page() {
        assert_eq!(
            song_id("https://music.apple.com/us/album/blue/1440?i=1441").as_deref(),
            Some("1441")
        );
        assert_eq!(
            song_id("https://music.apple.com/us/song/blue/1441").as_deref(),
            Some("1441")
        );
        assert_eq!(song_id("https://music.apple.com/us/album/blue/1440"), None);
        assert_eq!(
            song_id("https://music.apple.com/us/album/x/1?i=1%20OR%201"),
            None
        );
    }

    #[test]
    fn the_page_loses_the_tracking_parameter_only() {
        let song = Song {
            kind: "song".into(),
            track_name: String::new(),
            artist_name: String::new(),
            collection_name: String::new(),
            track_view_url: "https://music.apple.com/us/album/blue/1440?i=1441&uo=4".into(),
            artwork_url100: String::new(),
        };
        assert_eq!(
            song.page(),
            "https://music.apple.com/us/album/blue/1440?i=1441"
        );
    }
}
