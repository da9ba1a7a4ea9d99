//! The save form's fields as the composer sends them (every one as text), the spec's limits
//! and messages for them (spec 001 §5), and how one field is read.

use serde::Deserialize;

/// Photos a photo set holds at most.
pub(crate) const MAX_PHOTOS: usize = 10;
/// A photo's caption, at most.
pub(crate) const MAX_PHOTO_CAPTION: usize = 200;
pub(crate) use crate::media::limits::MAX_URL_CHARS;
/// The layouts a photo set may have (spec 000 §3 Photoset).
pub(crate) const PHOTOSET_LAYOUTS: [&str; 10] = [
    "", "1", "11", "12", "13", "123", "133", "1232", "1323", "12223",
];
/// A tweet, at most, counting a link as [`SHORT_URL_CHARS`].
pub(crate) const MAX_TWEET_CHARS: usize = 140;
/// What a link counts for in a tweet.
pub(crate) const SHORT_URL_CHARS: usize = 29;

pub(crate) use crate::posts::reblog::POST_BODY_EMPTY;
pub(crate) const NO_PHOTOS: &str = "No photos specified.";
pub(crate) const UPLOADS_IN_PROGRESS: &str = "Uploads in progress.";
pub(crate) const TOO_MANY_PHOTOS: &str = "A photo set holds at most 10 photos.";
pub(crate) const NO_QUOTE: &str = "No quote.";
pub(crate) const NO_URL: &str = "No url.";
pub(crate) const NOT_A_VALID_URL: &str = "Not a valid URL";
pub(crate) const NO_CHAT: &str = "No chat.";
pub(crate) const QUESTION_EMPTY: &str = "Post question empty.";
pub(crate) const NO_AUDIO: &str = "Please choose an audio source before continuing.";
pub(crate) const NEED_PERMISSION: &str =
    "You must agree that you have permission to share this file.";
pub(crate) const NO_VIDEO: &str = "No video specified.";

/// A message about a field: the spec's errors map, one entry at a time.
pub(crate) type FieldError = (String, String);

/// The save form as the composer sends it (docs/api.md "The save form"), every field as
/// text: the save's rules (`composer/form/`) check it, each failure with its message, so
/// nothing is refused before every rule has seen every field. A photo post adds
/// `images[{id}]` (each photo's URL) and `caption[{id}]` (its caption) for each photo.
#[derive(Debug, Default, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
pub(crate) struct SaveFields {
    /// The blog it posts to: one of yours, or another's for a submission.
    pub channel_id: Option<String>,
    /// The post being edited (a number).
    pub post_id: Option<String>,
    /// The post being edited, as `post_id`; this one wins when both are given.
    pub edit_post_id: Option<String>,
    /// The post being reblogged (a number).
    pub reblog_post_id: Option<String>,
    /// The reblogged post's `reblog_key`.
    pub reblog_key: Option<String>,
    /// A flag: the post is a reblog (sent with an edit of one, which has no `reblog_post_id`).
    pub reblog: Option<String>,
    /// A flag: the reblog leaves out the trail of earlier reblogs.
    pub remove_reblog_tree: Option<String>,
    /// `text`, `photo`, `quote`, `link`, `chat`, `audio`, `video` or `note` (a reblog's is the
    /// reblogged post's).
    #[serde(rename = "post[type]")]
    pub post_type: Option<String>,
    /// The state's code: `0` published (when absent), `1` draft, `2` queued, `on.2`
    /// scheduled, `private`, `0 3` a submission.
    #[serde(rename = "post[state]")]
    pub state: Option<String>,
    /// The type's first field (title, quote, question, or a video's URL or embed code).
    #[serde(rename = "post[one]")]
    pub one: Option<String>,
    /// The type's second field (body, caption, source, a link's URL, the chat, the answer).
    #[serde(rename = "post[two]")]
    pub two: Option<String>,
    /// The type's third field (a photo's click-through, a link's caption, an audio URL).
    #[serde(rename = "post[three]")]
    pub three: Option<String>,
    /// The tags, comma-joined.
    #[serde(rename = "post[tags]")]
    pub tags: Option<String>,
    /// The custom URL's slug.
    #[serde(rename = "post[slug]")]
    pub slug: Option<String>,
    /// Where the post's content comes from: a web URL.
    #[serde(rename = "post[source_url]")]
    pub source_url: Option<String>,
    /// When a queued post goes out, as free text (`Next Tuesday, 10am`, unix seconds).
    #[serde(rename = "post[publish_on]")]
    pub publish_on: Option<String>,
    /// The post's date, as free text; empty is now.
    #[serde(rename = "post[date]")]
    pub date: Option<String>,
    /// The writer's clock, in minutes ahead of UTC (a number).
    pub utc_offset: Option<String>,
    /// `rich` (when absent), `html` or `markdown`.
    pub editor_type: Option<String>,
    /// A flag: the post is private, whatever its state.
    pub is_private: Option<String>,
    /// A flag: readers may answer a question post.
    pub allow_answers: Option<String>,
    /// A flag: readers may reply to the post.
    pub allow_photo_replies: Option<String>,
    /// A flag: the post goes to Twitter.
    pub send_to_twitter: Option<String>,
    /// The tweet's text (with `send_to_twitter`), cut to the tweet's length.
    pub custom_tweet: Option<String>,
    /// A flag: the post goes to Facebook.
    pub send_to_fbog: Option<String>,
    /// A photo set's order: its photos' ids (of `images[{id}]`), comma-joined.
    #[serde(rename = "post[photoset_order]")]
    pub photoset_order: Option<String>,
    /// A photo set's layout: photos per row (`12` is one, then two), or empty.
    #[serde(rename = "post[photoset_layout]")]
    pub photoset_layout: Option<String>,
    /// A link's excerpt.
    pub excerpt: Option<String>,
    /// A link's author.
    pub author: Option<String>,
    /// A link's thumbnail URL.
    pub thumbnail: Option<String>,
    /// A flag: the link's thumbnail is removed.
    pub remove_thumbnail: Option<String>,
    /// An uploaded audio or video file's URL, used instead of the type's URL field.
    pub preuploaded_url: Option<String>,
    /// A flag: the writer may share the uploaded file.
    pub confirm_tos: Option<String>,
    /// The audio's track title.
    #[serde(rename = "id3_tags[title]")]
    pub track_title: Option<String>,
    /// The audio's artist.
    #[serde(rename = "id3_tags[artist]")]
    pub track_artist: Option<String>,
    /// The audio's album.
    #[serde(rename = "id3_tags[album]")]
    pub track_album: Option<String>,
    /// The audio's album art URL.
    pub album_art: Option<String>,
    /// A flag: the album art is removed.
    pub remove_album_art: Option<String>,
    /// A flag: the audio or video was found by the copyright fallback's search (spec 001
    /// §7); accepted, not read.
    #[expect(
        dead_code,
        reason = "a field of the form's wire type, which the web sends"
    )]
    pub copyright_fallback: Option<String>,
    /// A flag: the photo post's photo is a webcam snapshot.
    pub is_selfie: Option<String>,
    /// A flag: the photo post's photo is the webcam's GIF.
    pub is_selfie_gif: Option<String>,
    /// Each photo's `images[{id}]` and `caption[{id}]`.
    #[serde(flatten)]
    pub photos: PhotoFields,
}

