//! Post HTML, made safe before anyone else's browser sees it: the editor's allowed elements
//! (spec 001 §5) and nothing else, through ammonia; markdown through pulldown-cmark first;
//! and the quote and chat rules.
//!
//! A post body can never carry a script, an event handler, a `javascript:` URL or a style: the
//! whitelist has no such thing, and `script`, `style`, `meta` and `noscript` go with their
//! contents.

use std::collections::HashSet;
use std::sync::LazyLock;

use ammonia::{Builder, UrlRelative};

use super::model::{ChatLine, EditorType};

/// The read-more marker (spec 001 §9): the dashboard shows what comes before it and a
/// 'Keep reading' link. Kept as text in the stored HTML, where the sanitiser leaves it.
pub(crate) const READ_MORE: &str = "[[MORE]]";

static POST_HTML: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut builder = Builder::empty();
    builder
        .add_tags([
            "a",
            "b",
            "strong",
            "i",
            "em",
            "s",
            "strike",
            "del",
            "h2",
            "blockquote",
            "p",
            "ul",
            "ol",
            "li",
            "iframe",
            "figure",
            "figcaption",
            "img",
            "br",
            "hr",
            "pre",
            "code",
            "small",
            "sup",
            "sub",
        ])
        .add_tag_attributes("a", ["href", "title"])
        .add_tag_attributes("img", ["src", "alt", "width", "height"])
        .add_tag_attributes("iframe", ["src", "width", "height", "allowfullscreen"])
        .add_tag_attributes("figure", ["data-orig-width", "data-orig-height"])
        // The full-width class (spec 001 §9), and no other: classes could borrow the app's
        // own styles.
        .add_allowed_classes("figure", ["tmblr-full"])
        .add_allowed_classes("img", ["tmblr-full"])
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        // Our own media (`/media/...`) and protocol-relative embeds are relative URLs.
        .url_relative(UrlRelative::PassThrough)
        .link_rel(Some("noopener noreferrer nofollow"))
        .clean_content_tags(HashSet::from(["script", "style", "meta", "noscript"]))
        .attribute_filter(|element, attribute, value| {
            // An iframe may only show a page over http(s) (spec 001 §5).
            if element == "iframe" && attribute == "src" {
                let lower = value.to_ascii_lowercase();
                let web = ["http://", "https://", "//"]
                    .iter()
                    .any(|p| lower.starts_with(p));
                return web.then(|| value.into());
            }
            Some(value.into())
        });
    builder
});

/// Sanitised HTML from what the editor wrote: HTML as is (the rich editor writes HTML too),
/// markdown rendered first.
pub(crate) fn post_html(source: &str, editor: EditorType) -> String {
    let html = match editor {
        EditorType::Markdown => markdown_to_html(source),
        EditorType::Rich | EditorType::Html => source.to_owned(),
    };
    clean(&html)
}

/// Sanitises HTML to the allowed elements.
pub(crate) fn clean(html: &str) -> String {
    POST_HTML.clean(html).to_string()
}

fn markdown_to_html(markdown: &str) -> String {
    use pulldown_cmark::{Options, Parser, html};
    let parser = Parser::new_ext(
        markdown,
        Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES,
    );
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, parser);
    out
}

/// A field the spec has as text, not HTML (a title, a question, a chat's lines, a photo's
/// caption, a track's name), kept as typed: "a<b then c>d" stays that, where reading it as
/// HTML would lose "<b then c>". Trimmed at its ends, line endings as `\n`, and control
/// characters other than line breaks and tabs dropped (PostgreSQL refuses a NUL in text).
/// Whoever shows it escapes it (`posts/html.rs`; the web's text nodes), as every text field
/// is escaped.
pub(crate) fn plain_text(typed: &str) -> String {
    typed
        .replace("\r\n", "\n")
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .collect::<String>()
        .trim()
        .to_owned()
}

/// Plain text of HTML: every tag stripped and entities read, for what is made of a post's
/// HTML (a summary, an image's alt text, the words search reads) and for a quote's text,
/// which the spec strips. Clients show it as text, never as HTML, so it needs no escaping
/// (and is not escaped twice).
pub(crate) fn text_only(html: &str) -> String {
    let escaped = Builder::empty().clean(html).to_string();
    unescape(escaped.trim())
}

/// Reads the entities html5ever's serialiser writes for text (`&amp;`, `&lt;`, `&gt;`,
/// `&nbsp;`, and in attributes `&quot;`): the only ones ammonia's output can hold.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let (decoded, len) = [
            ("&amp;", '&'),
            ("&lt;", '<'),
            ("&gt;", '>'),
            ("&nbsp;", '\u{a0}'),
            ("&quot;", '"'),
            ("&#39;", '\''),
        ]
        .iter()
        .find(|(entity, _)| rest.starts_with(entity))
        .map(|(entity, c)| (*c, entity.len()))
        .unwrap_or(('&', 1));
        out.push(decoded);
        rest = &rest[len..];
    }
    out.push_str(rest);
    out
}

/// A quote's text: HTML stripped (spec 001 §5).
pub(crate) fn quote_text(source: &str) -> String {
    text_only(source)
}

/// A quote's source: sanitised, and wrapped in a paragraph when it has none (spec 001 §5).
pub(crate) fn quote_source(source: &str, editor: EditorType) -> String {
    let html = post_html(source, editor);
    if html.trim().is_empty() || html.contains("<p>") {
        html
    } else {
        format!("<p>{html}</p>")
    }
}

