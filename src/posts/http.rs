//! The composer's calls (spec 001 §7) and the pages that list posts: `/svc/post/update`,
//! `/svc/post/fetch`, `/svc/post/get_post_form_builder_data`,
//! `/svc/post/{page_root}/{direction}/{ref_post_id}`, `/svc/filter_html_for_dash_preview`,
//! `/svc/post/set_seen_rte`, and the blog viewer's `/svc/indash_blog/posts` and
//! `/svc/indash_blog/header`.

use axum::Router;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::asks;
use super::form::{
    self, MAX_PHOTO_CAPTION, MAX_PHOTOS, MAX_TWEET_CHARS, MAX_URL_CHARS, SHORT_URL_CHARS,
};
use super::model::{EditorType, PostState, PostType};
use super::sanitize::dash_preview;
use super::save::{self, Save, own_post, rebloggable};
use super::store::{Cursor, Page, PostRow};
use super::tags::{MAX_TAG_CHARS, clean_tag, tag_key};
use super::view::PostView;
use crate::auth::session::{CurrentUser, MaybeSession};
use crate::blogs::avatar::{DEFAULT_AVATAR_SIZE, avatar_url};
use crate::blogs::lookup::{BlogField, acting_blog, blog_named, owned_blog};
use crate::blogs::model::BlogView;
use crate::blogs::store::BlogRow;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, Pairs, Query, flag};
use crate::moderation::not_suspended;
use crate::state::AppState;

/// Posts a page holds.
pub const PAGE_SIZE: i64 = 10;

/// The post routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/post/update", post(update))
        .route("/svc/post/fetch", post(fetch))
        .route(
            "/svc/post/get_post_form_builder_data",
            post(form_builder_data),
        )
        .route("/svc/post/set_seen_rte", post(set_seen_rte))
        .route("/svc/post/{page_root}/{direction}/{ref_post_id}", get(page))
        .route("/svc/filter_html_for_dash_preview", post(filter_html))
        .route("/svc/indash_blog/posts", get(indash_posts))
        .route(
            "/svc/indash_blog/header",
            get(indash_header).post(super::header::save_header),
        )
        .route("/blog/{name}/post/preview", post(super::preview::preview))
}

/// The blog a post went to, as the save answer names it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PostTumblelog {
    post_url: String,
    name_or_id: String,
    url: String,
    avatar: String,
}

/// The blog the post was saved to, with its counts after the save: the composer moves
/// that blog's counters with them (001 §4 After save). The form's `context_id` is not read.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(super) struct ContextTumblelog {
    name_or_id: String,
    post_count: i64,
    draft_count: i64,
    queued_post_count: i64,
    transcoding_count: i64,
}

impl ContextTumblelog {
    /// The blog's counts as they stand.
    pub(super) fn of(row: &BlogRow) -> ContextTumblelog {
        ContextTumblelog {
            name_or_id: row.name.clone(),
            post_count: row.post_count,
            draft_count: row.draft_count,
            queued_post_count: row.queued_post_count,
            transcoding_count: row.transcoding_count,
        }
    }
}

/// The save answer (spec 001 §3 Save response); errors come as the error envelope's
/// `errors`, each naming its field.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct SaveAnswer {
    post: PostView,
    /// The page the post now belongs on.
    post_context_page: ContextPage,
    message: String,
    created_post: bool,
    post_tumblelog: PostTumblelog,
    context_tumblelog: ContextTumblelog,
}

/// The page a post is listed on, for the composer to put a saved post where it belongs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "snake_case")]
enum ContextPage {
    /// Published posts: the followers' dashboards and the blog.
    Dashboard,
    /// Private posts: the owner's view of the blog only.
    Blog,
    Drafts,
    /// Queued and scheduled posts.
    Queue,
    Processing,
    Inbox,
}

/// The page a post in `state` is listed on.
fn context_page(state: PostState) -> ContextPage {
    match state {
        PostState::Published => ContextPage::Dashboard,
        PostState::Private => ContextPage::Blog,
        PostState::Draft => ContextPage::Drafts,
        PostState::Queued | PostState::Scheduled => ContextPage::Queue,
        PostState::Transcoding => ContextPage::Processing,
        PostState::Unapproved => ContextPage::Inbox,
    }
}

