//! @-mentions in a post's words. The composer writes a mention as a link to the blog
//! (`<a href="/blog/NAME">@NAME</a>`, spec 001 §4 Mention flow); a post that goes out
//! notifies each blog it mentions this way.

use scraper::{Html, Selector};

/// Blogs one post may notify by mentioning them: more is a list, not a mention.
pub(crate) const MAX_MENTIONS: usize = 20;

/// The blogs the HTML `fields` mention, each once, in order of appearance, at most
/// [`MAX_MENTIONS`]. A link to a blog counts only when its text is the blog's @-name: a
/// link a writer made by hand to `/blog/x` is not a mention.
pub(crate) fn mentioned_blogs(fields: &[&str]) -> Vec<String> {
    let links = Selector::parse(r#"a[href^="/blog/"]"#).expect("a valid selector");
    let mut names: Vec<String> = Vec::new();
    for field in fields.iter().filter(|f| f.contains("/blog/")) {
        let html = Html::parse_fragment(field);
        for link in html.select(&links) {
            let Some(name) = link.attr("href").and_then(|h| h.strip_prefix("/blog/")) else {
                continue;
            };
            let text: String = link.text().collect();
            let is_mention = !name.is_empty() && text.trim().strip_prefix('@') == Some(name);
            if is_mention && !names.iter().any(|n| n == name) {
                names.push(name.to_owned());
            }
            if names.len() == MAX_MENTIONS {
                return names;
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_each_mentioned_blog_once() {
        let body = r#"<p>Thanks <a href="/blog/ann" rel="noopener">@ann</a> and <a href="/blog/ben-2">@ben-2</a>, and <a href="/blog/ann">@ann</a> again</p>"#;
        assert_eq!(mentioned_blogs(&[body, ""]), vec!["ann", "ben-2"]);
    }

    #[test]
    fn a_plain_link_to_a_blog_is_no_mention() {
        let body = r#"<p>See <a href="/blog/ann">her blog</a> or <a href="https://example.com/blog/ben">@ben</a></p>"#;
        assert!(mentioned_blogs(&[body]).is_empty());
    }

    #[test]
    fn stops_at_the_limit() {
        let body: String = (0..30)
            .map(|i| format!(r#"<a href="/blog/b{i}">@b{i}</a> "#))
            .collect();
        assert_eq!(mentioned_blogs(&[&body]).len(), MAX_MENTIONS);
    }
}
