//! Saving a post: a checked form becomes what the store writes, for a new post, an edit, or
//! a reblog (spec 001 §4). The rules that need the stored posts live here; the form's own
//! rules are in `form.rs`.

use super::form::{self, FieldError, POST_BODY_EMPTY, SaveForm};
use super::model::{PostContent, PostState, PostType, TrailItem};
use super::store::{PostRow, PostWrite, ReblogOf};
use super::view::post_url;
use super::when::parse_when;
use crate::blogs::avatar::{DEFAULT_AVATAR_SIZE, avatar_url};
use crate::blogs::store::BlogRef;
use crate::error::{AppError, Code};
use crate::store::media::{MediaStore, is_media_name};
use crate::store::{Store, now_secs};

/// The message of a refused reblog (spec 001 §4).
pub const CANNOT_REBLOG: &str = "This post cannot be reblogged.";

/// What a save does.
pub enum Save {
    Create(PostWrite),
    Update(i64, PostWrite),
}

/// Turns a checked form into the write it asks for, reading the post it edits or reblogs.
pub async fn prepare(
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

/// What a fast reblog writes (spec 002 §7 `/fast_reblog`): `parent` reblogged as it is to
/// `blog_id`, with no words or tags of its own, published now or queued.
pub fn fast_reblog(
    parent: &PostRow,
    blog_id: i64,
    state: PostState,
) -> Result<PostWrite, AppError> {
    let trail = trail_after(parent);
    let content = parent.content().for_reblog();
    check_reblog_text(&content, &trail, "")?;
    let mut write = PostWrite::new(blog_id, state, content);
    // A reblog keeps its parent's type whatever its content says (a note's answer, say).
    write.post_type = parent.post_type();
    write.reblog = Some(ReblogOf {
        parent_id: parent.id,
        root_id: parent.root_post_id.unwrap_or(parent.id),
        trail,
    });
    Ok(write)
}

/// Fills in the size of each photo kept in our media store (the composer sends only URLs;
/// readers lay out rows of photos by their shapes). Photos elsewhere on the web keep 0: the
/// server does not fetch them just to measure.
pub async fn measure_photos(content: &mut Option<PostContent>, media: &MediaStore) {
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

/// One of the user's own posts; anyone else's answers 404, as if it did not exist (drafts
/// and queued posts are nobody else's business).
pub async fn own_post(store: &Store, user_id: i64, id: i64) -> Result<PostRow, AppError> {
    match store.post_row(id, Some(user_id)).await? {
        Some(row) if row.owner_id == user_id => Ok(row),
        _ => Err(AppError::not_found("No such post.")),
    }
}

/// The post `parent_id` if `user_id` may reblog it with `key`: a published post whose blog
/// has not blocked any blog of the user. Anything else is refused with the spec's 403.
pub async fn rebloggable(
    store: &Store,
    user_id: i64,
    parent_id: i64,
    key: &str,
) -> Result<PostRow, AppError> {
    let refused = || AppError::forbidden(Code::NotRebloggable, CANNOT_REBLOG);
    let parent = store
        .post_row(parent_id, Some(user_id))
        .await?
        .ok_or_else(refused)?;
    let key_matches = !key.is_empty() && parent.reblog_key == key;
    if !key_matches || parent.state() != PostState::Published {
        return Err(refused());
    }
    if store.blocked_any_blog_of(parent.blog_id, user_id).await? {
        return Err(refused());
    }
    Ok(parent)
}

/// Refuses to `act` on ("like", "reply to") a post of a blog that blocked one of the user's
/// blogs: 403 `blocked`.
pub async fn not_blocked(
    store: &Store,
    user_id: i64,
    post: &PostRow,
    act: &str,
) -> Result<(), AppError> {
    if store.blocked_any_blog_of(post.blog_id, user_id).await? {
        return Err(AppError::forbidden(
            Code::Blocked,
            format!("You can't {act} {}'s posts.", post.blog_name),
        ));
    }
    Ok(())
}

/// The trail a reblog of `parent` carries: the parent's own trail, then the parent's own
/// words (its comment, or for the chain's first post its text), when it has any.
pub fn trail_after(parent: &PostRow) -> Vec<TrailItem> {
    let content = parent.content();
    let (mut trail, words, original) = if parent.is_reblog() {
        (parent.trail(), parent.comment.clone(), false)
    } else {
        (Vec::new(), content.own_text().to_owned(), true)
    };
    if !words.trim().is_empty() {
        let title = match (&content, original) {
            (PostContent::Text { title, .. }, true) => title.clone(),
            _ => String::new(),
        };
        trail.push(TrailItem {
            pid: parent.id,
            name: parent.blog_name.clone(),
            permalink: post_url(&parent.blog_name, parent.id, &parent.slug),
            content: words,
            avatar_url: avatar_url(&parent.blog_name, DEFAULT_AVATAR_SIZE),
            title,
            is_original_entry: original,
        });
    }
    trail
}

/// A text reblog says something: a title, a trail, or its own comment (spec 001 §5: the
/// body may be empty when a reblog tree exists).
fn check_reblog_text(
    content: &PostContent,
    trail: &[TrailItem],
    comment: &str,
) -> Result<(), AppError> {
    if let PostContent::Text { title, .. } = content
        && title.is_empty()
        && trail.is_empty()
        && comment.trim().is_empty()
    {
        return Err(invalid("post[two]", POST_BODY_EMPTY));
    }
    Ok(())
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
        super::model::EditorType::Rich => "rich",
        super::model::EditorType::Html => "html",
        super::model::EditorType::Markdown => "markdown",
    }
    .to_owned()
}