fn saved_message(post: &PostView, created: bool) -> String {
    let blog = &post.tumblelog;
    match post.state {
        PostState::Draft => "Saved to your drafts.".into(),
        PostState::Queued => format!("Added to {blog}'s queue."),
        PostState::Scheduled => format!("Scheduled on {blog}."),
        PostState::Private => format!("Posted privately to {blog}."),
        PostState::Unapproved => format!("Submitted to {blog}."),
        _ if post.is_reblog && created => format!("Reblogged to {blog}."),
        _ if created => format!("Posted to {blog}."),
        _ => "Saved.".into(),
    }
}

async fn update(
    State(app): State<AppState>,
    user: CurrentUser,
    form: Pairs,
) -> ApiResult<SaveAnswer> {
    let mut form =
        form::read(&form).map_err(|errors| AppError::invalid(Code::InvalidPost, errors))?;
    // '0 3' submits the post to another user's blog; every other state saves to one's own.
    let (blog, submitter) = if form.state == PostState::Unapproved {
        form.publish_on = None;
        let (blog, submitter) = asks::submission(&app, user.user_id, &form).await?;
        (blog, Some(submitter))
    } else {
        let blog = owned_blog(&app.store, user.user_id, &form.blog, BlogField::ChannelId).await?;
        (blog, None)
    };
    not_suspended(&app.store, blog.id).await?;
    save::measure_photos(&mut form.content, &app.media).await;
    let (id, created, published) =
        match save::prepare(&app.store, user.user_id, &blog, form).await? {
            Save::Create(mut write) => {
                write.asked_by = submitter.as_ref().map(|b| b.id);
                let written = app.store.create_post(&write).await?;
                (written.id, true, written.published)
            }
            Save::Update(id, write) => (id, false, app.store.update_post(id, &write).await?),
        };
    app.realtime.publish(published).await;
    let post = post_view(&app, id, Some(user.user_id)).await?;
    // The counts the composer updates are the writer's own blog's: a submission's.
    let context = submitter.as_ref().unwrap_or(&blog);
    let row = blog_named(&app.store, Some(user.user_id), &context.name).await?;
    Ok(ok(SaveAnswer {
        post_context_page: context_page(post.state),
        message: saved_message(&post, created),
        created_post: created,
        post_tumblelog: PostTumblelog {
            post_url: post.post_url.clone(),
            name_or_id: blog.name.clone(),
            url: format!("/blog/{}", blog.name),
            avatar: avatar_url(&blog.name, DEFAULT_AVATAR_SIZE),
        },
        context_tumblelog: ContextTumblelog::of(&row),
        post,
    }))
}

/// A post with its tags, as `viewer` reads it.
pub(super) async fn post_view(
    app: &AppState,
    id: i64,
    viewer: Option<i64>,
) -> Result<PostView, AppError> {
    let row = app
        .store
        .post_row(id, viewer)
        .await?
        .ok_or_else(|| AppError::not_found("No such post."))?;
    Ok(views(app, vec![row], viewer).await?.remove(0))
}

/// Posts with their tags and notes, in one query for all the tags and one for all the
/// notes.
pub(super) async fn views(
    app: &AppState,
    rows: Vec<PostRow>,
    viewer: Option<i64>,
) -> Result<Vec<PostView>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut tags = app.store.tags_of(&ids).await?;
    let notes = app.store.note_states(viewer, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let tags = tags.remove(&row.id).unwrap_or_default();
            let notes = notes.get(&row.id).copied().unwrap_or_default();
            PostView::of(row, tags, notes, viewer)
        })
        .collect())
}

/// What `/svc/post/fetch` answers: the post to edit, or the one to reblog.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct FetchAnswer {
    post: PostView,
    created_post: bool,
    post_tumblelog: PostTumblelog,
    post_context_page: ContextPage,
}

