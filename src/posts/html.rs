//! A post's content as a standalone HTML fragment, for the server's own pages (the composer's
//! preview, a post's embed page): its HTML fields as the sanitiser left them (they were
//! sanitised when saved), every text field escaped.

use super::model::PostContent;
use crate::web::escape_html as esc;

/// A post's content as HTML: its HTML fields as the sanitiser left them, its text escaped.
pub fn content_html(content: &PostContent) -> String {
    match content {
        PostContent::Text { title, body } => format!(
            "{}{}",
            heading(title),
            body.replace(crate::posts::sanitize::READ_MORE, "")
        ),
        PostContent::Photo {
            photos, caption, ..
        } => {
            let images: String = photos
                .iter()
                .map(|p| {
                    format!(
                        "<figure><img src=\"{}\" alt=\"{}\"></figure>",
                        esc(&p.url),
                        esc(&p.caption)
                    )
                })
                .collect();
            format!("{images}{caption}")
        }
        PostContent::Quote { quote, source } => {
            format!("<blockquote>{}</blockquote>{source}", esc(quote))
        }
        PostContent::Link {
            url,
            title,
            excerpt,
            caption,
            ..
        } => format!(
            "<p class=\"link\"><a href=\"{}\">{}</a></p><p>{}</p>{caption}",
            esc(url),
            esc(if title.is_empty() { url } else { title }),
            esc(excerpt)
        ),
        PostContent::Chat { title, lines } => {
            let lines: String = lines
                .iter()
                .map(|l| match l.speaker.as_str() {
                    "" => format!("<li>{}</li>", esc(&l.text)),
                    who => format!("<li><b>{}:</b> {}</li>", esc(who), esc(&l.text)),
                })
                .collect();
            format!("{}<ul class=\"chat\">{lines}</ul>", heading(title))
        }
        PostContent::Audio {
            url,
            embed_url,
            track_title,
            caption,
            ..
        } => {
            let player = if embed_url.is_empty() {
                format!("<audio controls src=\"{}\"></audio>", esc(url))
            } else {
                format!(
                    "<iframe src=\"{}\" title=\"player\"></iframe>",
                    esc(embed_url)
                )
            };
            format!("{}{player}{caption}", heading(track_title))
        }
        PostContent::Video {
            url,
            embed_url,
            caption,
            processed,
            ..
        } => {
            let player = if let Some(video) = processed {
                format!(
                    "<video controls preload=\"metadata\" src=\"{}\" poster=\"{}\"></video>",
                    esc(&video.hd_url),
                    esc(&video.poster_url)
                )
            } else if embed_url.is_empty() {
                format!("<video controls src=\"{}\"></video>", esc(url))
            } else {
                format!(
                    "<iframe src=\"{}\" title=\"player\" allowfullscreen></iframe>",
                    esc(embed_url)
                )
            };
            format!("{player}{caption}")
        }
        PostContent::Note {
            ask,
            asking_name,
            answer,
            caption,
        } => format!(
            "<blockquote class=\"ask\"><p class=\"who\">{} asked:</p><p>{}</p></blockquote>{answer}{caption}",
            esc(asking_name.as_deref().unwrap_or("Anonymous")),
            esc(ask)
        ),
    }
}

fn heading(title: &str) -> String {
    if title.is_empty() {
        String::new()
    } else {
        format!("<h2>{}</h2>", esc(title))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_html_is_the_sanitisers() {
        let html = content_html(&PostContent::Quote {
            quote: "<script>alert(1)</script>".into(),
            source: "<p>ok</p>".into(),
        });
        assert_eq!(
            html,
            "<blockquote>&lt;script&gt;alert(1)&lt;/script&gt;</blockquote><p>ok</p>"
        );
        let note = content_html(&PostContent::Note {
            ask: "why?".into(),
            asking_name: Some("<b>x</b>".into()),
            answer: "<p>because</p>".into(),
            caption: String::new(),
        });
        assert!(note.contains("&lt;b&gt;x&lt;/b&gt; asked:"));
    }
}
