//! `GET /svc/archive/{blogname}`: a page of a blog's archive (spec 002 §2 Archive page), its
//! posts as tiles grouped by calendar month, newest first; filtered by type or tag, or
//! starting at a month. A page ends at a month's end unless one month alone fills it; the
//! next page continues after its last post, so a month split over two pages joins up.

use axum::Router;
use axum::extract::{Path, State};
use axum::routing::get;
use serde::{Deserialize, Serialize};

use super::months::{Month, runs};
use super::store::{ArchiveFilter, ArchiveRow, posts_before};
use crate::auth::session::MaybeSession;
use crate::blogs::blocks::posts_hidden_from;
use crate::blogs::lookup::blog_named;
use crate::blogs::model::BlogView;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Query;
use crate::paths::post_url;
use crate::posts::model::PostType;
use crate::posts::store::post_row;
use crate::posts::tags::{clean_tag, tag_key};
use crate::state::AppState;

/// Posts an archive page reads at most.
pub(crate) const ARCHIVE_PAGE_POSTS: i64 = 60;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/svc/archive/{blogname}", get(archive))
}

/// The query of `GET /svc/archive/{blogname}`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct ArchiveQuery {
    /// any (the default), text, photo, quote, link, chat, audio, video or answer.
    post_type: Option<String>,
    /// Only posts with this tag.
    tag: Option<String>,
    /// Continue after this post (the previous page's `next_before_id`).
    before_id: Option<i64>,
    /// Start at this month (`YYYY-MM`), for the `{year}/{month}` route.
    month: Option<String>,
}

/// A post's tile.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ArchivePost {
    id: i64,
    #[serde(rename = "type")]
    #[cfg_attr(test, ts(rename = "type"))]
    post_type: PostType,
    post_url: String,
    /// When it went out (unix seconds).
    date: i64,
    /// Its title or first words, plain text.
    summary: String,
    /// Its picture (first photo, thumbnail, album art), or empty.
    media_url: String,
    note_count: i64,
    is_reblog: bool,
}

/// One month of the page.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ArchiveMonth {
    /// `YYYY-MM`.
    month: String,
    year: i32,
    /// 1 to 12.
    month_number: u32,
    posts: Vec<ArchivePost>,
}

/// A page of the archive.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct ArchivePage {
    tumblelog: BlogView,
    months: Vec<ArchiveMonth>,
    /// Where the next page continues (`before_id`); none at the end.
    next_before_id: Option<i64>,
    /// The filters as read: the type's name, or none for any.
    post_type: Option<PostType>,
    tag: Option<String>,
}

async fn archive(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Path(blogname): Path<String>,
    Query(query): Query<ArchiveQuery>,
) -> ApiResult<ArchivePage> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let blog = blog_named(&app.store, viewer, &blogname).await?;
    let owner = blog.written_by(viewer);
    let post_type = archive_type(query.post_type.as_deref())?;
    let tag = query
        .tag
        .as_deref()
        .map(clean_tag)
        .filter(|t| !tag_key(t).is_empty());
    let filter = ArchiveFilter {
        post_type,
        tag_key: tag.as_deref().map(tag_key),
        with_private: owner,
    };
    let (before, before_id) = match (query.before_id, query.month.as_deref()) {
        (Some(id), _) => match post_row(&app.store, id, viewer).await? {
            Some(row) if row.blog_id == blog.id && (owner || !row.state().is_owner_only()) => {
                (row.page_position().0, id)
            }
            _ => return Err(AppError::not_found("No such post.")),
        },
        (None, Some(month)) => {
            let month = Month::parse(month).ok_or_else(|| {
                AppError::bad_request(Code::BadQuery, "The month is written YYYY-MM.")
            })?;
            (month.end(), i64::MAX)
        }
        (None, None) => (i64::MAX, i64::MAX),
    };
    let rows = if posts_hidden_from(&app.store, &blog, viewer).await? {
        Vec::new()
    } else {
        posts_before(
            &app.store,
            blog.id,
            &filter,
            before,
            before_id,
            ARCHIVE_PAGE_POSTS + 1,
        )
        .await?
    };
    let complete = rows.len() as i64 <= ARCHIVE_PAGE_POSTS;
    let rows = &rows[..rows.len().min(ARCHIVE_PAGE_POSTS as usize)];
    let dates: Vec<i64> = rows.iter().map(|r| r.published_at).collect();
    let mut months = Vec::new();
    let mut taken = 0;
    for (month, count) in runs(&dates, complete) {
        months.push(ArchiveMonth {
            month: month.label(),
            year: month.year,
            month_number: month.month,
            posts: rows[taken..taken + count]
                .iter()
                .map(|row| tile(&blog.name, row))
                .collect(),
        });
        taken += count;
    }
    Ok(ok(ArchivePage {
        tumblelog: BlogView::of(&blog, viewer, None),
        next_before_id: (!complete).then(|| rows[taken - 1].id),
        months,
        post_type,
        tag,
    }))
}

fn tile(blog: &str, row: &ArchiveRow) -> ArchivePost {
    ArchivePost {
        id: row.id,
        post_type: PostType::parse(&row.r#type).unwrap_or(PostType::Text),
        post_url: post_url(blog, row.id, &row.slug),
        date: row.published_at,
        summary: row.summary.clone(),
        media_url: row.media_url.clone(),
        note_count: row.note_count,
        is_reblog: row.is_reblog,
    }
}

/// The archive's type filter (002 §2's menu: all, or one type); `None` for all.
fn archive_type(value: Option<&str>) -> Result<Option<PostType>, AppError> {
    let name = value.unwrap_or("").trim().to_ascii_lowercase();
    if name.is_empty() || name == "any" || name == "all" {
        return Ok(None);
    }
    PostType::parse(&name).map(Some).ok_or_else(|| {
        AppError::bad_request(
            Code::BadType,
            format!("There is no post type called '{}'.", value.unwrap_or("")),
        )
    })
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<ArchiveQuery>();
    exports.add::<ArchivePost>();
    exports.add::<ArchiveMonth>();
    exports.add::<ArchivePage>();
}