async fn fetch(
    State(app): State<AppState>,
    user: CurrentUser,
    form: Pairs,
) -> ApiResult<FetchAnswer> {
    let number = |name: &str| -> Result<Option<i64>, AppError> {
        match form.get(name).map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|_| {
                AppError::bad_request(
                    Code::InvalidPost,
                    format!("Invalid \"{name}\" type. Expected number, got string."),
                )
            }),
        }
    };
    let row = match (number("post_id")?, number("reblog_id")?) {
        (Some(id), _) => {
            let row = own_post(&app.store, user.user_id, id).await?;
            let channel = form.get("channel_id").unwrap_or("").trim();
            if !channel.is_empty() && channel != row.blog_name {
                return Err(AppError::not_found("No such post."));
            }
            row
        }
        (None, Some(id)) => {
            let key = form.get("reblog_key").unwrap_or("");
            rebloggable(&app.store, user.user_id, id, key).await?
        }
        (None, None) => {
            return Err(AppError::bad_request(
                Code::InvalidPost,
                "Say which post: post_id and channel_id to edit, or reblog_id and reblog_key to reblog.",
            ));
        }
    };
    let blog = row.blog_name.clone();
    let post = views(&app, vec![row], Some(user.user_id)).await?.remove(0);
    Ok(ok(FetchAnswer {
        post_context_page: context_page(post.state),
        created_post: false,
        post_tumblelog: PostTumblelog {
            post_url: post.post_url.clone(),
            url: format!("/blog/{blog}"),
            avatar: avatar_url(&blog, DEFAULT_AVATAR_SIZE),
            name_or_id: blog,
        },
        post,
    }))
}

/// A blog the composer can post to (spec 001 §3 Channel).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct FormChannel {
    name: String,
    title: String,
    avatar_url: String,
    show_author_avatar: bool,
    blog_url: String,
    #[serde(rename = "displayName")]
    display_name: String,
    directory_safe_title: String,
    is_current: bool,
    can_send_to_twitter: bool,
    can_send_to_facebook: bool,
    twitter_send_posts: bool,
    facebook_opengraph_send_posts: bool,
}

/// The limits the composer enforces as the server does (spec 001 §9).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct FormLimits {
    photos_per_post: usize,
    photo_caption_chars: usize,
    tag_chars: usize,
    url_chars: usize,
    tweet_chars: usize,
    short_url_chars: usize,
    inline_embeds_per_post: usize,
    photo_upload_bytes: u64,
    audio_upload_bytes: u64,
    album_art_upload_bytes: u64,
    video_upload_bytes: u64,
    image_max_dimension: u32,
}

/// The user's composer settings (spec 001 §3 User).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct FormUser {
    default_editor_type: EditorType,
    has_rich_text_tutorial: bool,
    inline_embeds_per_post: usize,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct FormBuilderData {
    channels: Vec<FormChannel>,
    limits: FormLimits,
    user: FormUser,
    post_types: Vec<PostType>,
}

/// Inline embeds a post may hold (spec 001 §5: the default).
const INLINE_EMBEDS_PER_POST: usize = 5;

async fn form_builder_data(
    State(app): State<AppState>,
    user: CurrentUser,
) -> ApiResult<FormBuilderData> {
    let current = acting_blog(&app.store, user.user_id).await?;
    let channels = app
        .store
        .blogs_of_user(user.user_id)
        .await?
        .into_iter()
        .map(|b| FormChannel {
            avatar_url: avatar_url(&b.name, DEFAULT_AVATAR_SIZE),
            show_author_avatar: true,
            blog_url: format!("/blog/{}", b.name),
            display_name: b.name.clone(),
            directory_safe_title: b.title.replace(['<', '>', '"', '&'], ""),
            is_current: b.id == current.id,
            can_send_to_twitter: false,
            can_send_to_facebook: false,
            twitter_send_posts: false,
            facebook_opengraph_send_posts: false,
            title: b.title,
            name: b.name,
        })
        .collect();
    Ok(ok(FormBuilderData {
        channels,
        limits: FormLimits {
            photos_per_post: MAX_PHOTOS,
            photo_caption_chars: MAX_PHOTO_CAPTION,
            tag_chars: MAX_TAG_CHARS,
            url_chars: MAX_URL_CHARS,
            tweet_chars: MAX_TWEET_CHARS,
            short_url_chars: SHORT_URL_CHARS,
            inline_embeds_per_post: INLINE_EMBEDS_PER_POST,
            photo_upload_bytes: crate::media::limits::PHOTO_BYTES,
            audio_upload_bytes: crate::media::limits::AUDIO_BYTES,
            album_art_upload_bytes: crate::media::limits::ALBUM_ART_BYTES,
            video_upload_bytes: crate::media::limits::VIDEO_BYTES,
            image_max_dimension: crate::media::limits::MAX_IMAGE_DIMENSION,
        },
        user: FormUser {
            default_editor_type: EditorType::Rich,
            has_rich_text_tutorial: !app.store.seen_rte(user.user_id).await?,
            inline_embeds_per_post: INLINE_EMBEDS_PER_POST,
        },
        post_types: PostType::ALL.to_vec(),
    }))
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct SeenRte {
    seen_rte: bool,
}

async fn set_seen_rte(State(app): State<AppState>, user: CurrentUser) -> ApiResult<SeenRte> {
    app.store.set_seen_rte(user.user_id).await?;
    Ok(ok(SeenRte { seen_rte: true }))
}

/// A page of posts.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PostPage {
    posts: Vec<PostView>,
}

