//! `/svc/block/add` and `/svc/block/remove` (spec 002 §6): a blog of yours blocks another
//! blog, named or by one of its posts, or lifts the block.

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::store;
use crate::auth::session::CurrentUser;
use crate::blogs;
use crate::blogs::lookup::{BlogField, blog_named, owned_blog};
use crate::blogs::store::BlogRow;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Form;
use crate::state::AppState;

/// The block routes.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/block/add", post(block_add))
        .route("/svc/block/remove", post(block_remove))
}

/// The fields of `/svc/block/add` and `/svc/block/remove`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct BlockForm {
    /// The blocking blog: one of yours (blocking acts as a blog, spec 002 §6).
    #[serde(default)]
    tumblelog: String,
    /// The blog to block (or unblock).
    #[serde(default)]
    blocked_tumblelog: String,
    /// Instead of `blocked_tumblelog` (to block only): a post of the blog to block.
    blocked_post: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct BlockAnswer {
    blocked: bool,
    changed: bool,
}

/// The blocking blog's id and the blocked blog.
async fn block_target(
    app: &AppState,
    user: &CurrentUser,
    form: &BlockForm,
) -> Result<(i64, BlogRow), AppError> {
    let by_post = form
        .blocked_post
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
    let named = form.blocked_tumblelog.trim();
    let blocked_name = match (named.is_empty(), by_post) {
        (false, None) => named.to_owned(),
        (true, Some(post)) => {
            // The blog whose post it is, as its reader sees it.
            let no_such_post = || AppError::not_found("No such post.");
            let post_id: i64 = post.parse().map_err(|_| no_such_post())?;
            blogs::store::blog_of_post(&app.store, post_id, user.user_id)
                .await?
                .ok_or_else(no_such_post)?
        }
        (false, Some(_)) => {
            return Err(AppError::bad_request(
                Code::BadForm,
                "Name the blog to block in blocked_tumblelog or by a post of it in blocked_post, not both.",
            ));
        }
        (true, None) => {
            return Err(AppError::bad_request(
                Code::MissingTumblelog,
                "Say which blog to block: blocked_tumblelog or blocked_post is required.",
            ));
        }
    };
    let blocker = owned_blog(
        &app.store,
        user.user_id,
        &form.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    let blocked = blog_named(&app.store, Some(user.user_id), &blocked_name).await?;
    if blocked.user_id == user.user_id {
        return Err(AppError::bad_request(
            Code::OwnBlog,
            "You can't block your own blog.",
        ));
    }
    Ok((blocker.id, blocked))
}

async fn block_add(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<BlockForm>,
) -> ApiResult<BlockAnswer> {
    let (blocker, blocked) = block_target(&app, &user, &form).await?;
    let changed = store::block(&app.store, blocker, blocked.id, blocked.user_id).await?;
    Ok(ok(BlockAnswer {
        blocked: true,
        changed,
    }))
}

async fn block_remove(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<BlockForm>,
) -> ApiResult<BlockAnswer> {
    let (blocker, blocked) = block_target(&app, &user, &form).await?;
    let changed = store::unblock(&app.store, blocker, blocked.id).await?;
    Ok(ok(BlockAnswer {
        blocked: false,
        changed,
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<BlockForm>();
    exports.add::<BlockAnswer>();
}
