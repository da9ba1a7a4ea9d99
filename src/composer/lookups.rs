//! The lookups the composer makes while the author writes (spec 001 §7): blogs to mention,
//! tags to suggest, a link's preview, and the audio and video services.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::og::{self, MAX_PAGE_BYTES, OpenGraph};
use super::providers::{AudioData, AudioResult, EmbedData, MediaProviders};
use super::suggest;
use crate::auth::session::CurrentUser;
use crate::blogs::avatar::{DEFAULT_AVATAR_SIZE, avatar_url};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, Json};
use crate::media::limits::MAX_URL_CHARS;
use crate::posts::tags::parse_tags;
use crate::state::AppState;

/// Blogs a mention lists at most.
const MENTIONS: i64 = 8;
/// Tags of each kind a suggestion lists at most (the composer caches 20, shows 5).
const TAG_SUGGESTIONS: i64 = 20;
/// Audio search results a service gives at most (spec 001 §9: 4).
pub(super) const AUDIO_RESULTS: usize = 4;

/// The lookup routes; the services' lookups go through `providers`.
pub(super) fn router(providers: Arc<dyn MediaProviders>) -> Router<AppState> {
    let services = Services { providers };
    Router::new()
        .route("/svc/mention", post(mention))
        .route("/svc/tag_suggest", post(tag_suggest))
        .route("/svc/post/fetch_og", post(fetch_og))
        .route(
            "/svc/post/get_spotify_data",
            post(spotify).with_state(services.clone()),
        )
        .route(
            "/svc/post/get_soundcloud_data",
            post(soundcloud).with_state(services.clone()),
        )
        .route(
            "/svc/post/get_apple_music_data",
            post(apple_music).with_state(services.clone()),
        )
        .route(
            "/svc/post/get_bandcamp_data",
            post(bandcamp).with_state(services.clone()),
        )
        .route(
            "/search_audio",
            post(search_audio).with_state(services.clone()),
        )
        .route(
            "/svc/post/get_video_data",
            post(video_data).with_state(services),
        )
}

/// The audio and video services, for the routes that ask them.
#[derive(Clone)]
struct Services {
    providers: Arc<dyn MediaProviders>,
}

/// The fields of `/svc/mention`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct MentionForm {
    /// A blog name's start (a leading `@` is dropped).
    #[serde(default)]
    q: String,
}

/// The fields of `/svc/tag_suggest`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct TagSuggestForm {
    /// A tag's start (a leading `#` is dropped).
    #[serde(default)]
    q: String,
    /// The post's tags, comma-joined: never suggested.
    #[serde(default)]
    tags: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct MentionBlog {
    name: String,
    title: String,
    avatar_url: String,
}

/// Blogs to @-mention (spec 001 §3 Mention result).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Mentions {
    query: String,
    blogs: Vec<MentionBlog>,
}

async fn mention(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<MentionForm>,
) -> ApiResult<Mentions> {
    let query = form.q.trim().trim_start_matches('@').to_owned();
    let rows = if query.is_empty() {
        Vec::new()
    } else {
        suggest::mention_candidates(&app.store, user.user_id, &query, MENTIONS).await?
    };
    Ok(ok(Mentions {
        query,
        blogs: rows
            .into_iter()
            .map(|r| MentionBlog {
                avatar_url: avatar_url(&r.name, DEFAULT_AVATAR_SIZE),
                name: r.name,
                title: r.title,
            })
            .collect(),
    }))
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct SuggestedTag {
    tag: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "camelCase")]
struct TagSuggestionLists {
    user_tags: Vec<String>,
    suggestions: Vec<String>,
}

/// Tags to suggest: the author's own first, then popular ones, none already on the post.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "camelCase")]
struct TagSuggestions {
    tags: Vec<SuggestedTag>,
    tag_suggestions: TagSuggestionLists,
}

async fn tag_suggest(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<TagSuggestForm>,
) -> ApiResult<TagSuggestions> {
    let query = form.q.trim().trim_start_matches('#');
    let taken: Vec<String> = parse_tags(&form.tags)
        .iter()
        .map(|t| t.to_lowercase())
        .collect();
    let fresh = |tags: Vec<String>| -> Vec<String> {
        tags.into_iter()
            .filter(|t| !taken.contains(&t.to_lowercase()))
            .collect()
    };
    let (user_tags, popular) = if query.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        (
            fresh(suggest::own_tags(&app.store, user.user_id, query, TAG_SUGGESTIONS).await?),
            fresh(suggest::popular_tags(&app.store, query, TAG_SUGGESTIONS).await?),
        )
    };
    let suggestions: Vec<String> = popular
        .into_iter()
        .filter(|t| !user_tags.iter().any(|u| u.eq_ignore_ascii_case(t)))
        .collect();
    Ok(ok(TagSuggestions {
        tags: user_tags
            .iter()
            .chain(&suggestions)
            .map(|tag| SuggestedTag { tag: tag.clone() })
            .collect(),
        tag_suggestions: TagSuggestionLists {
            user_tags,
            suggestions,
        },
    }))
}

/// The fields of `/svc/post/fetch_og`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct OpenGraphForm {
    /// The page (`http://` is added when it has no scheme).
    #[serde(default)]
    url: String,
}