#[derive(Deserialize)]
struct PageQuery {
    /// The blog of a blog page (`blog`), or of the drafts, queue, processing and inbox pages
    /// (the acting blog when absent).
    blog: Option<String>,
    /// On a blog page: only the posts with this tag.
    tag: Option<String>,
    /// On the likes page: the `liked_timestamp` of the post to page from, which places it
    /// even after it was unliked.
    liked_at: Option<i64>,
}

/// `GET /svc/post/{page_root}/{direction}/{ref_post_id}`: the posts `before` (above) or
/// `after` (below) a post on a page; `0` is the page's start.
async fn page(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Path((page_root, direction, ref_post_id)): Path<(String, String, String)>,
    Query(query): Query<PageQuery>,
) -> ApiResult<PostPage> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let reference: i64 = ref_post_id.parse().map_err(|_| {
        AppError::bad_request(
            Code::BadCursor,
            "The post to page from must be a post id (0 for the start).",
        )
    })?;
    let cursor = match (direction.as_str(), reference) {
        (_, 0) => Cursor::Start,
        ("before", id) => Cursor::Before(id),
        ("after", id) => Cursor::After(id),
        _ => {
            return Err(AppError::bad_request(
                Code::BadCursor,
                "The direction is before or after.",
            ));
        }
    };
    let states: &'static [&'static str] = match page_root.as_str() {
        "dashboard" => {
            let user_id = viewer.ok_or_else(AppError::not_logged_in)?;
            let page = Page::Dashboard { user_id };
            let rows = app.store.page(page, cursor, PAGE_SIZE, viewer).await?;
            return Ok(ok(PostPage {
                posts: views(&app, rows, viewer).await?,
            }));
        }
        "likes" => {
            let user_id = viewer.ok_or_else(AppError::not_logged_in)?;
            let page = Page::Likes {
                user_id,
                cursor_liked_at: query.liked_at,
            };
            let rows = app.store.page(page, cursor, PAGE_SIZE, viewer).await?;
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            let liked_at = app.store.like_times(user_id, &ids).await?;
            let mut posts = views(&app, rows, viewer).await?;
            for post in &mut posts {
                post.liked_timestamp = liked_at.get(&post.id).copied();
            }
            return Ok(ok(PostPage { posts }));
        }
        "blog" => {
            let name = query.blog.as_deref().unwrap_or("");
            let blog = blog_named(&app.store, viewer, name).await?;
            let tag = query
                .tag
                .as_deref()
                .map(|t| tag_key(&clean_tag(t)))
                .filter(|t| !t.is_empty());
            let pinned = match &tag {
                Some(tag) => app.store.promoted_post(blog.id, tag).await?,
                None => None,
            };
            let page = Page::Blog {
                blog_id: blog.id,
                with_private: viewer == Some(blog.user_id),
                tag,
                pinned,
            };
            let rows = app.store.page(page, cursor, PAGE_SIZE, viewer).await?;
            let mut posts = views(&app, rows, viewer).await?;
            for post in &mut posts {
                post.is_promoted = Some(post.id) == pinned;
            }
            return Ok(ok(PostPage { posts }));
        }
        "drafts" => &["draft"],
        "queue" => &["queued", "scheduled"],
        "processing" => &["transcoding"],
        "inbox" => &["unapproved"],
        other => {
            return Err(AppError::not_found(format!(
                "There is no page of posts called '{other}'."
            )));
        }
    };
    let user_id = viewer.ok_or_else(AppError::not_logged_in)?;
    let blog_id = match query.blog.as_deref().filter(|b| !b.trim().is_empty()) {
        Some(name) => {
            owned_blog(&app.store, user_id, name, BlogField::Tumblelog)
                .await?
                .id
        }
        None => acting_blog(&app.store, user_id).await?.id,
    };
    let rows = app
        .store
        .page(Page::States { blog_id, states }, cursor, PAGE_SIZE, viewer)
        .await?;
    Ok(ok(PostPage {
        posts: views(&app, rows, viewer).await?,
    }))
}

