//! The search calls: in-blog search and its typeahead (spec 002 §7 Search), and search across
//! blogs, by words (`/svc/search/posts`, behind the `/search` page of spec 000 §2.12) or by
//! tag (`/svc/search/tagged/{tag}`, behind `/tagged/{tag}`). Visitors may search too.

use axum::Router;
use axum::extract::{Path, State};
use axum::routing::get;
use serde::{Deserialize, Serialize};

use super::store::{self, Filters, Order, Window};
use super::terms::Terms;
use crate::auth::session::MaybeSession;
use crate::blogs::blocks::posts_hidden_from;
use crate::blogs::lookup::blog_named;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Query, flag};
use crate::posts::model::PostType;
use crate::posts::store::post_rows;
use crate::posts::tags::{clean_tag, tag_key};
use crate::posts::view::PostView;
use crate::posts::view::views;
use crate::state::AppState;

/// Results a page holds at most (spec 002 §9 Search: page size 10).
pub(crate) const SEARCH_PAGE_SIZE: i64 = 10;
/// Tags the typeahead lists at most (spec 002 §9 Search).
pub(crate) const TYPEAHEAD_TAGS: i64 = 20;
/// How far into results paging goes: past it a search says it has no more. A search across
/// blogs ranks its newest [`store::CANDIDATES`] matches; a blog's search pages as far.
pub(crate) const MAX_SEARCH_OFFSET: i64 = store::CANDIDATES;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/svc/search/blog_search/{blogname}/{term}",
            get(blog_search),
        )
        .route(
            "/svc/search/blog_search_typeahead/{blogname}",
            get(blog_search_typeahead),
        )
        .route("/svc/search/posts", get(site_search))
        .route("/svc/search/tagged/{tag}", get(tagged))
}

/// The sort of an in-blog search (spec 002 §9).
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(super) enum BlogSearchSort {
    #[default]
    CreatedDesc,
    PopularityDesc,
}

/// An in-blog search's posts: ANY or ORIGINAL (no reblogs).
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub(super) enum PostRole {
    #[default]
    Any,
    Original,
}

/// The query of `GET /svc/search/blog_search/{blogname}/{term}`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct BlogSearchQuery {
    /// Results to skip (0 first).
    next_offset: Option<i64>,
    /// At most 10.
    limit: Option<i64>,
    sort: Option<BlogSearchSort>,
    /// ANY, TEXT, PHOTO, QUOTE, LINK, CHAT, AUDIO or VIDEO.
    post_type: Option<String>,
    post_role: Option<PostRole>,
    /// 'Safe search': leave the blog out if it is marked NSFW (true or false).
    filter_nsfw: Option<String>,
}

/// A page of an in-blog search.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct BlogSearchResults {
    posts: Vec<PostView>,
    /// Where the next page starts; negative when there is none.
    next_offset: i64,
    limit: i64,
    /// The term searched, trimmed.
    term: String,
}

/// One of a blog's popular tags.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct TypeaheadTag {
    tag: String,
}

/// A blog's most used tags, most used first (at most 20): the typeahead filters them.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct BlogSearchTypeahead {
    tags: Vec<TypeaheadTag>,
}

/// The sort of a search across blogs (spec 000 §2.12: default top).
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "lowercase")]
pub(super) enum SiteSearchSort {
    #[default]
    Top,
    Recent,
}

/// The query of `GET /svc/search/posts`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct SiteSearchQuery {
    /// The term.
    #[serde(default)]
    q: String,
    sort: Option<SiteSearchSort>,
    /// any, text, photo, quote, link, chat, audio or video.
    filter_post_type: Option<String>,
    /// 'Safe search': leave out blogs marked NSFW (true or false).
    filter_nsfw: Option<String>,
    next_offset: Option<i64>,
}

/// A page of a search across blogs.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct SiteSearchResults {
    posts: Vec<PostView>,
    /// Where the next page starts; negative when there is none.
    next_offset: i64,
    limit: i64,
    term: String,
}