/// The fields of `/svc/post/get_{service}_data`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct AudioDataForm {
    /// The track's page on the service.
    #[serde(default)]
    url: String,
    /// The service, as the composer names it (bandcamp's call reads it; the others know
    /// their own).
    service: Option<String>,
}

/// A link's preview from its page; a page that cannot be read is a 400 whose detail says
/// why (the composer then goes on with no data, spec 001 §8).
async fn fetch_og(
    State(app): State<AppState>,
    _: CurrentUser,
    Form(form): Form<OpenGraphForm>,
) -> ApiResult<OpenGraph> {
    let raw = form.url.trim();
    let with_scheme = if raw.contains("://") {
        raw.to_owned()
    } else {
        format!("http://{raw}")
    };
    if raw.is_empty() || with_scheme.chars().count() >= MAX_URL_CHARS {
        return Err(AppError::bad_request(Code::BadUrl, "Not a valid URL"));
    }
    let page = app
        .fetcher
        .get(&with_scheme, MAX_PAGE_BYTES)
        .await
        .map_err(|err| AppError::bad_request(Code::BadUrl, err.to_string()))?;
    let html = String::from_utf8_lossy(&page.body).into_owned();
    let base = page.url.clone();
    // Parsing is CPU work on a page of up to a megabyte.
    let data = tokio::task::spawn_blocking(move || og::read(&html, &base))
        .await
        .map_err(|err| AppError::Internal(err.into()))?;
    Ok(ok(data))
}

async fn audio_data(services: &Services, service: &str, url: &str) -> ApiResult<AudioData> {
    services
        .providers
        .audio_data(service, url.trim())
        .await
        .map(ok)
        .ok_or_else(|| {
            AppError::bad_request(Code::BadUrl, format!("That is not a {service} track."))
        })
}

async fn spotify(
    State(s): State<Services>,
    _: CurrentUser,
    Form(form): Form<AudioDataForm>,
) -> ApiResult<AudioData> {
    audio_data(&s, "spotify", &form.url).await
}

async fn soundcloud(
    State(s): State<Services>,
    _: CurrentUser,
    Form(form): Form<AudioDataForm>,
) -> ApiResult<AudioData> {
    audio_data(&s, "soundcloud", &form.url).await
}

async fn apple_music(
    State(s): State<Services>,
    _: CurrentUser,
    Form(form): Form<AudioDataForm>,
) -> ApiResult<AudioData> {
    audio_data(&s, "apple_music", &form.url).await
}

async fn bandcamp(
    State(s): State<Services>,
    _: CurrentUser,
    Form(form): Form<AudioDataForm>,
) -> ApiResult<AudioData> {
    let service = form
        .service
        .as_deref()
        .filter(|s| !s.is_empty())
        .unwrap_or("bandcamp");
    audio_data(&s, service, &form.url).await
}

/// The fields of `/search_audio`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct AudioSearchForm {
    /// What to search for.
    #[serde(default)]
    q: String,
    /// `spotify`, `soundcloud`, `apple_music` or `youtube`.
    #[serde(default)]
    audio_search_provider: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct AudioResults {
    results: Vec<AudioResult>,
    /// False when this server cannot search that service (it has no key for it): the
    /// composer says so rather than show an empty result.
    searchable: bool,
}

async fn search_audio(
    State(s): State<Services>,
    _: CurrentUser,
    Form(form): Form<AudioSearchForm>,
) -> ApiResult<AudioResults> {
    let provider = form.audio_search_provider.as_str();
    if !matches!(
        provider,
        "spotify" | "soundcloud" | "apple_music" | "youtube"
    ) {
        return Err(AppError::bad_request(
            Code::BadUrl,
            "Search spotify, soundcloud, apple_music or youtube.",
        ));
    }
    let results = s
        .providers
        .search_audio(form.q.trim(), provider, AUDIO_RESULTS)
        .await;
    Ok(ok(AudioResults {
        searchable: results.is_some(),
        results: results.unwrap_or_default(),
    }))
}

/// The JSON body of `/svc/post/get_video_data`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct VideoDataQuery {
    /// A video's URL or embed code.
    #[serde(default)]
    embed_url: String,
    /// The width to embed it at (default 540, from 100 to 1280).
    embed_width: Option<u32>,
}

/// A video's embed (`embed_url`, `embed_width` as JSON, spec 001 §7).
async fn video_data(
    State(s): State<Services>,
    _: CurrentUser,
    Json(query): Json<VideoDataQuery>,
) -> ApiResult<EmbedData> {
    let width = query.embed_width.unwrap_or(540).clamp(100, 1280);
    Ok(ok(s
        .providers
        .video_data(query.embed_url.trim(), width)
        .await))
}

/// This feature's lookup answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<MentionForm>();
    exports.add::<MentionBlog>();
    exports.add::<Mentions>();
    exports.add::<SuggestedTag>();
    exports.add::<TagSuggestionLists>();
    exports.add::<TagSuggestForm>();
    exports.add::<TagSuggestions>();
    exports.add::<OpenGraphForm>();
    exports.add::<OpenGraph>();
    exports.add::<AudioDataForm>();
    exports.add::<AudioData>();
    exports.add::<AudioSearchForm>();
    exports.add::<AudioResult>();
    exports.add::<AudioResults>();
    exports.add::<VideoDataQuery>();
    exports.add::<EmbedData>();
}
