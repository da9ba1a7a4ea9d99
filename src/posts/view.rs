//! A post as the client reads it (spec 002 §3 Post, with spec 001 §3's fields): the same
//! shape on the dashboard, on blog pages, in the composer and in save answers; built here
//! for every call that answers posts ([`views`], [`post_view`]), with the counts of the blog
//! a save went to ([`ContextTumblelog`]).

use serde::Serialize;

use super::model::{EditorType, PostContent, PostSource, PostState, TrailItem};
use super::store::PostRow;
use crate::blogs::avatar::{DEFAULT_AVATAR_SIZE, avatar_url};
use crate::blogs::store::BlogRow;
use crate::error::AppError;
use crate::notes::store::NoteState;
pub(crate) use crate::paths::post_url;
use crate::store::Store;

/// Posts a page holds.
pub(crate) const PAGE_SIZE: i64 = 10;

/// The blog the post was saved to, with its counts after the save: the composer moves
/// that blog's counters with them (001 §4 After save). The form's `context_id` is not read.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct ContextTumblelog {
    name_or_id: String,
    post_count: i64,
    draft_count: i64,
    queued_post_count: i64,
    transcoding_count: i64,
}

impl ContextTumblelog {
    /// The blog's counts as they stand.
    pub(crate) fn of(row: &BlogRow) -> ContextTumblelog {
        ContextTumblelog {
            name_or_id: row.name.clone(),
            post_count: row.post_count,
            draft_count: row.draft_count,
            queued_post_count: row.queued_post_count,
            transcoding_count: row.transcoding_count,
        }
    }
}

/// A post with its tags, as `viewer` reads it.
pub(crate) async fn post_view(
    store: &Store,
    id: i64,
    viewer: Option<i64>,
) -> Result<PostView, AppError> {
    let row = super::store::post_row(store, id, viewer)
        .await?
        .ok_or_else(|| AppError::not_found("No such post."))?;
    Ok(views(store, vec![row], viewer).await?.remove(0))
}

/// Posts with their tags and notes, in one query for all the tags and one for all the
/// notes; for a group's posts, two more (the viewer's groups, the writers' names), and only
/// when the page holds one.
pub(crate) async fn views(
    store: &Store,
    rows: Vec<PostRow>,
    viewer: Option<i64>,
) -> Result<Vec<PostView>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut tags = super::store::tags_of(store, &ids).await?;
    let notes = crate::notes::store::note_states(store, viewer, &ids).await?;
    let writers = GroupWriters::of(store, &rows, viewer).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let tags = tags.remove(&row.id).unwrap_or_default();
            let notes = notes.get(&row.id).copied().unwrap_or_default();
            let member = writers.member_of.contains(&row.blog_id);
            let posted_by = member
                .then(|| {
                    row.posted_by_blog_id
                        .and_then(|id| writers.names.get(&id).cloned())
                })
                .flatten();
            let mut view = PostView::of(row, tags, notes, viewer, member);
            view.posted_by = posted_by;
            view
        })
        .collect())
}

/// Who wrote a page's group posts, for a viewer who is a member of their groups.
#[derive(Default)]
struct GroupWriters {
    /// The groups of the page's posts the viewer is a member of.
    member_of: std::collections::HashSet<i64>,
    /// The names of the member blogs that wrote those groups' posts.
    names: std::collections::HashMap<i64, String>,
}

impl GroupWriters {
    async fn of(
        store: &Store,
        rows: &[PostRow],
        viewer: Option<i64>,
    ) -> Result<GroupWriters, AppError> {
        let Some(viewer) = viewer.filter(|_| rows.iter().any(|r| r.is_group)) else {
            return Ok(GroupWriters::default());
        };
        let groups = crate::blogs::writers::groups_of(store, viewer).await?;
        let member_of: std::collections::HashSet<i64> = rows
            .iter()
            .filter(|r| r.is_group && groups.contains(&r.blog_id))
            .map(|r| r.blog_id)
            .collect();
        let writers: Vec<i64> = rows
            .iter()
            .filter(|r| member_of.contains(&r.blog_id))
            .filter_map(|r| r.posted_by_blog_id)
            .collect();
        let names = crate::blogs::writers::blog_names(store, &writers).await?;
        Ok(GroupWriters { member_of, names })
    }
}