/// The fields a save form names by a photo's id: `images[{id}]` (its URL) and
/// `caption[{id}]`, in the order they came (with whatever else the form carried that
/// [`SaveFields`] does not name, which is ignored).
#[derive(Debug, Default)]
pub(crate) struct PhotoFields(Vec<(String, String)>);

impl PhotoFields {
    /// Each photo's id and URL, in the order they came.
    pub(super) fn urls(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0
            .iter()
            .filter_map(|(key, value)| Some((bracketed(key, "images")?, value.as_str())))
    }

    /// The caption of the photo `id`.
    pub(super) fn caption(&self, id: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(key, _)| bracketed(key, "caption") == Some(id))
            .map(|(_, value)| value.as_str())
    }
}

impl<'de> Deserialize<'de> for PhotoFields {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct InOrder;
        impl<'de> serde::de::Visitor<'de> for InOrder {
            type Value = PhotoFields;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("form fields")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<PhotoFields, A::Error> {
                let mut fields = Vec::new();
                while let Some(entry) = map.next_entry::<String, String>()? {
                    fields.push(entry);
                }
                Ok(PhotoFields(fields))
            }
        }
        deserializer.deserialize_map(InOrder)
    }
}

/// In TypeScript the photo fields are the two key patterns (ts-rs cannot derive a pattern).
#[cfg(test)]
impl ts_rs::TS for PhotoFields {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;

    fn name(cfg: &ts_rs::Config) -> String {
        Self::inline(cfg)
    }

    fn inline(_: &ts_rs::Config) -> String {
        "{ [photo_url: `images[${string}]`]: string, [photo_caption: `caption[${string}]`]: string }"
            .to_owned()
    }

    fn inline_flattened(cfg: &ts_rs::Config) -> String {
        format!("({})", Self::inline(cfg))
    }
}

/// A field's text; absent is empty.
pub(super) fn given(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("")
}

/// A field's text, trimmed; absent or empty is `None`.
pub(super) fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

pub(super) fn field_error(field: &str, message: &str) -> FieldError {
    (field.to_owned(), message.to_owned())
}

/// `Invalid "{name}" value`.
pub(super) fn invalid_value(name: &str) -> FieldError {
    let field = match name {
        "type" | "state" | "photoset_layout" => format!("post[{name}]"),
        other => other.to_owned(),
    };
    (field, format!("Invalid \"{name}\" value"))
}

/// `Invalid "{name}" type. Expected {expected}, got {got}.`
pub(super) fn invalid_type(name: &str, expected: &str) -> FieldError {
    (
        name.to_owned(),
        format!("Invalid \"{name}\" type. Expected {expected}, got string."),
    )
}

pub(super) fn flag_value(value: &Option<String>) -> bool {
    matches!(value.as_deref().map(str::trim), Some("1" | "true" | "on"))
}

/// A boolean field, `name`: absent, empty, `0`, `1`, `true`, `false`, `on` or `off`.
pub(super) fn flag(value: &Option<String>, name: &str, errors: &mut Vec<FieldError>) -> bool {
    match value.as_deref().map(str::trim) {
        None | Some("" | "0" | "false" | "off") => false,
        Some("1" | "true" | "on") => true,
        Some(_) => {
            errors.push(invalid_type(name, "boolean"));
            false
        }
    }
}

/// A number field, `name`: absent or empty is `None`.
pub(super) fn number(
    value: &Option<String>,
    name: &str,
    errors: &mut Vec<FieldError>,
) -> Option<i64> {
    match value.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(value) => match value.parse::<i64>() {
            Ok(n) => Some(n),
            Err(_) => {
                errors.push(invalid_type(name, "number"));
                None
            }
        },
    }
}

/// `{name}[{id}]` → `id`.
pub(super) fn bracketed<'a>(key: &'a str, name: &str) -> Option<&'a str> {
    key.strip_prefix(name)?.strip_prefix('[')?.strip_suffix(']')
}
