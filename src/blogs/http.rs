//! The blog calls: `/new/blog`, `/order`, `/svc/follow`, `/svc/unfollow`,
//! `/svc/data/tumblelog`, the blog lists and avatars.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::avatar::avatar;
use super::model::{ActivityData, BlogView, Channel};
use super::store::{BlogRow, FollowChange};
use super::validate;
use crate::activity::model::notification_data;
use crate::app::AppState;
use crate::auth::model::{UserModel, user_model};
use crate::auth::session::{CurrentUser, MaybeSession};
use crate::error::{ApiResult, AppError, Envelope};
use crate::extract::{Form, Query, flag};
use crate::store::unique_violation;

/// The blog routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/new/blog", post(new_blog).get(crate::web::index))
        .route("/order", post(order))
        .route("/svc/follow", post(follow))
        .route("/svc/unfollow", post(unfollow))
        .route("/svc/data/tumblelog", get(tumblelog_data))
        .route("/svc/blogs/explore", get(explore))
        .route("/svc/user/following", get(following))
        .route("/svc/block/add", post(block_add))
        .route("/svc/block/remove", post(block_remove))
        .route("/svc/blog/messaging", post(set_messaging))
        .route("/avatar/{name}", get(avatar))
        .route("/avatar/{name}/{size}", get(avatar))
}

#[derive(Deserialize)]
struct NewBlogForm {
    #[serde(default)]
    blog_name: String,
    title: Option<String>,
}

#[derive(Serialize)]
struct NewBlogAnswer {
    blog: Channel,
    user: UserModel,
}

async fn new_blog(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<NewBlogForm>,
) -> ApiResult<NewBlogAnswer> {
    let name = validate::blog_name(&form.blog_name)?;
    let title = validate::blog_title(form.title.as_deref(), &name)?;
    if app.store.blog_name_taken(&name).await? {
        return Err(validate::name_taken(&name));
    }
    app.store
        .create_blog(user.user_id, &name, &title)
        .await
        .map_err(|err| match unique_violation(&err) {
            Some(_) => validate::name_taken(&name),
            None => err.into(),
        })?;
    let user_model = user_model(&app.store, user.user_id, &user.session.form_key).await?;
    let row = app
        .store
        .blog_by_name(&name, Some(user.user_id))
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("new blog {name} vanished")))?;
    let current = user_model.current_blog_id;
    Ok(Envelope(NewBlogAnswer {
        blog: Channel::of(&row, current),
        user: user_model,
    }))
}

#[derive(Deserialize)]
struct OrderForm {
    #[serde(default)]
    channel_names: String,
}

#[derive(Serialize)]
struct OrderAnswer {
    saved: bool,
}

async fn order(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<OrderForm>,
) -> ApiResult<OrderAnswer> {
    let names: Vec<String> = serde_json::from_str(&form.channel_names).map_err(|_| {
        AppError::bad_request(
            "invalid_order",
            "channel_names must be a JSON list of your blog names.",
        )
    })?;
    let mut mine: Vec<String> = app
        .store
        .blogs_of_user(user.user_id)
        .await?
        .into_iter()
        .map(|b| b.name)
        .collect();
    let mut asked = names.clone();
    mine.sort();
    asked.sort();
    if mine != asked {
        return Err(AppError::bad_request(
            "invalid_order",
            "channel_names must list each of your blogs exactly once.",
        ));
    }
    let saved = app.store.reorder_blogs(user.user_id, &names).await?;
    Ok(Envelope(OrderAnswer { saved }))
}

/// The fields of `/svc/follow` and `/svc/unfollow`. Only `tumblelog` drives behaviour; the
/// rest are the spec's tracking fields, accepted so that clients may send them.
#[derive(Deserialize)]
#[allow(dead_code)]
struct FollowForm {
    #[serde(default)]
    tumblelog: String,
    placement_id: Option<String>,
    pt: Option<String>,
    source: Option<String>,
    context: Option<String>,
    tlt: Option<String>,
}

#[derive(Serialize)]
struct FollowAnswer {
    tumblelog: BlogView,
    friend_count: i64,
}

