//! GIPHY's GIFs for the GIF panel (`GifProvider`), when the server has a key (`--giphy-key`).
//! The service's address is the operator's setting, never a user's, so it is called directly
//! (the user-URL fetcher's private-address rule is for addresses users hand the server).

use std::time::Duration;

use futures_util::future::BoxFuture;
use serde::Deserialize;

use super::gifs::{GifImage, GifProvider};
use crate::outbound::service_json;

/// How long the service may take; the panel shows the server's own GIFs without it.
const TIMEOUT: Duration = Duration::from_secs(5);

/// GIPHY's search API (`GET {base}/v1/gifs/search`), rated G.
pub(super) struct Giphy {
    http: reqwest::Client,
    base: String,
    key: String,
}

impl Giphy {
    pub(super) fn new(base: &str, key: &str) -> anyhow::Result<Giphy> {
        Ok(Giphy {
            http: reqwest::Client::builder().timeout(TIMEOUT).build()?,
            base: base.trim_end_matches('/').to_owned(),
            key: key.to_owned(),
        })
    }
}

#[derive(Deserialize)]
struct GiphyAnswer {
    data: Vec<GiphyGif>,
}

#[derive(Deserialize)]
struct GiphyGif {
    id: String,
    /// The GIF's page on GIPHY.
    #[serde(default)]
    url: String,
    #[serde(default)]
    username: String,
    images: GiphyImages,
}

#[derive(Deserialize)]
struct GiphyImages {
    /// The width-200 rendition: small enough for the panel, what GIPHY suggests for grids.
    fixed_width: GiphyImage,
}

/// GIPHY writes sizes as strings.
#[derive(Deserialize)]
struct GiphyImage {
    url: String,
    width: String,
    height: String,
}

impl GifProvider for Giphy {
    fn search<'a>(
        &'a self,
        query: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, anyhow::Result<Vec<GifImage>>> {
        Box::pin(self.search_giphy(query, limit))
    }
}

impl Giphy {
    async fn search_giphy(&self, query: &str, limit: usize) -> anyhow::Result<Vec<GifImage>> {
        let url = url::Url::parse_with_params(
            &format!("{}/v1/gifs/search", self.base),
            [
                ("api_key", self.key.as_str()),
                ("q", query),
                ("limit", &limit.min(50).to_string()),
                ("rating", "g"),
            ],
        )?;
        let answer: GiphyAnswer = service_json(self.http.get(url)).await?;
        Ok(answer
            .data
            .into_iter()
            .filter(|gif| gif.images.fixed_width.url.starts_with("https://"))
            .map(|gif| {
                let image = gif.images.fixed_width;
                let blog = if gif.username.is_empty() {
                    "giphy".to_owned()
                } else {
                    gif.username
                };
                GifImage {
                    media_url: image.url,
                    post_url: gif.url.clone(),
                    root_post_url: gif.url,
                    root_post_url_hash: format!("giphy-{}", gif.id),
                    root_blog: blog.clone(),
                    root_blog_url: String::new(),
                    root_blog_key: String::new(),
                    post_tags: Vec::new(),
                    popular_search_tag: query.to_owned(),
                    width: image.width.parse().unwrap_or(0),
                    height: image.height.parse().unwrap_or(0),
                    post_blog: blog,
                    post_id: None,
                }
            })
            .collect())
    }
}
