//! The save form of `/svc/post/update` (spec 001 §7), read and checked by every rule of
//! spec 001 §5 with its exact message. Pure: it knows nothing of storage, so each rule is a
//! unit test.
//!
//! The generic fields map per type (spec 001 §3):
//!
//! | type  | `post[one]`            | `post[two]` | `post[three]` |
//! |-------|------------------------|-------------|---------------|
//! | text  | title                  | body        |               |
//! | photo |                        | caption     | click-through URL |
//! | quote | quote                  | source      |               |
//! | link  | title                  | URL         | caption       |
//! | chat  | title                  | chat        |               |
//! | audio |                        | caption     | URL (a service's or an MP3's) |
//! | video | URL or embed code      | caption     |               |
//! | note  | question               | answer      | caption (of a reblog) |

use super::media_urls::web_url;
use crate::posts::model::{EditorType, PostContent, PostSource, PostState, PostType};
use crate::posts::sanitize;
use crate::posts::tags::parse_tags;

/// A checked save form.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SaveForm {
    /// The blog it posts to (`channel_id`).
    pub blog: String,
    /// The post being edited (`post_id` or `edit_post_id`).
    pub edit: Option<i64>,
    /// The post being reblogged and its key (`reblog_post_id`, `reblog_key`).
    pub reblog: Option<(i64, String)>,
    pub post_type: PostType,
    pub state: PostState,
    /// Free text when scheduling (`Next Tuesday, 10am`), read by the store with the clock.
    pub publish_on: Option<String>,
    /// Free text for the post's date (`post[date]`); empty is now.
    pub date: Option<String>,
    /// Minutes to add to UTC for the writer's clock (as the browser's `-getTimezoneOffset()`).
    pub utc_offset_minutes: i32,
    pub slug: String,
    pub tags: Vec<String>,
    pub source_url: String,
    pub editor: EditorType,
    pub allow_answers: bool,
    pub allow_photo_replies: bool,
    pub remove_reblog_tree: bool,
    pub source: PostSource,
    /// What the type's fields became, sanitised; `None` for a reblog, whose media come from
    /// the post it reblogs (see [`reblog_comment`]).
    pub content: Option<PostContent>,
    /// For an edit, what was wrong with the type's fields: it matters only if the post being
    /// edited is not a reblog, which the form cannot know (the store can).
    pub content_errors: Vec<FieldError>,
    pub send_to_twitter: bool,
    pub custom_tweet: String,
}

/// Reads and checks a save form. Every rule that fails is reported, each with its field.
pub(crate) fn read(form: &SaveFields) -> Result<SaveForm, Vec<FieldError>> {
    let mut errors = Vec::new();
    let blog = given(&form.channel_id).trim().to_owned();
    let edit = number(&form.edit_post_id, "edit_post_id", &mut errors).or(number(
        &form.post_id,
        "post_id",
        &mut errors,
    ));
    let reblog_id = number(&form.reblog_post_id, "reblog_post_id", &mut errors);
    let reblog = reblog_id.map(|id| (id, given(&form.reblog_key).to_owned()));
    let is_reblog = reblog.is_some() || flag(&form.reblog, "reblog", &mut errors);

    let post_type = match form.post_type.as_deref().map(str::trim) {
        // A reblog takes its type from the post it reblogs.
        None | Some("") if is_reblog => PostType::Text,
        Some(name) if !name.is_empty() => PostType::parse(name).unwrap_or_else(|| {
            errors.push(invalid_value("type"));
            PostType::Text
        }),
        _ => {
            errors.push(invalid_value("type"));
            PostType::Text
        }
    };
    let editor = match form.editor_type.as_deref().filter(|v| !v.is_empty()) {
        None => EditorType::Rich,
        Some(name) => EditorType::parse(name).unwrap_or_else(|| {
            errors.push(invalid_value("editor_type"));
            EditorType::Rich
        }),
    };
    let publish_on = text(&form.publish_on);
    let state = read_state(form, publish_on.is_some(), &mut errors);
    let publish_on = publish_on.filter(|_| state == PostState::Scheduled);
    if state == PostState::Scheduled && publish_on.is_none() {
        errors.push(field_error(
            "post[publish_on]",
            "Invalid \"publish_on\" value",
        ));
    }
    let utc_offset_minutes = number(&form.utc_offset, "utc_offset", &mut errors)
        .unwrap_or(0)
        .clamp(-14 * 60, 14 * 60) as i32;

    let source_url = given(&form.source_url).trim().to_owned();
    if !source_url.is_empty() && web_url(&source_url).is_none() {
        errors.push(field_error("post[source_url]", NOT_A_VALID_URL));
    }
    let source = PostSource {
        one: given(&form.one).to_owned(),
        two: given(&form.two).to_owned(),
        three: given(&form.three).to_owned(),
    };
    let allow_answers = flag(&form.allow_answers, "allow_answers", &mut errors);
    let allow_photo_replies = flag(
        &form.allow_photo_replies,
        "allow_photo_replies",
        &mut errors,
    );
    let remove_reblog_tree = flag(&form.remove_reblog_tree, "remove_reblog_tree", &mut errors);
    let send_to_twitter = flag(&form.send_to_twitter, "send_to_twitter", &mut errors);
    let confirm_tos = flag(&form.confirm_tos, "confirm_tos", &mut errors);
    flag(&form.send_to_fbog, "send_to_fbog", &mut errors);
    flag(&form.is_private, "is_private", &mut errors);
    let custom_tweet = if send_to_twitter {
        tweet(given(&form.custom_tweet))
    } else {
        String::new()
    };

    let mut content_errors = Vec::new();
    let content = if is_reblog {
        None
    } else {
        let fields = TypeFields {
            source: &source,
            editor,
            confirm_tos,
            form,
        };
        match fields.content(post_type) {
            Ok(content) => Some(content),
            Err(type_errors) if edit.is_some() => {
                content_errors = type_errors;
                None
            }
            Err(mut type_errors) => {
                errors.append(&mut type_errors);
                None
            }
        }
    };

    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(SaveForm {
        blog,
        edit,
        reblog,
        post_type,
        state,
        publish_on,
        date: text(&form.date),
        utc_offset_minutes,
        slug: slug(given(&form.slug)),
        tags: parse_tags(given(&form.tags)),
        source_url,
        editor,
        allow_answers,
        allow_photo_replies,
        remove_reblog_tree,
        source,
        content,
        content_errors,
        send_to_twitter,
        custom_tweet,
    })
}