async fn follow(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<FollowForm>,
) -> ApiResult<FollowAnswer> {
    let target = target_blog(&app, &user, &form.tumblelog).await?;
    if target.user_id == user.user_id {
        return Err(AppError::bad_request(
            "own_blog",
            "You can't follow your own blog.",
        ));
    }
    if app
        .store
        .blocked_any_blog_of(target.id, user.user_id)
        .await?
    {
        return Err(AppError::forbidden(
            "blocked",
            format!("You can't follow {}.", target.name),
        ));
    }
    let via = acting_blog(&app, user.user_id).await?;
    if let FollowChange::Followed { published } =
        app.store.follow(user.user_id, via, target.id).await?
    {
        app.realtime.publish(published).await;
    }
    follow_answer(&app, &user, &target.name).await
}

async fn unfollow(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<FollowForm>,
) -> ApiResult<FollowAnswer> {
    let target = target_blog(&app, &user, &form.tumblelog).await?;
    app.store.unfollow(user.user_id, target.id).await?;
    follow_answer(&app, &user, &target.name).await
}

async fn target_blog(app: &AppState, user: &CurrentUser, name: &str) -> Result<BlogRow, AppError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(AppError::bad_request(
            "missing_tumblelog",
            "Say which blog: the tumblelog field is required.",
        ));
    }
    app.store
        .blog_by_name(name, Some(user.user_id))
        .await?
        .ok_or_else(|| AppError::not_found(format!("There's no blog named '{name}'.")))
}

/// The blog the user acts as: the current one, or the first if none is set.
async fn acting_blog(app: &AppState, user_id: i64) -> Result<i64, AppError> {
    let user = app
        .store
        .user_by_id(user_id)
        .await?
        .ok_or_else(AppError::not_logged_in)?;
    if let Some(id) = user.current_blog_id {
        return Ok(id);
    }
    app.store
        .blogs_of_user(user_id)
        .await?
        .first()
        .map(|b| b.id)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("user {user_id} has no blog")))
}

async fn follow_answer(app: &AppState, user: &CurrentUser, name: &str) -> ApiResult<FollowAnswer> {
    let row = app
        .store
        .blog_by_name(name, Some(user.user_id))
        .await?
        .ok_or_else(|| AppError::not_found(format!("There's no blog named '{name}'.")))?;
    Ok(Envelope(FollowAnswer {
        tumblelog: BlogView::of(&row, Some(user.user_id), None),
        friend_count: app.store.friend_count(user.user_id).await?,
    }))
}

#[derive(Deserialize)]
struct TumblelogQuery {
    #[serde(default)]
    tumblelog: String,
    include_member_data: Option<String>,
    include_activity_data: Option<String>,
    include_activity_notifications: Option<String>,
}

/// How many notifications the account and activity menus get.
const NOTIFICATIONS_SHOWN: i64 = 50;

async fn tumblelog_data(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<TumblelogQuery>,
) -> ApiResult<BlogView> {
    let viewer = session.as_ref().and_then(|s| s.user_id);
    let name = query.tumblelog.trim();
    if name.is_empty() {
        return Err(AppError::bad_request(
            "missing_tumblelog",
            "Say which blog: the tumblelog query parameter is required.",
        ));
    }
    let row = app
        .store
        .blog_by_name(name, viewer)
        .await?
        .ok_or_else(|| AppError::not_found(format!("There's no blog named '{name}'.")))?;
    let is_mine = viewer == Some(row.user_id);
    let wants_private = flag(&query.include_member_data)
        || flag(&query.include_activity_data)
        || flag(&query.include_activity_notifications);
    if wants_private && !is_mine {
        return Err(AppError::forbidden(
            "not_your_blog",
            "Member and activity data are only for the blog's owner.",
        ));
    }
    let current = match viewer {
        Some(id) => app
            .store
            .user_by_id(id)
            .await?
            .and_then(|u| u.current_blog_id),
        None => None,
    };
    let mut view = BlogView::of(&row, viewer, current);
    if flag(&query.include_activity_data) {
        view.activity_data = Some(ActivityData {
            sparkline: app.store.sparkline(row.id).await?,
        });
    }
    if flag(&query.include_activity_notifications) {
        let rows = app.store.notifications(row.id, NOTIFICATIONS_SHOWN).await?;
        view.activity_notifications = Some(rows.into_iter().map(notification_data).collect());
    }
    Ok(Envelope(view))
}