/// The query of `GET /svc/search/tagged/{tag}`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct TaggedQuery {
    /// recent (the default) or top.
    sort: Option<SiteSearchSort>,
    filter_post_type: Option<String>,
    filter_nsfw: Option<String>,
    next_offset: Option<i64>,
}

/// A page of posts with a tag, across blogs.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct TaggedResults {
    posts: Vec<PostView>,
    /// Where the next page starts; negative when there is none.
    next_offset: i64,
    limit: i64,
    /// The tag, as cleaned.
    tag: String,
}

async fn blog_search(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Path((blogname, term)): Path<(String, String)>,
    Query(query): Query<BlogSearchQuery>,
) -> ApiResult<BlogSearchResults> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let blog = blog_named(&app.store, viewer, &blogname).await?;
    let limit = query
        .limit
        .unwrap_or(SEARCH_PAGE_SIZE)
        .clamp(1, SEARCH_PAGE_SIZE);
    let term = term.trim().to_owned();
    let empty = |term: String| {
        ok(BlogSearchResults {
            posts: Vec::new(),
            next_offset: -1,
            limit,
            term,
        })
    };
    let filters = Filters {
        post_type: post_type_filter(query.post_type.as_deref())?,
        original_only: matches!(query.post_role, Some(PostRole::Original)),
        safe: flag(&query.filter_nsfw),
    };
    let owner = blog.written_by(viewer);
    // A blog that blocked the searcher answers nothing; nor does a private blog to anyone
    // but its owner, nor (with safe search) a blog marked NSFW.
    let hidden =
        posts_hidden_from(&app.store, &blog, viewer).await? || (filters.safe && blog.is_nsfw);
    let (Some(terms), Some(offset), false) =
        (Terms::parse(&term), start(query.next_offset), hidden)
    else {
        return Ok(empty(term));
    };
    let order = match query.sort.unwrap_or_default() {
        BlogSearchSort::CreatedDesc => Order::Recent,
        BlogSearchSort::PopularityDesc => Order::Popular,
    };
    let window = Window {
        offset,
        limit: limit + 1,
    };
    let ids =
        store::blog_search(&app.store, blog.id, owner, &terms, filters, order, window).await?;
    let (posts, next_offset) = page_of(&app, ids, offset, limit, viewer).await?;
    Ok(ok(BlogSearchResults {
        posts,
        next_offset,
        limit,
        term,
    }))
}

async fn blog_search_typeahead(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Path(blogname): Path<String>,
) -> ApiResult<BlogSearchTypeahead> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let blog = blog_named(&app.store, viewer, &blogname).await?;
    let owner = blog.written_by(viewer);
    let tags = if posts_hidden_from(&app.store, &blog, viewer).await? {
        Vec::new()
    } else {
        store::popular_tags(&app.store, blog.id, owner, TYPEAHEAD_TAGS).await?
    };
    Ok(ok(BlogSearchTypeahead {
        tags: tags.into_iter().map(|tag| TypeaheadTag { tag }).collect(),
    }))
}

async fn site_search(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<SiteSearchQuery>,
) -> ApiResult<SiteSearchResults> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let term = query.q.trim().to_owned();
    let filters = Filters {
        post_type: post_type_filter(query.filter_post_type.as_deref())?,
        original_only: false,
        safe: flag(&query.filter_nsfw),
    };
    let (Some(terms), Some(offset)) = (Terms::parse(&term), start(query.next_offset)) else {
        return Ok(ok(SiteSearchResults {
            posts: Vec::new(),
            next_offset: -1,
            limit: SEARCH_PAGE_SIZE,
            term,
        }));
    };
    let window = Window {
        offset,
        limit: SEARCH_PAGE_SIZE + 1,
    };
    let order = site_order(query.sort.unwrap_or_default());
    let ids = store::site_search(&app.store, viewer, &terms, filters, order, window).await?;
    let (posts, next_offset) = page_of(&app, ids, offset, SEARCH_PAGE_SIZE, viewer).await?;
    Ok(ok(SiteSearchResults {
        posts,
        next_offset,
        limit: SEARCH_PAGE_SIZE,
        term,
    }))
}

