//! What a post says in words, for search (spec 002 §7 Search): the text the databases'
//! full-text engines index (SQLite's FTS5 table, PostgreSQL's tsvector; migrations 0018).
//! Decided here once, whatever the database, and written with the post.

use super::model::{PostContent, TrailItem};
use super::sanitize::text_only;

/// Characters of a post's words the index keeps: enough for any post a person writes (a text
/// post's body is bounded by the composer), and a bound on what one row costs the index.
pub(crate) const MAX_SEARCH_CHARS: usize = 20_000;

/// The post's words as plain text: its title, body or caption, a link's title, excerpt,
/// author and address, a quote and its source, a chat's lines, an audio post's track, a
/// question and its answer, a reblog's own addition and the words of its trail.
pub fn search_text(content: &PostContent, comment: &str, trail: &[TrailItem]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut plain = |text: &str| parts.push(text.to_owned());
    match content {
        PostContent::Text { title, body } => {
            plain(title);
            plain(&words_of_html(body));
        }
        PostContent::Photo {
            photos, caption, ..
        } => {
            for photo in photos {
                plain(&photo.caption);
            }
            plain(&words_of_html(caption));
        }
        PostContent::Quote { quote, source } => {
            plain(quote);
            plain(&words_of_html(source));
        }
        PostContent::Link {
            url,
            title,
            excerpt,
            author,
            publisher,
            caption,
            ..
        } => {
            for field in [title, excerpt, author, publisher, url] {
                plain(field);
            }
            plain(&words_of_html(caption));
        }
        PostContent::Chat { title, lines } => {
            plain(title);
            for line in lines {
                plain(&line.speaker);
                plain(&line.text);
            }
        }
        PostContent::Audio {
            track_title,
            track_artist,
            track_album,
            caption,
            ..
        } => {
            for field in [track_title, track_artist, track_album] {
                plain(field);
            }
            plain(&words_of_html(caption));
        }
        PostContent::Video { caption, .. } => plain(&words_of_html(caption)),
        PostContent::Note {
            ask,
            asking_name,
            answer,
            caption,
        } => {
            plain(ask);
            plain(asking_name.as_deref().unwrap_or(""));
            plain(&words_of_html(answer));
            plain(&words_of_html(caption));
        }
    }
    plain(&words_of_html(comment));
    for item in trail {
        plain(&item.title);
        plain(&words_of_html(&item.content));
    }
    words(&parts.join(" "))
}

/// The tags' words, as the index reads them.
pub fn search_tags(tags: &[String]) -> String {
    words(&tags.join(" "))
}

/// The words of `text` as both engines read them: letters and digits, every other character
/// a space. Split here rather than by each engine's own parser, so that SQLite and
/// PostgreSQL see the same words ("example.com" is "example" and "com" on both, where
/// PostgreSQL's parser alone would keep a host name whole) and a search finds the same posts
/// on either; `terms.rs` splits what a person searches for the same way.
pub(crate) fn words(text: &str) -> String {
    let joined = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    cut(joined)
}

/// Sanitised HTML's words: every tag read as a space, so that the words of two paragraphs
/// stay two words; `[[MORE]]` is not a word.
fn words_of_html(html: &str) -> String {
    if html.is_empty() {
        return String::new();
    }
    text_only(&html.replace('<', " <").replace("[[MORE]]", " "))
}

fn cut(text: String) -> String {
    match text.char_indices().nth(MAX_SEARCH_CHARS) {
        Some((at, _)) => text[..at].to_owned(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::posts::model::ChatLine;

    #[test]
    fn paragraphs_stay_apart_and_markup_is_not_words() {
        let post = PostContent::Text {
            title: "Sea  shells".into(),
            body: "<p>one</p><p>two <b>three</b></p>[[MORE]]<p>four &amp; five</p>".into(),
        };
        assert_eq!(
            search_text(&post, "", &[]),
            "Sea shells one two three four five"
        );
    }

    #[test]
    fn a_link_a_chat_and_a_reblogs_trail_are_searchable() {
        let link = PostContent::Link {
            url: "https://example.com/x".into(),
            title: "Title".into(),
            excerpt: "Excerpt".into(),
            author: "Ann".into(),
            publisher: "example.com".into(),
            thumbnail: None,
            caption: "<p>mine</p>".into(),
        };
        let trail = [TrailItem {
            pid: 1,
            name: "b".into(),
            permalink: String::new(),
            content: "<p>earlier words</p>".into(),
            avatar_url: String::new(),
            title: String::new(),
            is_original_entry: true,
        }];
        assert_eq!(
            search_text(&link, "<p>added</p>", &trail),
            "Title Excerpt Ann example com https example com x mine added earlier words"
        );
        let chat = PostContent::Chat {
            title: String::new(),
            lines: vec![ChatLine {
                speaker: "A".into(),
                text: "hi there".into(),
            }],
        };
        assert_eq!(search_text(&chat, "", &[]), "A hi there");
    }

    #[test]
    fn long_text_is_cut_on_a_character() {
        let post = PostContent::Quote {
            quote: "é".repeat(MAX_SEARCH_CHARS + 5),
            source: String::new(),
        };
        assert_eq!(
            search_text(&post, "", &[]).chars().count(),
            MAX_SEARCH_CHARS
        );
        assert_eq!(search_tags(&["a b".into(), "#c-d".into()]), "a b c d");
        assert_eq!(words("don't  l'été_2"), "don t l été 2");
    }
}