#[derive(Deserialize)]
struct PreviewForm {
    #[serde(default)]
    html: String,
    markdown: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Preview {
    html: String,
}

/// What a post's HTML or markdown will look like once saved: the same sanitiser.
async fn filter_html(_: CurrentUser, Form(form): Form<PreviewForm>) -> ApiResult<Preview> {
    Ok(ok(Preview {
        html: dash_preview(&form.html, flag(&form.markdown)),
    }))
}

#[derive(Deserialize)]
struct IndashQuery {
    #[serde(default)]
    tumblelog_name_or_id: String,
    post_id: Option<i64>,
    limit: Option<i64>,
    offset: Option<i64>,
}

/// The blog viewer's posts (spec 000 §7): a blog's posts a page at a time, or one post.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct IndashPosts {
    posts: Vec<PostView>,
    tumblelog: BlogView,
}

async fn indash_posts(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<IndashQuery>,
) -> ApiResult<IndashPosts> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let blog = blog_named(&app.store, viewer, &query.tumblelog_name_or_id).await?;
    let owner = viewer == Some(blog.user_id);
    let rows = match query.post_id {
        Some(id) => match app.store.post_row(id, viewer).await? {
            Some(row) if row.blog_id == blog.id && (owner || !row.state().is_owner_only()) => {
                vec![row]
            }
            _ => return Err(AppError::not_found("No such post.")),
        },
        None => {
            let limit = query.limit.unwrap_or(PAGE_SIZE).clamp(1, PAGE_SIZE);
            let offset = query.offset.unwrap_or(0).max(0);
            app.store
                .blog_posts_at(blog.id, owner, offset, limit, viewer)
                .await?
        }
    };
    Ok(ok(IndashPosts {
        posts: views(&app, rows, viewer).await?,
        tumblelog: BlogView::of(&blog, viewer, None),
    }))
}

#[derive(Deserialize)]
struct IndashHeaderQuery {
    #[serde(default)]
    tumblelog_name_or_id: String,
}

/// The blog viewer's header (spec 000 §2.10): the blog as the viewer sees it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(super) struct IndashHeader {
    pub(super) tumblelog: BlogView,
}

async fn indash_header(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<IndashHeaderQuery>,
) -> ApiResult<IndashHeader> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let blog = blog_named(&app.store, viewer, &query.tumblelog_name_or_id).await?;
    Ok(ok(IndashHeader {
        tumblelog: BlogView::of(&blog, viewer, None),
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    use super::model::*;
    exports.add::<PostType>();
    exports.add::<PostState>();
    exports.add::<EditorType>();
    exports.add::<Photo>();
    exports.add::<ChatLine>();
    exports.add::<PostContent>();
    exports.add::<TrailItem>();
    exports.add::<PostSource>();
    exports.add::<PostView>();
    exports.add::<super::view::ReblogSource>();
    exports.add::<ContextPage>();
    exports.add::<PostTumblelog>();
    exports.add::<ContextTumblelog>();
    exports.add::<SaveAnswer>();
    exports.add::<FetchAnswer>();
    exports.add::<FormChannel>();
    exports.add::<FormLimits>();
    exports.add::<FormUser>();
    exports.add::<FormBuilderData>();
    exports.add::<SeenRte>();
    exports.add::<PostPage>();
    exports.add::<Preview>();
    exports.add::<IndashPosts>();
    exports.add::<IndashHeader>();
    super::lookups::typescript(exports);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_state_has_its_page() {
        assert_eq!(context_page(PostState::Draft), ContextPage::Drafts);
        assert_eq!(context_page(PostState::Scheduled), ContextPage::Queue);
        assert_eq!(context_page(PostState::Private), ContextPage::Blog);
    }
}
