//! Posts as they are stored and answered (spec 001 §3, spec 002 §3 Post): the eight types,
//! the states and their wire codes, each type's fields, and the reblog trail.

use serde::{Deserialize, Serialize};

/// The eight post types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "snake_case")]
pub enum PostType {
    Text,
    Photo,
    Quote,
    Link,
    Chat,
    Audio,
    Video,
    /// An answered question (an ask and its answer).
    Note,
}

impl PostType {
    /// Every type, in the fast-compose order (note last: it is made by answering).
    pub const ALL: [PostType; 8] = [
        PostType::Text,
        PostType::Photo,
        PostType::Quote,
        PostType::Link,
        PostType::Chat,
        PostType::Audio,
        PostType::Video,
        PostType::Note,
    ];

    /// The type's name as forms and answers write it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            PostType::Text => "text",
            PostType::Photo => "photo",
            PostType::Quote => "quote",
            PostType::Link => "link",
            PostType::Chat => "chat",
            PostType::Audio => "audio",
            PostType::Video => "video",
            PostType::Note => "note",
        }
    }

    /// The type named `name` (`regular` and `answer` are the spec's other names for text and
    /// note).
    pub(crate) fn parse(name: &str) -> Option<PostType> {
        match name {
            "regular" => Some(PostType::Text),
            "answer" => Some(PostType::Note),
            _ => PostType::ALL.into_iter().find(|t| t.name() == name),
        }
    }
}

/// Where a post stands (spec 001 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "snake_case")]
pub enum PostState {
    Published,
    Draft,
    Queued,
    /// Queued with a time: goes out at `publish_on`.
    Scheduled,
    Private,
    /// A submission waiting for the blog's approval.
    Unapproved,
    /// A video upload still being processed.
    Transcoding,
}

impl PostState {
    const ALL: [PostState; 7] = [
        PostState::Published,
        PostState::Draft,
        PostState::Queued,
        PostState::Scheduled,
        PostState::Private,
        PostState::Unapproved,
        PostState::Transcoding,
    ];

    /// The code the composer sends and reads (spec 001 §4).
    pub(crate) fn code(self) -> &'static str {
        match self {
            PostState::Published => "0",
            PostState::Draft => "1",
            PostState::Queued => "2",
            PostState::Scheduled => "on.2",
            PostState::Private => "private",
            PostState::Unapproved => "0 3",
            PostState::Transcoding => "4",
        }
    }

    /// The state a code (or a state's name) stands for.
    pub(crate) fn from_code(code: &str) -> Option<PostState> {
        PostState::ALL
            .into_iter()
            .find(|s| s.code() == code || s.name() == code)
    }

    /// The state's name, as stored.
    pub(crate) fn name(self) -> &'static str {
        match self {
            PostState::Published => "published",
            PostState::Draft => "draft",
            PostState::Queued => "queued",
            PostState::Scheduled => "scheduled",
            PostState::Private => "private",
            PostState::Unapproved => "unapproved",
            PostState::Transcoding => "transcoding",
        }
    }

    /// Whether only the blog's owner may see a post in this state.
    pub(crate) fn is_owner_only(self) -> bool {
        !matches!(self, PostState::Published)
    }

    /// Whether the post waits on its blog's queue page: queued, or scheduled.
    pub(crate) fn is_in_queue(self) -> bool {
        matches!(self, PostState::Queued | PostState::Scheduled)
    }
}

/// The editor a post was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "snake_case")]
pub(crate) enum EditorType {
    #[default]
    Rich,
    Html,
    Markdown,
}

impl EditorType {
    pub(crate) fn parse(name: &str) -> Option<EditorType> {
        match name {
            "rich" => Some(EditorType::Rich),
            "html" => Some(EditorType::Html),
            "markdown" => Some(EditorType::Markdown),
            _ => None,
        }
    }
}

/// One photo of a photo post (spec 000 §3 Photo).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct Photo {
    pub url: String,
    pub width: i64,
    pub height: i64,
    /// Plain text, at most 200 characters.
    pub caption: String,
}

/// How a photo post's photo was taken with the composer's webcam (spec 001 §7 `is_selfie`,
/// `is_selfie_gif`): readers are told so where the post gives the photo no words of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "snake_case")]
pub enum Selfie {
    /// A snapshot.
    Photo,
    /// The webcam's four-frame GIF.
    Gif,
}

/// One line of a chat post: who said it (empty when nobody is named) and what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct ChatLine {
    pub speaker: String,
    pub text: String,
}

