//! A blog's description as readers see it (spec 000 §5): what the owner wrote, as HTML with a
//! few inline elements and links, where a link opens only over http, https or mailto, and a
//! relative link resolves against the blog's own address (`/blog/{name}/`). Line breaks the
//! owner typed stay line breaks.

use std::borrow::Cow;
use std::collections::HashSet;

use ammonia::{Builder, UrlRelative, UrlRelativeEvaluate};
use url::Url;

/// A host no link can name, standing for this site while relative links are resolved.
const THIS_SITE: &str = "this-site.invalid";

/// The description's sanitised HTML.
pub(crate) fn description_html(blog: &str, description: &str) -> String {
    if description.trim().is_empty() {
        return String::new();
    }
    let mut builder = Builder::empty();
    builder
        .add_tags(["a", "b", "strong", "i", "em", "small", "br", "p"])
        .add_tag_attributes("a", ["href", "title"])
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .url_relative(UrlRelative::Custom(Box::new(AgainstBlog(blog.to_owned()))))
        .link_rel(Some("noopener noreferrer nofollow"));
    builder
        .clean(&description.replace("\r\n", "\n").replace('\n', "<br>"))
        .to_string()
}

/// Resolves relative links against the blog named in it.
struct AgainstBlog(String);

impl<'a> UrlRelativeEvaluate<'a> for AgainstBlog {
    fn evaluate<'url>(&self, relative: &'url str) -> Option<Cow<'url, str>> {
        resolve(&self.0, relative).map(Cow::Owned)
    }
}

/// `relative` resolved against the blog's address, as a path on this site; none for a
/// scheme-relative link (`//host/…`: another site, with no scheme to check).
fn resolve(blog: &str, relative: &str) -> Option<String> {
    let root = Url::parse(&format!("http://{THIS_SITE}/blog/{blog}/")).ok()?;
    let joined = match relative.as_bytes() {
        [b'/', b'/', ..] => return None,
        [b'/', ..] => root.join(&relative[1..]),
        _ => root.join(relative),
    }
    .ok()?;
    if joined.host_str() != Some(THIS_SITE) {
        return None;
    }
    let mut path = joined.path().to_owned();
    if let Some(query) = joined.query() {
        path.push('?');
        path.push_str(query);
    }
    if let Some(fragment) = joined.fragment() {
        path.push('#');
        path.push_str(fragment);
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_links_and_resolves_relative_ones_against_the_blog() {
        let html = description_html(
            "ann",
            r#"Hi! <a href="about">About</a>, <a href="/tagged/art">art</a>, <a href="https://example.com/">mine</a>"#,
        );
        assert!(html.contains(r#"href="/blog/ann/about""#), "{html}");
        assert!(html.contains(r#"href="/blog/ann/tagged/art""#), "{html}");
        assert!(html.contains(r#"href="https://example.com/""#), "{html}");
        assert!(
            html.contains(r#"rel="noopener noreferrer nofollow""#),
            "{html}"
        );
    }

    #[test]
    fn drops_what_may_not_open_or_run() {
        let html = description_html(
            "ann",
            r#"<a href="javascript:alert(1)">x</a><a href="//evil.example/">y</a><script>alert(1)</script><img src=x onerror=alert(1)><b onclick="x()">bold</b>"#,
        );
        for bad in [
            "javascript",
            "evil.example",
            "<script",
            "<img",
            "onclick",
            "onerror",
        ] {
            assert!(!html.contains(bad), "{bad} in {html}");
        }
        assert!(html.contains("<b>bold</b>"), "{html}");
    }

    #[test]
    fn plain_text_stays_text_with_its_line_breaks() {
        assert_eq!(
            description_html("ann", "Tom & Jerry <3\nsecond line"),
            "Tom &amp; Jerry &lt;3<br>second line"
        );
        assert_eq!(description_html("ann", "  "), "");
    }
}
