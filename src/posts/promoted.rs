//! Promoting a post (spec 002 §7 `/svc/promote`, `/svc/unpromote`): its blog's owner pins it
//! at the top of the blog's listing for one of its tags. One post a tag and blog: promoting
//! another replaces it. The listing itself is the blog page with `tag` (`store::Page::Blog`).

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::model::PostState;
use super::reblog::own_post;
use super::store;
use super::tags::{clean_tag, tag_key};
use crate::auth::session::CurrentUser;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Form;
use crate::state::AppState;
use crate::store::{Store, now_secs};
use crate::{with_pool, with_tx};

/// The refusal of a tag the post does not carry.
pub(crate) const NOT_TAGGED: &str = "This post isn't tagged with that tag.";
/// The refusal of a post that is not out.
pub(crate) const NOT_PUBLISHED: &str = "Only a published post can be promoted.";

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/promote", post(promote))
        .route("/svc/unpromote", post(unpromote))
}

/// The fields of both calls. `tag_id` (unpromote) is the tag's key, its lowercase form; the
/// tag itself is taken too.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct PromoteForm {
    /// Your published post.
    post_id: i64,
    /// One of the post's tags, any case.
    tag: Option<String>,
    /// The tag's key promote answered (unpromote; `tag` works too).
    tag_id: Option<String>,
    /// The post's `reblog_key`; when given it must be the post's.
    reblog_key: Option<String>,
    /// The post's blog; when given it must be the post's.
    tumblelog_name: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PromoteAnswer {
    post_id: i64,
    /// The tag's key: `tag_id` for `/svc/unpromote`.
    tag_id: String,
    promoted: bool,
}

/// The caller's post the form names, with the key of the tag it names.
async fn promotable(
    app: &AppState,
    user: &CurrentUser,
    form: &PromoteForm,
) -> Result<(i64, i64, String), AppError> {
    // Someone else's post, another blog's name or a wrong key: no such post, as editing says.
    let row = own_post(&app.store, user.user_id, form.post_id).await?;
    let text = |field: &Option<String>| field.as_deref().unwrap_or("").to_owned();
    let (blog, reblog_key) = (text(&form.tumblelog_name), text(&form.reblog_key));
    let key_matches = reblog_key.is_empty() || reblog_key == row.reblog_key;
    if (!blog.trim().is_empty() && blog.trim() != row.blog_name) || !key_matches {
        return Err(AppError::not_found("No such post."));
    }
    let named = match text(&form.tag) {
        tag if tag.trim().is_empty() => text(&form.tag_id),
        tag => tag,
    };
    let key = tag_key(&clean_tag(&named));
    if key.is_empty() {
        return Err(AppError::bad_request(
            Code::MissingTag,
            "Say which tag: tag is required.",
        ));
    }
    let tags = store::tags_of(&app.store, &[row.id]).await?;
    let tagged = tags
        .get(&row.id)
        .is_some_and(|tags| tags.iter().any(|t| tag_key(t) == key));
    if !tagged {
        return Err(AppError::bad_request(Code::NotTagged, NOT_TAGGED));
    }
    Ok((row.id, row.blog_id, key))
}

async fn promote(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<PromoteForm>,
) -> ApiResult<PromoteAnswer> {
    let (post_id, blog_id, key) = promotable(&app, &user, &form).await?;
    let state = store::post_row(&app.store, post_id, Some(user.user_id))
        .await?
        .map(|r| r.state());
    if state != Some(PostState::Published) {
        return Err(AppError::bad_request(Code::NotPublished, NOT_PUBLISHED));
    }
    pin(&app.store, blog_id, &key, post_id).await?;
    Ok(ok(PromoteAnswer {
        post_id,
        tag_id: key,
        promoted: true,
    }))
}

async fn unpromote(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<PromoteForm>,
) -> ApiResult<PromoteAnswer> {
    let (post_id, blog_id, key) = promotable(&app, &user, &form).await?;
    unpin(&app.store, blog_id, &key, post_id).await?;
    Ok(ok(PromoteAnswer {
        post_id,
        tag_id: key,
        promoted: false,
    }))
}

/// Pins `post_id` for `tag_key` on its blog, in place of any post pinned there before.
pub(crate) async fn pin(
    store: &Store,
    blog_id: i64,
    tag_key: &str,
    post_id: i64,
) -> sqlx::Result<()> {
    const SQL: &str = "INSERT INTO promoted_posts (blog_id, tag_key, post_id, created_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (blog_id, tag_key) \
         DO UPDATE SET post_id = excluded.post_id, created_at = excluded.created_at";
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(SQL)
        .bind(blog_id).bind(tag_key).bind(post_id).bind(now_secs())
        .execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// Unpins `post_id` for `tag_key`, if it is the one pinned there.
pub(crate) async fn unpin(
    store: &Store,
    blog_id: i64,
    tag_key: &str,
    post_id: i64,
) -> sqlx::Result<()> {
    const SQL: &str =
        "DELETE FROM promoted_posts WHERE blog_id = $1 AND tag_key = $2 AND post_id = $3";
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(SQL).bind(blog_id).bind(tag_key).bind(post_id).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await
}

/// The post pinned at the top of a blog's listing for `tag_key`, if any.
pub(crate) async fn promoted_post(
    store: &Store,
    blog_id: i64,
    tag_key: &str,
) -> sqlx::Result<Option<i64>> {
    const SQL: &str = "SELECT post_id FROM promoted_posts WHERE blog_id = $1 AND tag_key = $2";
    let row: Option<(i64,)> = with_pool!(store, pool =>
        sqlx::query_as(SQL).bind(blog_id).bind(tag_key).fetch_optional(pool).await)?;
    Ok(row.map(|(id,)| id))
}

/// This file's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<PromoteForm>();
    exports.add::<PromoteAnswer>();
}
