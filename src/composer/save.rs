//! Saving a post: a checked form becomes what the store writes, for a new post, an edit, or
//! a reblog (spec 001 §4). The rules that need the stored posts live here; the form's own
//! rules are in `form/`, and those of a post already written in `posts/reblog.rs`.

use super::form::{self, FieldError, SaveForm};
use super::when::parse_when;
use crate::blogs::store::BlogRef;
use crate::error::{AppError, Code};
use crate::posts::model::{PostContent, PostType};
use crate::posts::reblog::{check_reblog_text, own_post, rebloggable, trail_after};
use crate::posts::store::{PostWrite, ReblogOf};
use crate::store::media::{MediaStore, is_media_name};
use crate::store::{Store, now_secs};

/// What a save does.
pub(crate) enum Save {
    Create(PostWrite),
    Update(i64, PostWrite),
}

/// Turns a checked form into the write it asks for, reading the post it edits or reblogs.
pub(crate) async fn prepare(
    store: &Store,
    user_id: i64,
    blog: &BlogRef,
    form: SaveForm,
) -> Result<Save, AppError> {
    let now = now_secs();
    let mut errors: Vec<FieldError> = Vec::new();
    let publish_on = form.publish_on.as_deref().and_then(|text| {
        when(
            text,
            now,
            form.utc_offset_minutes,
            "publish_on",
            &mut errors,
        )
    });
    let date = form
        .date
        .as_deref()
        .and_then(|text| when(text, now, form.utc_offset_minutes, "date", &mut errors));
    if !errors.is_empty() {
        return Err(AppError::invalid(Code::InvalidPost, errors));
    }
    let comment = form::reblog_comment(&form.source, form.editor, form.post_type);
    let base = |post_type: PostType,
                content: PostContent,
                comment: String,
                reblog: Option<ReblogOf>| PostWrite {
        blog_id: blog.id,
        post_type,
        state: form.state,
        pending_state: None,
        publish_on,
        date,
        slug: form.slug.clone(),
        source_url: form.source_url.clone(),
        editor_type: editor_name(&form),
        allow_answers: form.allow_answers,
        allow_photo_replies: form.allow_photo_replies,
        content,
        source: form.source.clone(),
        comment,
        tags: form.tags.clone(),
        reblog,
        asked_by: None,
        app_name: None,
        posted_by: None,
    };
    match (form.edit, &form.reblog) {
        (Some(id), _) => {
            let row = own_post(store, user_id, id).await?;
            if row.blog_id != blog.id {
                return Err(invalid("channel_id", "Invalid \"channel_id\" value"));
            }
            if row.is_reblog() {
                let trail = if form.remove_reblog_tree {
                    Vec::new()
                } else {
                    row.trail()
                };
                let content = row.content();
                check_reblog_text(&content, &trail, &comment)?;
                let reblog = ReblogOf {
                    parent_id: row.parent_post_id.unwrap_or(row.id),
                    root_id: row.root_post_id.unwrap_or(row.id),
                    trail,
                };
                return Ok(Save::Update(
                    id,
                    base(row.post_type(), content, comment, Some(reblog)),
                ));
            }
            // The type may change only in a new post (spec 001 §4).
            if form.post_type != row.post_type() {
                return Err(invalid("post[type]", "Invalid \"type\" value"));
            }
            if !form.content_errors.is_empty() {
                return Err(AppError::invalid(
                    Code::InvalidPost,
                    form.content_errors.clone(),
                ));
            }
            let content = form
                .content
                .clone()
                .ok_or_else(|| invalid("reblog", "Invalid \"reblog\" value"))?;
            Ok(Save::Update(
                id,
                base(row.post_type(), content, String::new(), None),
            ))
        }
        (None, Some((parent_id, key))) => {
            let parent = rebloggable(store, user_id, *parent_id, key).await?;
            let trail = if form.remove_reblog_tree {
                Vec::new()
            } else {
                trail_after(&parent)
            };
            let content = parent.content().for_reblog();
            check_reblog_text(&content, &trail, &comment)?;
            let reblog = ReblogOf {
                parent_id: parent.id,
                root_id: parent.root_post_id.unwrap_or(parent.id),
                trail,
            };
            Ok(Save::Create(base(
                parent.post_type(),
                content,
                comment,
                Some(reblog),
            )))
        }
        (None, None) => {
            let content = form
                .content
                .clone()
                .ok_or_else(|| invalid("reblog", "Invalid \"reblog\" value"))?;
            Ok(Save::Create(base(
                form.post_type,
                content,
                String::new(),
                None,
            )))
        }
    }
}

/// Fills in the size of each photo kept in our media store (the composer sends only URLs;
/// readers lay out rows of photos by their shapes). Photos elsewhere on the web keep 0: the
/// server does not fetch them just to measure.
pub(crate) async fn measure_photos(content: &mut Option<PostContent>, media: &MediaStore) {
    let Some(PostContent::Photo { photos, .. }) = content else {
        return;
    };
    for photo in photos.iter_mut().filter(|p| p.width == 0) {
        let Some(name) = photo
            .url
            .strip_prefix("/media/")
            .filter(|n| is_media_name(n))
        else {
            continue;
        };
        let Ok(Some(bytes)) = media.get(name).await else {
            continue;
        };
        let reader =
            image::ImageReader::new(std::io::Cursor::new(&bytes[..])).with_guessed_format();
        if let Ok((width, height)) = reader
            .map_err(|_| ())
            .and_then(|r| r.into_dimensions().map_err(|_| ()))
        {
            photo.width = i64::from(width);
            photo.height = i64::from(height);
        }
    }
}

fn when(
    text: &str,
    now: i64,
    offset: i32,
    name: &str,
    errors: &mut Vec<FieldError>,
) -> Option<i64> {
    let parsed = parse_when(text, now, offset);
    if parsed.is_none() {
        errors.push((format!("post[{name}]"), format!("Invalid \"{name}\" value")));
    }
    parsed
}

fn invalid(field: &str, message: &str) -> AppError {
    AppError::invalid(
        Code::InvalidPost,
        vec![(field.to_owned(), message.to_owned())],
    )
}

fn editor_name(form: &SaveForm) -> String {
    match form.editor {
        crate::posts::model::EditorType::Rich => "rich",
        crate::posts::model::EditorType::Html => "html",
        crate::posts::model::EditorType::Markdown => "markdown",
    }
    .to_owned()
}
