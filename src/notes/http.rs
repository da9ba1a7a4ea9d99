//! `GET /svc/post/notes`: a post's notes, newest first (who liked it, who reblogged it to
//! where, who replied what), for anyone who may read the post.

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use serde::{Deserialize, Serialize};

use super::store;
use super::store::NoteRow;
use crate::auth::session::MaybeSession;
use crate::blogs::avatar::avatar_url;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Query;
use crate::paths::{blog_url, post_url};
use crate::state::AppState;

/// Notes a page of the list holds.
pub(super) const NOTES_PAGE: i64 = 50;

/// The notes routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/post/notes", get(notes))
        .route("/svc/post/note_counts", get(note_counts))
}

/// Posts one `/svc/post/note_counts` asks about at most.
pub(super) const MAX_NOTE_COUNTS: usize = 100;

/// The fields of `GET /svc/post/notes`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct NotesQuery {
    /// A post of the chain.
    post_id: i64,
    /// Continue after this note (the previous page's `next_before_id`).
    before_id: Option<i64>,
}

/// One note.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct NoteView {
    id: i64,
    /// `like`, `reblog` or `reply`.
    r#type: String,
    /// The post of the chain it was made on; null for a reblog's note once the post it
    /// reblogged, and every post above that, is deleted (the reblog, and its note, stay).
    post_id: Option<i64>,
    blog_name: String,
    blog_url: String,
    avatar_url: String,
    /// Unix seconds.
    timestamp: i64,
    /// A reply's text (plain text, show it as text).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    reply_text: Option<String>,
    /// A reblog's page.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    reblog_url: Option<String>,
    /// What a reblog added: its own words (plain text, show it as text; may be empty).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    reblog_comment: Option<String>,
    /// A reblog's tags.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    reblog_tags: Option<Vec<String>>,
}

impl NoteView {
    fn of(row: NoteRow) -> NoteView {
        let reblog_url = match row.reblog_post_id {
            Some(id) if row.r#type == "reblog" => Some(post_url(
                &row.blog_name,
                id,
                row.reblog_slug.as_deref().unwrap_or(""),
            )),
            _ => None,
        };
        let is_reblog = row.r#type == "reblog";
        let reblog_tags =
            is_reblog.then(|| serde_json::from_str(&row.added_tags).unwrap_or_default());
        NoteView {
            reblog_comment: is_reblog.then_some(row.added_text),
            reblog_tags,
            id: row.id,
            post_id: row.post_id,
            blog_url: blog_url(&row.blog_name),
            avatar_url: avatar_url(&row.blog_name, 48),
            timestamp: row.created_at,
            reply_text: (row.r#type == "reply").then_some(row.reply_text),
            reblog_url,
            r#type: row.r#type,
            blog_name: row.blog_name,
        }
    }
}

/// A page of a chain's notes.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Notes {
    post_id: i64,
    /// The chain's first post: its notes channel is `notes:{root_id}`.
    root_id: i64,
    note_count: i64,
    notes: Vec<NoteView>,
    /// Pass as `before_id` for the next page; absent on the last.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    next_before_id: Option<i64>,
}

async fn notes(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<NotesQuery>,
) -> ApiResult<Notes> {
    let viewer = session.and_then(|s| s.user_id);
    let root_id = store::readable_chain(&app.store, query.post_id, viewer)
        .await?
        .ok_or_else(|| AppError::not_found("No such post."))?;
    let rows = store::notes(&app.store, root_id, query.before_id, NOTES_PAGE).await?;
    let next_before_id = (rows.len() as i64 == NOTES_PAGE)
        .then(|| rows.last().map(|r| r.id))
        .flatten();
    let note_count = store::note_state(&app.store, viewer, query.post_id)
        .await?
        .note_count;
    Ok(ok(Notes {
        post_id: query.post_id,
        root_id,
        note_count,
        notes: rows.into_iter().map(NoteView::of).collect(),
        next_before_id,
    }))
}

/// The fields of `GET /svc/post/note_counts`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct NoteCountsQuery {
    /// Post ids, comma-separated.
    #[serde(default)]
    post_ids: String,
}

/// One post's note count.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PostNoteCount {
    post_id: i64,
    note_count: i64,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct NoteCounts {
    counts: Vec<PostNoteCount>,
}

/// The note counts of the posts on a page, in one call: what a page asks while its socket is
/// down, instead of hearing `notes:{root_id}`. Posts the caller may not read are left out.
async fn note_counts(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<NoteCountsQuery>,
) -> ApiResult<NoteCounts> {
    let viewer = session.and_then(|s| s.user_id);
    let ids: Vec<i64> = query
        .post_ids
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<i64>().map_err(|_| {
                AppError::bad_request(Code::BadForm, format!("'{s}' is not a post id."))
            })
        })
        .collect::<Result<_, _>>()?;
    if ids.len() > MAX_NOTE_COUNTS {
        return Err(AppError::bad_request(
            Code::BadForm,
            format!("Ask for at most {MAX_NOTE_COUNTS} posts at once."),
        ));
    }
    let counts = store::note_counts(&app.store, viewer, &ids).await?;
    Ok(ok(NoteCounts {
        counts: counts
            .into_iter()
            .map(|(post_id, note_count)| PostNoteCount {
                post_id,
                note_count,
            })
            .collect(),
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<NotesQuery>();
    exports.add::<NoteView>();
    exports.add::<Notes>();
    exports.add::<NoteCountsQuery>();
    exports.add::<PostNoteCount>();
    exports.add::<NoteCounts>();
}
