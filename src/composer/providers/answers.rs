//! What the services answer the composer: wire types of `/svc/composer/...` lookups.

use serde::Serialize;

/// What a service says about an audio URL (spec 001 §7 `get_{service}_data`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct AudioData {
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
pub(crate) struct AudioResult {
    pub service: String,
    pub url: String,
    pub title: String,
    pub artist: String,
    pub thumbnail: String,
}

/// What a video URL embeds as (spec 001 §3 Embed data).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct EmbedData {
    pub url: String,
    pub thumbnail: String,
    /// The player's address, for an iframe (empty for a video file).
    pub preview_iframe: String,
    pub embed_code: String,
    /// The URL names no player the composer can show.
    pub unsupported: bool,
}