/// Each type's fields, ready to render: every HTML field (body, caption, source, answer) is
/// sanitised; every other field is plain text, to show as text. A reblog carries the
/// reblogged post's media, without the words its trail shows (see [`PostContent::for_reblog`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PostContent {
    Text {
        title: String,
        /// HTML; readers show what comes before a `[[MORE]]` with 'Keep reading'.
        body: String,
    },
    Photo {
        photos: Vec<Photo>,
        /// Digits, each the number of photos in a row (spec 000 §3 Photoset).
        layout: String,
        /// Where a single photo links to.
        linkthrough: String,
        caption: String,
        /// Set when the photo came from the webcam; posts saved before it was kept read `null`.
        #[serde(default)]
        selfie: Option<Selfie>,
    },
    Quote {
        /// Plain text (show it as text, never as HTML).
        quote: String,
        source: String,
    },
    Link {
        url: String,
        title: String,
        excerpt: String,
        author: String,
        /// The host the link points at.
        publisher: String,
        thumbnail: Option<String>,
        caption: String,
    },
    Chat {
        title: String,
        lines: Vec<ChatLine>,
    },
    Audio {
        url: String,
        /// spotify, soundcloud, bandcamp, or direct (an MP3 here or elsewhere).
        service: String,
        /// The service's player, for an iframe; empty for an MP3 (an audio element plays it)
        /// and for services whose player does not follow from the URL.
        embed_url: String,
        track_title: String,
        track_artist: String,
        track_album: String,
        album_art: Option<String>,
        caption: String,
    },
    Video {
        /// The video as posted: an upload here (`/media/…`, as uploaded), a file elsewhere,
        /// or a provider's page.
        url: String,
        /// youtube, or direct (a video file here or elsewhere).
        service: String,
        /// The provider's embed address, for an iframe; empty for a direct video.
        embed_url: String,
        caption: String,
        /// What processing made of an upload here (`video/`): absent for other videos, and
        /// while the post waits in `transcoding`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        processed: Option<ProcessedVideo>,
    },
    Note {
        /// The question, plain text.
        ask: String,
        /// Who asked; `None` for an anonymous ask.
        asking_name: Option<String>,
        answer: String,
        caption: String,
    },
}

/// An uploaded video made playable everywhere (`video/`): H.264/AAC MP4 renditions, a poster
/// frame and a filmstrip for the player's hover preview (spec 002 §3 Video player state).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct ProcessedVideo {
    /// The HD rendition (at most 1280 × 720, or 720 × 1280 standing up).
    pub hd_url: String,
    /// The SD rendition (at most 640 × 360, or 360 × 640).
    pub sd_url: String,
    /// A frame from early in the video, as large as the HD rendition.
    pub poster_url: String,
    pub filmstrip: Filmstrip,
    /// The HD rendition's picture size.
    pub width: u32,
    pub height: u32,
    pub duration_ms: u64,
}

/// Ten frames taken evenly through a video, side by side in one image (spec 002 §4 Video:
/// the filmstrip has 10 thumbnails, shown at half size).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct Filmstrip {
    pub url: String,
    /// The whole strip's size in pixels (each frame is a tenth of the width).
    pub width: u32,
    pub height: u32,
}

impl PostContent {
    /// The content's type.
    pub(crate) fn post_type(&self) -> PostType {
        match self {
            PostContent::Text { .. } => PostType::Text,
            PostContent::Photo { .. } => PostType::Photo,
            PostContent::Quote { .. } => PostType::Quote,
            PostContent::Link { .. } => PostType::Link,
            PostContent::Chat { .. } => PostType::Chat,
            PostContent::Audio { .. } => PostType::Audio,
            PostContent::Video { .. } => PostType::Video,
            PostContent::Note { .. } => PostType::Note,
        }
    }

    /// The post's own words, as a reblog trail shows them: a text post's body, the caption of
    /// a photo, link, audio, video or answered question. A quote and a chat are all media:
    /// their reblogs show them as they are.
    pub(crate) fn own_text(&self) -> &str {
        match self {
            PostContent::Text { body, .. } => body,
            PostContent::Photo { caption, .. }
            | PostContent::Link { caption, .. }
            | PostContent::Audio { caption, .. }
            | PostContent::Video { caption, .. }
            | PostContent::Note { caption, .. } => caption,
            PostContent::Quote { .. } | PostContent::Chat { .. } => "",
        }
    }

    /// The content a reblog carries: the same media, without the words the trail now shows.
    pub(crate) fn for_reblog(&self) -> PostContent {
        let mut content = self.clone();
        match &mut content {
            PostContent::Text { body, .. } => body.clear(),
            PostContent::Photo { caption, .. }
            | PostContent::Link { caption, .. }
            | PostContent::Audio { caption, .. }
            | PostContent::Video { caption, .. }
            | PostContent::Note { caption, .. } => caption.clear(),
            PostContent::Quote { .. } | PostContent::Chat { .. } => {}
        }
        content
    }
}

