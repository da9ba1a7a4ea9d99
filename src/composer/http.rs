//! The composer's calls (spec 001 §7): `/svc/post/update` (the save), `/svc/post/fetch` (the
//! post to edit or reblog), `/svc/post/get_post_form_builder_data` (the blogs, limits and
//! settings the composer starts from), `/svc/post/set_seen_rte`,
//! `/svc/filter_html_for_dash_preview` and the blog's `post/preview`.

use axum::Extension;
use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::form::{
    self, MAX_PHOTO_CAPTION, MAX_PHOTOS, MAX_TWEET_CHARS, MAX_URL_CHARS, SHORT_URL_CHARS,
};
use super::save::{self, Save};
use super::submission::submission;
use super::tutorial;
use crate::auth::apps::AppClient;
use crate::auth::session::CurrentUser;
use crate::blogs;
use crate::blogs::avatar::{DEFAULT_AVATAR_SIZE, avatar_url};
use crate::blogs::lookup::{BlogField, acting_blog, blog_named, writable_blog};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, PairsForm, flag};
use crate::moderation::not_suspended;
use crate::posts;
use crate::posts::model::{EditorType, PostState, PostType};
use crate::posts::reblog::{own_post, rebloggable};
use crate::posts::sanitize::dash_preview;
use crate::posts::tags::MAX_TAG_CHARS;
use crate::posts::view::PostView;
use crate::posts::view::{ContextTumblelog, post_view, views};
use crate::state::AppState;
use crate::video;

/// The composer's routes.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/post/update", post(update))
        .route("/svc/post/fetch", post(fetch))
        .route(
            "/svc/post/get_post_form_builder_data",
            post(form_builder_data),
        )
        .route("/svc/post/set_seen_rte", post(set_seen_rte))
        .route("/svc/filter_html_for_dash_preview", post(filter_html))
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
    /// This save published the first post its writer has on any of their blogs (the web
    /// celebrates it).
    first_post: bool,
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
        PostState::Transcoding => {
            format!("Processing your video: the post goes on to {blog} once it is ready.")
        }
        _ if post.is_reblog && created => format!("Reblogged to {blog}."),
        _ if created => format!("Posted to {blog}."),
        _ => "Saved.".into(),
    }
}