/// The state asked for: `post[state]` by its code (published when absent), private when
/// `is_private` is set, scheduled when queued with a time (spec 001 §4). Unapproved ('0 3')
/// asks to submit the post to another blog's inbox (the handler checks who may); no one may
/// ask for transcoding.
fn read_state(form: &SaveFields, has_time: bool, errors: &mut Vec<FieldError>) -> PostState {
    let asked = match form.state.as_deref().map(str::trim) {
        None | Some("") => PostState::Published,
        Some(code) => match PostState::from_code(code) {
            Some(PostState::Transcoding) | None => {
                errors.push(invalid_value("state"));
                PostState::Published
            }
            Some(state) => state,
        },
    };
    // As `flag` reads it (trimmed), so what was checked is what is saved.
    if flag_value(&form.is_private) {
        return PostState::Private;
    }
    match asked {
        PostState::Queued if has_time => PostState::Scheduled,
        state => state,
    }
}

/// A reblog's own addition, sanitised: its comment, written in `post[two]` (a note's in
/// `post[three]`, its caption, since the answer is the original's).
pub(crate) fn reblog_comment(
    source: &PostSource,
    editor: EditorType,
    post_type: PostType,
) -> String {
    let raw = match post_type {
        PostType::Note => &source.three,
        _ => &source.two,
    };
    sanitize::post_html(raw, editor)
}

mod content;
mod fields;

use content::TypeFields;
// The form's vocabulary (its fields, limits and messages, and the helpers that read one
// field) is `fields.rs`; the rules here and in `content.rs` read the form through it.
pub(crate) use fields::*;

/// A custom URL's slug: lowercase letters, digits and single dashes.
fn slug(raw: &str) -> String {
    let mut out = String::new();
    for c in raw.trim().chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').chars().take(200).collect()
}

/// A custom tweet cut to 140 characters, counting each link as 29 (spec 001 §5).
fn tweet(raw: &str) -> String {
    let mut out = String::new();
    let mut used = 0;
    for (i, word) in raw.split(' ').enumerate() {
        let cost = if word.starts_with("http://") || word.starts_with("https://") {
            SHORT_URL_CHARS
        } else {
            word.chars().count()
        } + usize::from(i > 0);
        if used + cost > MAX_TWEET_CHARS {
            break;
        }
        if i > 0 {
            out.push(' ');
        }
        out.push_str(word);
        used += cost;
    }
    out
}

#[cfg(test)]
mod tests;