/// One earlier contribution in a reblog's trail (spec 001 §3 Reblog trail item).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct TrailItem {
    /// The post the contribution was made in.
    pub pid: i64,
    /// Its blog.
    pub name: String,
    pub permalink: String,
    /// Sanitised HTML.
    pub content: String,
    pub avatar_url: String,
    pub title: String,
    /// The chain's first post.
    pub is_original_entry: bool,
}

/// What the author wrote, kept for editing: the generic fields of the form (spec 001 §3:
/// one, two, three, mapped per type) in the editor's own language.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub struct PostSource {
    pub one: String,
    pub two: String,
    pub three: String,
}

impl PostSource {
    /// The form's fields of a post the server wrote without them (an answer, an approved
    /// submission, the demo world's posts), read back from what it shows, so that editing it
    /// starts from its words rather than from an empty form that would save over them. The
    /// HTML fields are sanitised HTML, the language of the rich editor these posts are saved
    /// with. An upload here stays out of the source, as the composer keeps it (it came as
    /// `preuploaded_url`).
    pub(crate) fn of_content(content: &PostContent) -> PostSource {
        let fields = |one: &str, two: &str, three: &str| PostSource {
            one: one.to_owned(),
            two: two.to_owned(),
            three: three.to_owned(),
        };
        fn unless_uploaded(url: &str) -> &str {
            if url.starts_with("/media/") { "" } else { url }
        }
        match content {
            PostContent::Text { title, body } => fields(title, body, ""),
            PostContent::Photo {
                caption,
                linkthrough,
                ..
            } => fields("", caption, linkthrough),
            PostContent::Quote { quote, source } => fields(quote, source, ""),
            PostContent::Link {
                title,
                url,
                caption,
                ..
            } => fields(title, url, caption),
            PostContent::Chat { title, lines } => {
                let lines: Vec<String> = lines
                    .iter()
                    .map(|line| match line.speaker.as_str() {
                        "" => line.text.clone(),
                        speaker => format!("{speaker}: {}", line.text),
                    })
                    .collect();
                fields(title, &lines.join("\n"), "")
            }
            PostContent::Audio { url, caption, .. } => fields("", caption, unless_uploaded(url)),
            PostContent::Video { url, caption, .. } => fields(unless_uploaded(url), caption, ""),
            PostContent::Note {
                ask,
                answer,
                caption,
                ..
            } => fields(ask, answer, caption),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_post_written_without_a_source_is_edited_from_what_it_shows() {
        let chat = PostContent::Chat {
            title: "Overheard".into(),
            lines: vec![
                ChatLine {
                    speaker: "ann".into(),
                    text: "tea?".into(),
                },
                ChatLine {
                    speaker: String::new(),
                    text: "(silence)".into(),
                },
            ],
        };
        assert_eq!(
            PostSource::of_content(&chat),
            PostSource {
                one: "Overheard".into(),
                two: "ann: tea?\n(silence)".into(),
                three: String::new(),
            }
        );
        let answer = PostContent::Note {
            ask: "Which lighthouse?".into(),
            asking_name: Some("ben".into()),
            answer: "<p>Hook Head.</p>".into(),
            caption: String::new(),
        };
        assert_eq!(
            PostSource::of_content(&answer),
            PostSource {
                one: "Which lighthouse?".into(),
                two: "<p>Hook Head.</p>".into(),
                three: String::new(),
            }
        );
        // An upload here is the form's preuploaded_url, not its embed field.
        let video = PostContent::Video {
            url: "/media/abc.mp4".into(),
            service: "direct".into(),
            embed_url: String::new(),
            caption: "<p>waves</p>".into(),
            processed: None,
        };
        assert_eq!(PostSource::of_content(&video).one, "");
    }

    #[test]
    fn state_codes_map_both_ways() {
        for state in PostState::ALL {
            assert_eq!(PostState::from_code(state.code()), Some(state));
            assert_eq!(PostState::from_code(state.name()), Some(state));
        }
        assert_eq!(PostState::Scheduled.code(), "on.2");
        assert_eq!(PostState::Unapproved.code(), "0 3");
        assert_eq!(PostState::from_code("9"), None);
    }

    #[test]
    fn types_parse_by_name_and_by_the_specs_other_names() {
        for t in PostType::ALL {
            assert_eq!(PostType::parse(t.name()), Some(t));
        }
        assert_eq!(PostType::parse("regular"), Some(PostType::Text));
        assert_eq!(PostType::parse("answer"), Some(PostType::Note));
        assert_eq!(PostType::parse("postcard"), None);
    }

    #[test]
    fn content_serialises_with_its_type() {
        let content = PostContent::Quote {
            quote: "q".into(),
            source: "<p>s</p>".into(),
        };
        let json = serde_json::to_value(&content).unwrap();
        assert_eq!(json["type"], "quote");
        assert_eq!(
            serde_json::from_value::<PostContent>(json).unwrap(),
            content
        );
    }
}
