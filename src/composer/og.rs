//! A page's OpenGraph data for a link post (spec 001 §3: title, description, author,
//! image, tags): read from the page's `<meta>` tags, falling back to its `<title>` and plain
//! meta description. Fetched through the outbound fetcher, which never reaches inside.

use scraper::{Html, Selector};
use serde::Serialize;

/// A page read for its preview at most.
pub(crate) const MAX_PAGE_BYTES: usize = 1024 * 1024;
/// Tags a preview brings at most (spec 001 §9).
pub(crate) const MAX_OG_TAGS: usize = 5;

/// What a link's page says about itself.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct OpenGraph {
    pub title: String,
    pub description: String,
    pub author: String,
    /// An absolute http(s) URL, or empty.
    pub image: String,
    /// The image's width when the page says (the composer uses a thumbnail only from 300).
    pub image_width: Option<u32>,
    pub tags: Vec<String>,
}

/// Reads a page's OpenGraph data; `base` resolves a relative image address.
pub(crate) fn read(html: &str, base: &url::Url) -> OpenGraph {
    let page = Html::parse_document(html);
    let meta = |keys: &[&str]| -> Option<String> {
        keys.iter().find_map(|key| {
            let selector =
                Selector::parse(&format!("meta[property=\"{key}\"], meta[name=\"{key}\"]")).ok()?;
            page.select(&selector)
                .filter_map(|m| m.value().attr("content"))
                .map(|c| c.trim().to_owned())
                .find(|c| !c.is_empty())
        })
    };
    let title = meta(&["og:title", "twitter:title"]).or_else(|| {
        let selector = Selector::parse("title").ok()?;
        page.select(&selector)
            .next()
            .map(|t| t.text().collect::<String>().trim().to_owned())
    });
    let image = meta(&["og:image", "og:image:url", "twitter:image"])
        .and_then(|src| base.join(&src).ok())
        .filter(|u| matches!(u.scheme(), "http" | "https"))
        .map(|u| u.to_string())
        .unwrap_or_default();
    let mut tags: Vec<String> = match Selector::parse("meta[property=\"article:tag\"]") {
        Ok(selector) => page
            .select(&selector)
            .filter_map(|m| m.value().attr("content"))
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .collect(),
        Err(_) => Vec::new(),
    };
    if tags.is_empty()
        && let Some(keywords) = meta(&["keywords"])
    {
        tags = keywords
            .split(',')
            .map(|k| k.trim().to_owned())
            .filter(|k| !k.is_empty())
            .collect();
    }
    tags.truncate(MAX_OG_TAGS);
    OpenGraph {
        title: title.unwrap_or_default(),
        description: meta(&["og:description", "twitter:description", "description"])
            .unwrap_or_default(),
        author: meta(&["article:author", "author", "og:site_name"]).unwrap_or_default(),
        image,
        image_width: meta(&["og:image:width"]).and_then(|w| w.parse().ok()),
        tags,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_opengraph_then_falls_back() {
        let base: url::Url = "https://news.example/a/b".parse().unwrap();
        let page = r#"<html><head><title>Plain title</title>
            <meta property="og:title" content=" The Title ">
            <meta name="description" content="Plain description">
            <meta property="og:image" content="/img/cover.jpg"><meta property="og:image:width" content="640">
            <meta name="author" content="Ann">
            <meta property="article:tag" content="one"><meta property="article:tag" content="two">
            </head><body></body></html>"#;
        let og = read(page, &base);
        assert_eq!(og.title, "The Title");
        assert_eq!(og.description, "Plain description");
        assert_eq!(og.image, "https://news.example/img/cover.jpg");
        assert_eq!(og.image_width, Some(640));
        assert_eq!(
            (og.author.as_str(), og.tags.clone()),
            ("Ann", vec!["one".to_owned(), "two".to_owned()])
        );

        let bare = read(
            "<title>Only a title</title><meta name=keywords content='a, b,c,d,e,f'>",
            &base,
        );
        assert_eq!(bare.title, "Only a title");
        assert_eq!(bare.tags.len(), MAX_OG_TAGS, "at most five tags");
        let sneaky = read(
            r#"<meta property="og:image" content="javascript:alert(1)">"#,
            &base,
        );
        assert_eq!(sneaky.image, "", "only web images");
    }
}
