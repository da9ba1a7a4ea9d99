//! A post's content as a standalone HTML fragment, for the server's own pages (the composer's
//! preview, a post's embed page): its HTML fields as the sanitiser left them (they were
//! sanitised when saved), every text field escaped.

use super::model::{Photo, PostContent};
use crate::web::escape_html as esc;

/// The photo set's width on the site, the space between its photos, and a row's photos at
/// most (spec 001 limits; the web's `posts/constants.ts`).
const PHOTOSET_WIDTH: f64 = 540.0;
const PHOTOSET_PADDING: f64 = 2.0;
const PHOTOSET_MAX_PER_ROW: usize = 3;

/// A post's content as HTML: its HTML fields as the sanitiser left them, its text escaped.
pub(crate) fn content_html(content: &PostContent) -> String {
    match content {
        PostContent::Text { title, body } => format!(
            "{}{}",
            heading(title),
            body.replace(crate::posts::sanitize::READ_MORE, "")
        ),
        PostContent::Photo {
            photos,
            layout,
            caption,
            ..
        } => format!("{}{caption}", photoset(photos, layout)),
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
            track_artist,
            track_album,
            album_art,
            caption,
            ..
        } => {
            let art = match album_art.as_deref().filter(|a| !a.is_empty()) {
                Some(art) => format!(
                    "<img class=\"album-art\" src=\"{}\" alt=\"Album art\" width=\"120\" height=\"120\" \
                     style=\"object-fit:cover\">",
                    esc(art)
                ),
                None => String::new(),
            };
            let by: Vec<&str> = [track_artist, track_album]
                .into_iter()
                .map(|s| s.trim())
                .filter(|s| !s.is_empty())
                .collect();
            let by = if by.is_empty() {
                String::new()
            } else {
                format!("<p class=\"track\">{}</p>", esc(&by.join(" · ")))
            };
            let player = if embed_url.is_empty() {
                format!("<audio controls src=\"{}\"></audio>", esc(url))
            } else {
                format!(
                    "<iframe src=\"{}\" title=\"player\"></iframe>",
                    esc(embed_url)
                )
            };
            format!("{art}{}{by}{player}{caption}", heading(track_title))
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

/// A photo set in its rows (spec 000 §3 Photoset: each digit of the layout is a row's
/// photos), as the site lays it out: a row of several photos shares the width, 2 px apart,
/// as tall as its shortest photo at that width, the others cropped; one photo keeps its
/// shape. A layout that does not add up to the photos is one photo a row. Styled inline, so
/// it holds on any page that shows it (the embed page, the composer's preview).
fn photoset(photos: &[Photo], layout: &str) -> String {
    let counts: Vec<usize> = layout
        .chars()
        .map(|c| c.to_digit(10).unwrap_or(0) as usize)
        .collect();
    let valid = !counts.is_empty()
        && counts
            .iter()
            .all(|&n| (1..=PHOTOSET_MAX_PER_ROW).contains(&n))
        && counts.iter().sum::<usize>() == photos.len();
    let counts = if valid { counts } else { vec![1; photos.len()] };
    let mut rows = String::new();
    let mut next = 0;
    for count in counts {
        let row = &photos[next..next + count];
        next += count;
        let figure = |p: &Photo, style: &str| {
            format!(
                "<figure style=\"margin:0;{style}\"><img src=\"{}\" alt=\"{}\" style=\"display:block;width:100%;{}\"></figure>",
                esc(&p.url),
                esc(&p.caption),
                if row.len() > 1 {
                    "height:100%;object-fit:cover"
                } else {
                    "height:auto"
                }
            )
        };
        if row.len() == 1 {
            rows.push_str(&format!(
                "<div class=\"photoset-row\" style=\"margin-bottom:{PHOTOSET_PADDING}px\">{}</div>",
                figure(&row[0], "")
            ));
            continue;
        }
        let cell =
            (PHOTOSET_WIDTH - PHOTOSET_PADDING * (row.len() as f64 - 1.0)) / row.len() as f64;
        let tallest_fit = row
            .iter()
            .map(|p| {
                if p.width > 0 && p.height > 0 {
                    cell * p.height as f64 / p.width as f64
                } else {
                    cell
                }
            })
            .fold(f64::INFINITY, f64::min);
        let figures: String = row
            .iter()
            .map(|p| figure(p, "flex:1;min-width:0"))
            .collect();
        rows.push_str(&format!(
            "<div class=\"photoset-row\" style=\"display:flex;gap:{PHOTOSET_PADDING}px;\
             margin-bottom:{PHOTOSET_PADDING}px;aspect-ratio:{PHOTOSET_WIDTH}/{tallest_fit:.1}\">{figures}</div>"
        ));
    }
    format!("<div class=\"photoset\">{rows}</div>")
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

    fn photo(url: &str, width: i64, height: i64) -> Photo {
        Photo {
            url: url.into(),
            width,
            height,
            caption: String::new(),
        }
    }

    fn photo_post(photos: Vec<Photo>, layout: &str) -> String {
        content_html(&PostContent::Photo {
            photos,
            layout: layout.into(),
            linkthrough: String::new(),
            caption: String::new(),
            selfie: None,
        })
    }

    #[test]
    fn a_photoset_is_in_its_layouts_rows() {
        let html = photo_post(
            vec![
                photo("/a.jpg", 800, 600),
                photo("/b.jpg", 400, 400),
                photo("/c.jpg", 400, 200),
            ],
            "12",
        );
        let rows: Vec<&str> = html.split("<div class=\"photoset-row\"").skip(1).collect();
        assert_eq!(rows.len(), 2, "{html}");
        assert_eq!(rows[0].matches("<img").count(), 1);
        assert!(
            !rows[0].contains("display:flex"),
            "one photo keeps its shape"
        );
        assert_eq!(rows[1].matches("<img").count(), 2);
        // Two cells of 269 px: the square is 269 tall, the wide one 134.5, so the row is as
        // tall as the wide one and the square is cropped.
        assert!(
            rows[1].contains("display:flex") && rows[1].contains("aspect-ratio:540/134.5"),
            "{}",
            rows[1]
        );
    }

    #[test]
    fn a_photoset_whose_layout_does_not_add_up_is_one_photo_a_row() {
        let html = photo_post(vec![photo("/a.jpg", 1, 1), photo("/b.jpg", 0, 0)], "3");
        assert_eq!(html.matches("<div class=\"photoset-row\"").count(), 2);
        assert!(!html.contains("display:flex"), "{html}");
    }

    #[test]
    fn audio_shows_its_art_and_who_made_it() {
        let html = content_html(&PostContent::Audio {
            url: "/media/a.mp3".into(),
            service: "direct".into(),
            embed_url: String::new(),
            track_title: "Song".into(),
            track_artist: "<Band>".into(),
            track_album: "Album".into(),
            album_art: Some("/media/art.png".into()),
            caption: String::new(),
        });
        assert!(
            html.starts_with("<img class=\"album-art\" src=\"/media/art.png\""),
            "{html}"
        );
        assert!(
            html.contains("<p class=\"track\">&lt;Band&gt; · Album</p>"),
            "{html}"
        );
        assert!(
            html.contains("<audio controls src=\"/media/a.mp3\">"),
            "{html}"
        );
    }
}