#[derive(Deserialize)]
struct ExploreQuery {
    limit: Option<i64>,
}

#[derive(Serialize)]
struct BlogList {
    blogs: Vec<BlogView>,
}

async fn explore(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<ExploreQuery>,
) -> ApiResult<BlogList> {
    let viewer = session.and_then(|s| s.user_id);
    let limit = query.limit.unwrap_or(20).clamp(1, 50);
    let rows = app.store.explore_blogs(viewer, limit).await?;
    Ok(Envelope(BlogList {
        blogs: rows.iter().map(|r| BlogView::of(r, viewer, None)).collect(),
    }))
}

async fn following(State(app): State<AppState>, user: CurrentUser) -> ApiResult<BlogList> {
    let rows = app.store.followed_blogs(user.user_id).await?;
    Ok(Envelope(BlogList {
        blogs: rows
            .iter()
            .map(|r| BlogView::of(r, Some(user.user_id), None))
            .collect(),
    }))
}

#[derive(Deserialize)]
struct BlockForm {
    /// The blocking blog: one of yours (blocking acts as a blog, spec 002 §6).
    #[serde(default)]
    tumblelog: String,
    #[serde(default)]
    blocked_tumblelog: String,
    blocked_post: Option<String>,
}

#[derive(Serialize)]
struct BlockAnswer {
    blocked: bool,
    changed: bool,
}

async fn own_blog_named(
    app: &AppState,
    user: &CurrentUser,
    name: &str,
) -> Result<BlogRow, AppError> {
    let name = name.trim();
    match app.store.blog_by_name(name, Some(user.user_id)).await? {
        Some(blog) if blog.user_id == user.user_id => Ok(blog),
        _ => Err(AppError::forbidden(
            "not_your_blog",
            format!("'{name}' is not one of your blogs."),
        )),
    }
}

async fn block_target(
    app: &AppState,
    user: &CurrentUser,
    form: &BlockForm,
) -> Result<(BlogRow, BlogRow), AppError> {
    if form.blocked_tumblelog.trim().is_empty() && form.blocked_post.is_some() {
        return Err(AppError::bad_request(
            "unsupported",
            "Blocking by post is not supported yet; name the blog in blocked_tumblelog.",
        ));
    }
    let blocker = own_blog_named(app, user, &form.tumblelog).await?;
    let blocked = target_blog(app, user, &form.blocked_tumblelog).await?;
    if blocked.user_id == user.user_id {
        return Err(AppError::bad_request(
            "own_blog",
            "You can't block your own blog.",
        ));
    }
    Ok((blocker, blocked))
}

async fn block_add(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<BlockForm>,
) -> ApiResult<BlockAnswer> {
    let (blocker, blocked) = block_target(&app, &user, &form).await?;
    let changed = app.store.block(blocker.id, blocked.id).await?;
    Ok(Envelope(BlockAnswer {
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
    let changed = app.store.unblock(blocker.id, blocked.id).await?;
    Ok(Envelope(BlockAnswer {
        blocked: false,
        changed,
    }))
}

#[derive(Deserialize)]
struct MessagingForm {
    #[serde(default)]
    tumblelog: String,
    enabled: Option<String>,
}

async fn set_messaging(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<MessagingForm>,
) -> ApiResult<Channel> {
    let blog = own_blog_named(&app, &user, &form.tumblelog).await?;
    let enabled = match form.enabled.as_deref() {
        Some("1" | "true") => true,
        Some("0" | "false") => false,
        _ => {
            return Err(AppError::bad_request(
                "bad_enabled",
                "enabled must be 1 or 0.",
            ));
        }
    };
    app.store.set_blog_can_message(blog.id, enabled).await?;
    let row = app
        .store
        .blog_by_name(&blog.name, Some(user.user_id))
        .await?
        .ok_or_else(|| AppError::not_found("That blog is gone."))?;
    let current = app
        .store
        .user_by_id(user.user_id)
        .await?
        .and_then(|u| u.current_blog_id);
    Ok(Envelope(Channel::of(&row, current)))
}