/// A post.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", rename = "Post"))]
pub(crate) struct PostView {
    pub id: i64,
    /// The chain's first post (the post itself when it is not a reblog).
    pub root_id: i64,
    pub reblog_key: String,
    pub state: PostState,
    /// The blog's name.
    pub tumblelog: String,
    pub avatar_url: String,
    pub post_url: String,
    pub slug: String,
    /// When it went out (unix seconds), or when it was written if it has not.
    pub date: i64,
    /// When a scheduled post goes out.
    pub publish_on: Option<i64>,
    pub tags: Vec<String>,
    pub source_url: String,
    pub editor_type: EditorType,
    pub allow_answers: bool,
    pub allow_photo_replies: bool,
    /// The type and its fields.
    pub content: PostContent,
    pub is_reblog: bool,
    /// The blog it was reblogged from.
    pub reblog_source: Option<ReblogSource>,
    pub reblog_trail: Vec<TrailItem>,
    /// A reblog's own addition (sanitised HTML).
    pub reblog_comment: String,
    pub is_mine: bool,
    pub following: bool,
    /// The viewer likes this post.
    pub liked: bool,
    /// One of the viewer's blogs reblogged this post.
    pub reblogged: bool,
    /// The chain's likes, reblogs and replies; live on `notes:{root_id}`.
    pub note_count: i64,
    /// What the author wrote, for editing; only for the post's owner.
    pub source: Option<PostSource>,
    /// On the likes page: when the viewer liked it (the page's `liked_at` to continue from).
    pub liked_timestamp: Option<i64>,
    /// On a blog's page for a tag: the blog promoted it for the tag (pinned on top).
    pub is_promoted: bool,
    /// A submitted post: the blog that submitted it (it waits in the inbox in state
    /// unapproved, and says so once published).
    pub submitted_by: Option<String>,
    /// The app that posted it ('Posted with …'), until its owner removes that.
    pub app_name: Option<String>,
    /// On a group blog: the member's blog that wrote it, shown to the group's members only.
    pub posted_by: Option<String>,
}

/// Where a reblog was reblogged from.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(crate) struct ReblogSource {
    pub name: String,
    pub url: String,
}

impl PostView {
    /// The view of `row` for `viewer`, with its `tags` and its notes as `viewer` sees them;
    /// `member` when the viewer is a member of the post's group blog, who writes its posts
    /// as its owner does.
    pub(crate) fn of(
        row: PostRow,
        tags: Vec<String>,
        notes: NoteState,
        viewer: Option<i64>,
        member: bool,
    ) -> PostView {
        let is_mine = viewer == Some(row.owner_id) || member;
        PostView {
            id: row.id,
            root_id: row.root_post_id.unwrap_or(row.id),
            reblog_key: row.reblog_key.clone(),
            state: row.state(),
            avatar_url: avatar_url(&row.blog_name, DEFAULT_AVATAR_SIZE),
            post_url: post_url(&row.blog_name, row.id, &row.slug),
            date: row.published_at.unwrap_or(row.created_at),
            publish_on: row.publish_on,
            tags,
            editor_type: EditorType::parse(&row.editor_type).unwrap_or_default(),
            allow_answers: row.allow_answers,
            allow_photo_replies: row.allow_photo_replies,
            content: row.content(),
            is_reblog: row.is_reblog(),
            reblog_source: row.parent_blog_name.as_ref().map(|name| ReblogSource {
                url: format!("/blog/{name}"),
                name: name.clone(),
            }),
            reblog_trail: row.trail(),
            source: is_mine.then(|| row.source()),
            liked_timestamp: None,
            is_promoted: false,
            submitted_by: row.submitted_by.clone(),
            app_name: row.app_name.clone(),
            posted_by: None,
            is_mine,
            following: row.following,
            liked: notes.liked,
            reblogged: notes.reblogged,
            note_count: notes.note_count,
            reblog_comment: row.comment,
            slug: row.slug,
            source_url: row.source_url,
            tumblelog: row.blog_name,
        }
    }
}