async fn update(
    State(app): State<AppState>,
    user: CurrentUser,
    client: Option<Extension<AppClient>>,
    PairsForm(form): PairsForm<form::SaveFields>,
) -> ApiResult<SaveAnswer> {
    let mut form =
        form::read(&form).map_err(|errors| AppError::invalid(Code::InvalidPost, errors))?;
    // '0 3' submits the post to another user's blog; every other state saves to one's own.
    let (blog, submitter) = if form.state == PostState::Unapproved {
        form.publish_on = None;
        let (blog, submitter) = submission(&app, user.user_id, &form).await?;
        (blog, Some(submitter))
    } else {
        // One's own blog, or a group blog one is a member of.
        let blog =
            writable_blog(&app.store, user.user_id, &form.blog, BlogField::ChannelId).await?;
        (blog, None)
    };
    not_suspended(&app.store, blog.id).await?;
    save::measure_photos(&mut form.content, &app.media).await;
    let video = &app.config.video;
    let (id, created, held_for) = match save::prepare(&app.store, user.user_id, &blog, form).await?
    {
        Save::Create(mut write) => {
            write.asked_by = submitter.as_ref().map(|b| b.id);
            // A group's post keeps which member wrote it ("posted by …").
            write.posted_by = blogs::writers::membership(&app.store, blog.id, user.user_id)
                .await?
                .map(|(_, member_blog)| member_blog);
            // Made with an app's token: the post says so ('Posted with …').
            write.app_name = client.map(|Extension(app)| app.name);
            let held_for =
                video::hold_until_processed(&app.store, video, &mut write, false).await?;
            let id = posts::store::create_post(&app.store, &write).await?;
            (id, true, held_for)
        }
        Save::Update(id, mut write) => {
            let was_out = posts::store::post_row(&app.store, id, Some(user.user_id))
                .await?
                .is_some_and(|row| {
                    matches!(row.state(), PostState::Published | PostState::Private)
                });
            let held_for =
                video::hold_until_processed(&app.store, video, &mut write, was_out).await?;
            posts::store::update_post(&app.store, id, &write).await?;
            (id, false, held_for)
        }
    };
    if let Some(key) = held_for {
        video::after_hold(&app.store, &key).await?;
    }
    let post = post_view(&app.store, id, Some(user.user_id)).await?;
    // The counts the composer updates are the writer's own blog's: a submission's.
    let context = submitter.as_ref().unwrap_or(&blog);
    let row = blog_named(&app.store, Some(user.user_id), &context.name).await?;
    let first_post = created
        && post.state == PostState::Published
        && posts::store::is_users_first_post(&app.store, user.user_id, id).await?;
    Ok(ok(SaveAnswer {
        post_context_page: context_page(post.state),
        message: saved_message(&post, created),
        created_post: created,
        first_post,
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

/// The fields of `/svc/post/fetch`: a post of yours to edit, or a post to reblog. Read as
/// text, so that a number that is not one gets the save form's message.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct FetchForm {
    /// The post to edit (a number).
    post_id: Option<String>,
    /// The blog of the post to edit; when given it must be the post's.
    channel_id: Option<String>,
    /// The post to reblog (a number).
    reblog_id: Option<String>,
    /// The reblogged post's `reblog_key`.
    reblog_key: Option<String>,
    /// The reblogged post's type, as the composer knows it; accepted, not read (the post
    /// says its own).
    #[allow(dead_code)]
    post_type: Option<String>,
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
    PairsForm(form): PairsForm<FetchForm>,
) -> ApiResult<FetchAnswer> {
    let number = |value: &Option<String>, name: &str| -> Result<Option<i64>, AppError> {
        match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            None => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|_| {
                AppError::bad_request(
                    Code::InvalidPost,
                    format!("Invalid \"{name}\" type. Expected number, got string."),
                )
            }),
        }
    };
    let row = match (
        number(&form.post_id, "post_id")?,
        number(&form.reblog_id, "reblog_id")?,
    ) {
        (Some(id), _) => {
            let row = own_post(&app.store, user.user_id, id).await?;
            let channel = form.channel_id.as_deref().unwrap_or("").trim();
            if !channel.is_empty() && channel != row.blog_name {
                return Err(AppError::not_found("No such post."));
            }
            row
        }
        (None, Some(id)) => {
            let key = form.reblog_key.as_deref().unwrap_or("");
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
    let post = views(&app.store, vec![row], Some(user.user_id))
        .await?
        .remove(0);
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

/// The limits the composer enforces as the server does (spec 001 §9): the web reads every
/// one of them from here, never from a constant of its own.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct FormLimits {
    /// Photos a photo set holds at most.
    photos_per_post: usize,
    /// Characters of a photo's caption, at most.
    photo_caption_chars: usize,
    /// Characters of a tag, at most.
    tag_chars: usize,
    /// A URL is shorter than this many characters.
    url_chars: usize,
    /// Characters of a custom tweet, at most.
    tweet_chars: usize,
    /// What a link counts for in a tweet.
    short_url_chars: usize,
    /// Inline video embeds a post holds at most.
    inline_embeds_per_post: usize,
    /// Bytes of an uploaded photo (or inline image), at most.
    photo_upload_bytes: u64,
    /// Bytes of an uploaded audio file, at most.
    audio_upload_bytes: u64,
    /// Bytes of uploaded album art, at most.
    album_art_upload_bytes: u64,
    /// Bytes of an uploaded video, at most.
    video_upload_bytes: u64,
    /// JPEG and PNG photos are scaled to fit this many pixels a side.
    image_max_dimension: u32,
    /// Tags a link's OpenGraph data (`/svc/post/fetch_og`) brings at most.
    open_graph_tags: usize,
    /// Results an audio search (`/search_audio`) answers at most, per service.
    audio_search_results: usize,
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
    // The user's own blogs, then the groups they write (spec 000 §2.6: the selector).
    let mut rows = blogs::store::blogs_of_user(&app.store, user.user_id).await?;
    rows.extend(blogs::store::groups_of_member(&app.store, user.user_id).await?);
    let channels = rows
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
            open_graph_tags: super::og::MAX_OG_TAGS,
            audio_search_results: super::lookups::AUDIO_RESULTS,
        },
        user: FormUser {
            default_editor_type: EditorType::Rich,
            has_rich_text_tutorial: !tutorial::seen_rte(&app.store, user.user_id).await?,
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
    tutorial::set_seen_rte(&app.store, user.user_id).await?;
    Ok(ok(SeenRte { seen_rte: true }))
}

/// The fields of `/svc/filter_html_for_dash_preview`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct PreviewForm {
    /// The post's HTML, or its markdown.
    #[serde(default)]
    html: String,
    /// A flag: `html` is markdown.
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

/// This file's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<ContextPage>();
    exports.add::<PostTumblelog>();
    exports.add::<SaveAnswer>();
    exports.add::<super::form::SaveFields>();
    exports.add::<FetchForm>();
    exports.add::<FetchAnswer>();
    exports.add::<FormChannel>();
    exports.add::<FormLimits>();
    exports.add::<FormUser>();
    exports.add::<FormBuilderData>();
    exports.add::<SeenRte>();
    exports.add::<PreviewForm>();
    exports.add::<Preview>();
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