async fn tagged(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Path(tag): Path<String>,
    Query(query): Query<TaggedQuery>,
) -> ApiResult<TaggedResults> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let tag = clean_tag(&tag);
    let key = tag_key(&tag);
    if key.is_empty() {
        return Err(AppError::bad_request(Code::MissingTag, "Say which tag."));
    }
    let filters = Filters {
        post_type: post_type_filter(query.filter_post_type.as_deref())?,
        original_only: false,
        safe: flag(&query.filter_nsfw),
    };
    let Some(offset) = start(query.next_offset) else {
        return Ok(ok(TaggedResults {
            posts: Vec::new(),
            next_offset: -1,
            limit: SEARCH_PAGE_SIZE,
            tag,
        }));
    };
    let window = Window {
        offset,
        limit: SEARCH_PAGE_SIZE + 1,
    };
    let order = site_order(query.sort.unwrap_or(SiteSearchSort::Recent));
    let ids = store::tagged(&app.store, viewer, &key, filters, order, window).await?;
    let (posts, next_offset) = page_of(&app, ids, offset, SEARCH_PAGE_SIZE, viewer).await?;
    Ok(ok(TaggedResults {
        posts,
        next_offset,
        limit: SEARCH_PAGE_SIZE,
        tag,
    }))
}

/// The posts of a page read one past `limit`, and where the next page starts (negative when
/// that one more was not there, or paging has gone as deep as it goes).
async fn page_of(
    app: &AppState,
    mut ids: Vec<i64>,
    offset: i64,
    limit: i64,
    viewer: Option<i64>,
) -> Result<(Vec<PostView>, i64), AppError> {
    let more = ids.len() as i64 > limit;
    ids.truncate(limit as usize);
    let next = offset + limit;
    let next_offset = if more && next <= MAX_SEARCH_OFFSET {
        next
    } else {
        -1
    };
    let rows = post_rows(&app.store, &ids, viewer).await?;
    Ok((views(&app.store, rows, viewer).await?, next_offset))
}

/// Where a page starts: `None` past the end (a negative offset is the spec's "no more";
/// past [`MAX_SEARCH_OFFSET`] paging stops).
fn start(next_offset: Option<i64>) -> Option<i64> {
    let offset = next_offset.unwrap_or(0);
    (0..=MAX_SEARCH_OFFSET).contains(&offset).then_some(offset)
}

fn site_order(sort: SiteSearchSort) -> Order {
    match sort {
        SiteSearchSort::Top => Order::Popular,
        SiteSearchSort::Recent => Order::Recent,
    }
}

/// A post type filter as the spec writes it (ANY, TEXT… in the blog search; any, text… in
/// the search form); `None` for any.
fn post_type_filter(value: Option<&str>) -> Result<Option<PostType>, AppError> {
    let name = value.unwrap_or("").trim().to_ascii_lowercase();
    if name.is_empty() || name == "any" {
        return Ok(None);
    }
    match PostType::parse(&name) {
        Some(post_type) if post_type != PostType::Note => Ok(Some(post_type)),
        _ => Err(AppError::bad_request(
            Code::BadType,
            format!(
                "The post type to search is one of any, text, photo, quote, link, chat, audio \
                 or video, not '{}'.",
                value.unwrap_or("")
            ),
        )),
    }
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<BlogSearchSort>();
    exports.add::<PostRole>();
    exports.add::<BlogSearchQuery>();
    exports.add::<BlogSearchResults>();
    exports.add::<TypeaheadTag>();
    exports.add::<BlogSearchTypeahead>();
    exports.add::<SiteSearchSort>();
    exports.add::<SiteSearchQuery>();
    exports.add::<SiteSearchResults>();
    exports.add::<TaggedQuery>();
    exports.add::<TaggedResults>();
}