/// A chat's lines: zero-width spaces removed, a leading speaker name ending in a colon
/// taken apart so it can be bolded (spec 001 §5), empty lines dropped. Plain text.
pub(crate) fn chat_lines(source: &str) -> Vec<ChatLine> {
    source
        .replace('\u{200B}', "")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (speaker, text) = match line.split_once(':') {
                Some((name, rest)) if is_speaker(name, rest) => (name.trim(), rest.trim()),
                _ => ("", line),
            };
            ChatLine {
                speaker: plain_text(speaker),
                text: plain_text(text),
            }
        })
        .collect()
}

/// A name before a colon counts as a speaker when it reads like one, not like a sentence
/// that has a colon in it, or a URL's scheme (`https://`).
fn is_speaker(name: &str, rest: &str) -> bool {
    let name = name.trim();
    !name.is_empty() && name.chars().count() <= 40 && !rest.starts_with("//")
}

/// The preview the composer shows (`/svc/filter_html_for_dash_preview`): what the post will
/// look like on the dashboard.
pub(crate) fn dash_preview(source: &str, markdown: bool) -> String {
    let editor = if markdown {
        EditorType::Markdown
    } else {
        EditorType::Html
    };
    post_html(source, editor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_keeps_what_was_typed() {
        assert_eq!(plain_text("  a<b then c>d \r\n"), "a<b then c>d");
        assert_eq!(plain_text("x &amp; y"), "x &amp; y");
        assert_eq!(plain_text("one\r\ntwo\tthree\0"), "one\ntwo\tthree");
        // Reading it as HTML is what lost it.
        assert_eq!(text_only("a<b then c>d"), "ad");
    }

    #[test]
    fn scripts_handlers_and_javascript_urls_never_survive() {
        let hostile = r#"<p onclick="steal()">hi<script>alert(1)</script></p>
            <img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>
            <a href="JaVaScRiPt:alert(1)">y</a><iframe src="javascript:alert(1)"></iframe>
            <style>body{display:none}</style><svg onload="alert(1)"></svg>
            <a href="https://ok.example/" style="color:red">ok</a><noscript>no</noscript>"#;
        let clean = clean(hostile);
        for bad in [
            "script",
            "onclick",
            "onerror",
            "javascript",
            "alert",
            "style",
            "svg",
            "noscript",
        ] {
            assert!(
                !clean.to_lowercase().contains(bad),
                "{bad} survived: {clean}"
            );
        }
        assert!(
            clean.contains(
                r#"<a href="https://ok.example/" rel="noopener noreferrer nofollow">ok</a>"#
            ),
            "{clean}"
        );
        assert!(clean.contains(r#"<img src="x">"#), "{clean}");
    }

    #[test]
    fn the_editors_elements_are_kept() {
        let html = "<h2>t</h2><p><b>b</b><i>i</i><s>s</s><small>m</small><sup>1</sup><sub>2</sub></p>\
                    <blockquote>q</blockquote><ul><li>l</li></ul><ol><li>o</li></ol><hr><pre><code>c</code></pre>\
                    <figure><img src=\"/media/a.png\"></figure>";
        assert_eq!(clean(html), html);
        let h1 = clean("<h1>big</h1><div>block</div>");
        assert_eq!(
            h1, "bigblock",
            "elements outside the list lose their tags, not their text"
        );
    }

    #[test]
    fn only_the_full_width_class_is_kept() {
        let html = clean(
            r#"<figure class="tmblr-full app-header"><img class="tmblr-full" src="/media/a.png"></figure>"#,
        );
        assert_eq!(
            html,
            r#"<figure class="tmblr-full"><img class="tmblr-full" src="/media/a.png"></figure>"#
        );
    }

    #[test]
    fn iframes_only_show_web_pages() {
        let ok = clean(
            r#"<iframe src="https://www.youtube.com/embed/x"></iframe><iframe src="//player.example/1"></iframe>"#,
        );
        assert_eq!(ok.matches("src=").count(), 2, "{ok}");
        let local =
            clean(r#"<iframe src="/settings"></iframe><iframe src="data:text/html,x"></iframe>"#);
        assert!(!local.contains("src="), "{local}");
    }

    #[test]
    fn markdown_is_rendered_then_sanitised() {
        let html = post_html(
            "# no h1\n\n**bold** <script>x</script>\n\n[[MORE]]\n\nrest",
            EditorType::Markdown,
        );
        assert!(html.contains("<strong>bold</strong>"), "{html}");
        assert!(
            !html.contains("<script>") && !html.contains("<h1>"),
            "{html}"
        );
        assert!(
            html.contains(READ_MORE),
            "the read-more marker survives: {html}"
        );
    }

    #[test]
    fn quotes_are_text_and_sources_are_paragraphs() {
        assert_eq!(
            quote_text("<b>To be</b> <script>x</script>or not"),
            "To be or not"
        );
        assert_eq!(quote_source("Hamlet", EditorType::Rich), "<p>Hamlet</p>");
        assert_eq!(
            quote_source("<p>Hamlet</p>", EditorType::Rich),
            "<p>Hamlet</p>"
        );
        assert_eq!(quote_source("", EditorType::Rich), "");
    }

    #[test]
    fn chat_lines_name_their_speakers() {
        let lines = chat_lines(
            "Alice: hi\u{200B}\n\nBob:  hello <b>there</b>\njust a line\nsee https://x.example",
        );
        let pairs: Vec<(&str, &str)> = lines
            .iter()
            .map(|l| (l.speaker.as_str(), l.text.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("Alice", "hi"),
                ("Bob", "hello <b>there</b>"),
                ("", "just a line"),
                ("", "see https://x.example")
            ]
        );
    }
}
