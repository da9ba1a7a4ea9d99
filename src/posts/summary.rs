//! A post in a few words and one picture, for the places that point at a post without
//! showing it: the blog card's highlighted posts and the notifications about a post (spec
//! 000 §3 Notification `post.summary`, `post.media_url`).

use super::model::PostContent;
use super::sanitize::text_only;

/// Characters of a post's words a summary keeps.
pub(crate) const SUMMARY_CHARS: usize = 100;

/// The post's title, or its opening words, as plain text of at most [`SUMMARY_CHARS`]
/// characters. A reblog's own words are its `comment`: its content's words belong to the
/// trail.
pub(crate) fn summary(content: &PostContent, comment: &str, is_reblog: bool) -> String {
    let title = match content {
        PostContent::Text { title, .. } | PostContent::Chat { title, .. } => title.as_str(),
        PostContent::Link { title, .. } => title.as_str(),
        PostContent::Quote { quote, .. } => quote.as_str(),
        PostContent::Note { ask, .. } => ask.as_str(),
        _ => "",
    };
    if !title.trim().is_empty() {
        return shorten(title);
    }
    let own = if is_reblog {
        comment
    } else {
        content.own_text()
    };
    shorten(&text_only(&own.replace("[[MORE]]", " ")))
}

/// The picture that stands for the post: its first photo, a link's thumbnail, an audio
/// post's album art; empty for the others.
pub(crate) fn media_url(content: &PostContent) -> String {
    match content {
        PostContent::Photo { photos, .. } => photos.first().map(|p| p.url.clone()),
        PostContent::Link { thumbnail, .. } => thumbnail.clone(),
        PostContent::Audio { album_art, .. } => album_art.clone(),
        PostContent::Video {
            processed: Some(video),
            ..
        } => Some(video.poster_url.clone()),
        _ => None,
    }
    .unwrap_or_default()
}

/// At most [`SUMMARY_CHARS`] characters, white space folded, with an ellipsis when cut.
pub(crate) fn shorten(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= SUMMARY_CHARS {
        return text;
    }
    let cut: String = text.chars().take(SUMMARY_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortens_long_words_with_an_ellipsis() {
        assert_eq!(shorten("a  b\nc"), "a b c");
        let long = "word ".repeat(40);
        let short = shorten(&long);
        assert_eq!(short.chars().count(), SUMMARY_CHARS);
        assert!(short.ends_with('…'));
    }

    #[test]
    fn a_title_first_else_the_own_words_as_text() {
        let text = |title: &str, body: &str| PostContent::Text {
            title: title.into(),
            body: body.into(),
        };
        assert_eq!(summary(&text("Hello", "<p>x</p>"), "", false), "Hello");
        assert_eq!(
            summary(
                &text("", "<p>Tom &amp; <b>Jerry</b></p>[[MORE]]<p>more</p>"),
                "",
                false
            ),
            "Tom & Jerry more"
        );
        assert_eq!(
            summary(&text("", ""), "<p>My <i>two</i> cents</p>", true),
            "My two cents"
        );
    }

    #[test]
    fn the_picture_is_the_first_photo_a_thumbnail_or_album_art() {
        let photo = PostContent::Photo {
            photos: vec![crate::posts::model::Photo {
                url: "/media/a.png".into(),
                width: 1,
                height: 1,
                caption: String::new(),
            }],
            layout: "1".into(),
            linkthrough: String::new(),
            caption: "<p>Sea</p>".into(),
            selfie: None,
        };
        assert_eq!(media_url(&photo), "/media/a.png");
        assert_eq!(summary(&photo, "", false), "Sea");
        let quote = PostContent::Quote {
            quote: "To be".into(),
            source: String::new(),
        };
        assert_eq!(
            (media_url(&quote), summary(&quote, "", false)),
            (String::new(), "To be".into())
        );
    }
}
