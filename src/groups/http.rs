//! The group blog calls (docs/api.md, Group blogs): making a group, its members and
//! invitations, and each member's answer, leave, removal and role.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::store::{self, InviteRow, MemberRow, Refused, Role};
use crate::accounts::model::{UserModel, with_new_blog};
use crate::auth::session::{CurrentUser, MaybeSession};
use crate::blogs;
use crate::blogs::avatar::{DEFAULT_AVATAR_SIZE, avatar_url};
use crate::blogs::lookup::{BlogField, blog_named, owned_blog};
use crate::blogs::model::{BlogView, UserBlog};
use crate::blogs::store::BlogRow;
use crate::blogs::validate as blog_validate;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, Query};
use crate::paths::blog_url;
use crate::state::AppState;

/// The group routes.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/group/create", post(create))
        .route("/svc/group/convert", post(convert))
        .route("/svc/group/members", get(members))
        .route("/svc/group/invite", post(invite))
        .route("/svc/group/uninvite", post(uninvite))
        .route("/svc/group/respond", post(respond))
        .route("/svc/group/leave", post(leave))
        .route("/svc/group/remove", post(remove))
        .route("/svc/group/role", post(set_role))
}

/// A blog as a members list names it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct GroupBlog {
    name: String,
    title: String,
    avatar_url: String,
    url: String,
}

impl GroupBlog {
    fn of(name: &str, title: &str) -> GroupBlog {
        GroupBlog {
            name: name.to_owned(),
            title: title.to_owned(),
            avatar_url: avatar_url(name, DEFAULT_AVATAR_SIZE),
            url: blog_url(name),
        }
    }
}

/// A member of a group.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct GroupMember {
    blog: GroupBlog,
    role: Role,
    is_owner: bool,
    /// The member is the caller.
    is_you: bool,
    joined_at: i64,
}

/// An invitation waiting for its answer.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct GroupInvite {
    blog: GroupBlog,
    invited_by: String,
    invited_at: i64,
}

fn member_view(row: &MemberRow, viewer: Option<i64>) -> GroupMember {
    GroupMember {
        blog: GroupBlog::of(&row.name, &row.title),
        role: row.role(),
        is_owner: row.is_owner,
        is_you: viewer == Some(row.user_id),
        joined_at: row.joined_at,
    }
}

fn invite_view(row: &InviteRow) -> GroupInvite {
    GroupInvite {
        blog: GroupBlog::of(&row.name, &row.title),
        invited_by: row.invited_by.clone(),
        invited_at: row.invited_at,
    }
}

/// What a refusal tells the caller.
fn refusal(refused: Refused, group: &str) -> AppError {
    match refused {
        Refused::AlreadyGroup => AppError::conflict(
            Code::AlreadyGroup,
            format!("'{group}' is a group blog already."),
        ),
        Refused::AlreadyMember => AppError::conflict(
            Code::AlreadyMember,
            format!("That blog's owner is a member of '{group}' already."),
        ),
        Refused::AlreadyInvited => AppError::conflict(
            Code::AlreadyInvited,
            "That blog is invited already: it has yet to answer.",
        ),
        Refused::TooManyInvites => AppError::too_many(
            Code::TooManyAttempts,
            format!(
                "'{group}' has {} invitations waiting: withdraw some, or wait for answers.",
                store::MAX_WAITING_INVITES
            ),
        ),
        Refused::NoInvite => AppError::not_found_as(
            Code::NoInvite,
            format!("There is no invitation to '{group}' waiting for that blog."),
        ),
        Refused::NotMember => AppError::not_found_as(
            Code::NotMember,
            format!("That blog is not a member of '{group}'."),
        ),
        Refused::NotAdmin => AppError::forbidden(
            Code::NotGroupAdmin,
            format!("Only the admins of '{group}' can do that."),
        ),
        Refused::GroupOwner => AppError::forbidden(
            Code::GroupOwner,
            format!("'{group}''s owner stays one of its admins."),
        ),
        Refused::UseLeave => AppError::bad_request(
            Code::UseLeave,
            format!("To stop being a member, leave '{group}'."),
        ),
        Refused::LastAdmin => AppError::conflict(
            Code::LastAdmin,
            format!(
                "'{group}' needs an admin: make another member an admin before you leave \
                 (or, if you are its only member, delete the blog)."
            ),
        ),
    }
}

/// The group named `name`: 404 when there is no such blog, 400 `not_group` when it is not a
/// group.
async fn group_named(app: &AppState, viewer: Option<i64>, name: &str) -> Result<BlogRow, AppError> {
    let blog = blog_named(&app.store, viewer, name).await?;
    if !blog.is_group {
        return Err(AppError::bad_request(
            Code::NotGroup,
            format!("'{}' is not a group blog.", blog.name),
        ));
    }
    Ok(blog)
}

/// The blog of the caller's that they are known by in a group: the one named `as`, else
/// their current blog, else their first, skipping `except` (the group itself) unless it is
/// their only blog.
async fn member_identity(
    app: &AppState,
    user_id: i64,
    named: Option<&str>,
    except: Option<i64>,
) -> Result<i64, AppError> {
    if let Some(name) = named.map(str::trim).filter(|n| !n.is_empty()) {
        let blog = owned_blog(&app.store, user_id, name, BlogField::Tumblelog).await?;
        return Ok(blog.id);
    }
    let current = blogs::lookup::acting_blog(&app.store, user_id).await?;
    if Some(current.id) != except {
        return Ok(current.id);
    }
    let mine = blogs::store::blogs_of_user(&app.store, user_id).await?;
    Ok(mine
        .iter()
        .find(|b| Some(b.id) != except)
        .map_or(current.id, |b| b.id))
}

/// The fields of `/svc/group/create`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct CreateGroupForm {
    #[serde(default)]
    blog_name: String,
    title: Option<String>,
    /// One of your blogs: your name in the group (default your current blog).
    r#as: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct CreateGroupAnswer {
    blog: UserBlog,
    user: UserModel,
}

async fn create(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<CreateGroupForm>,
) -> ApiResult<CreateGroupAnswer> {
    let (name, title) =
        blog_validate::new_blog(&app.store, &form.blog_name, form.title.as_deref()).await?;
    let as_blog = member_identity(&app, user.user_id, form.r#as.as_deref(), None).await?;
    store::create(&app.store, user.user_id, &name, &title, as_blog)
        .await
        .map_err(|err| blog_validate::taken_or(err, &name))?;
    let (blog, user) =
        with_new_blog(&app.store, user.user_id, &user.session.form_key, &name).await?;
    Ok(ok(CreateGroupAnswer { blog, user }))
}

/// The fields of `/svc/group/convert`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct ConvertForm {
    #[serde(default)]
    tumblelog: String,
    /// Another of your blogs: your name in the group.
    r#as: Option<String>,
}

async fn convert(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<ConvertForm>,
) -> ApiResult<BlogView> {
    let blog = owned_blog(
        &app.store,
        user.user_id,
        &form.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    let row = blog_named(&app.store, Some(user.user_id), &blog.name).await?;
    // The main blog is the account's name (the user model's `name`): it stays the user's.
    if row.is_primary {
        return Err(AppError::bad_request(
            Code::PrimaryBlog,
            "Your main blog stays yours alone: make a new group blog instead.",
        ));
    }
    let as_blog = member_identity(&app, user.user_id, form.r#as.as_deref(), Some(blog.id)).await?;
    store::convert(&app.store, blog.id, &blog.name, user.user_id, as_blog)
        .await?
        .map_err(|refused| refusal(refused, &blog.name))?;
    let row = blog_named(&app.store, Some(user.user_id), &blog.name).await?;
    Ok(ok(BlogView::of(&row, Some(user.user_id), None)))
}

/// The fields of `/svc/group/members`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct MembersQuery {
    #[serde(default)]
    tumblelog: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct GroupMembers {
    blog: String,
    is_group: bool,
    /// Null when you are not a member.
    your_role: Option<Role>,
    members: Vec<GroupMember>,
    /// The invitations waiting: an admin's to see, else empty.
    invites: Vec<GroupInvite>,
}

async fn group_members(
    app: &AppState,
    blog: &BlogRow,
    viewer: Option<i64>,
) -> Result<GroupMembers, AppError> {
    if !blog.is_group {
        return Ok(GroupMembers {
            blog: blog.name.clone(),
            is_group: false,
            your_role: None,
            members: Vec::new(),
            invites: Vec::new(),
        });
    }
    let rows = store::members(&app.store, blog.id).await?;
    let your_role = rows
        .iter()
        .find(|m| Some(m.user_id) == viewer)
        .map(MemberRow::role);
    let invites = if your_role == Some(Role::Admin) {
        store::invites(&app.store, blog.id).await?
    } else {
        Vec::new()
    };
    Ok(GroupMembers {
        blog: blog.name.clone(),
        is_group: true,
        your_role,
        members: rows.iter().map(|m| member_view(m, viewer)).collect(),
        invites: invites.iter().map(invite_view).collect(),
    })
}

async fn members(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<MembersQuery>,
) -> ApiResult<GroupMembers> {
    let viewer = session.and_then(|s| s.user_id);
    let blog = blog_named(&app.store, viewer, &query.tumblelog).await?;
    Ok(ok(group_members(&app, &blog, viewer).await?))
}

/// The fields of `/svc/group/invite` and `/svc/group/uninvite`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct InviteForm {
    /// The group.
    #[serde(default)]
    tumblelog: String,
    /// The blog invited.
    #[serde(default)]
    blog: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct InviteAnswer {
    invite: GroupInvite,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct InvitesAnswer {
    invites: Vec<GroupInvite>,
}

/// The blog a form names in `blog`: 400 when empty, 404 when there is none.
async fn named_other(app: &AppState, viewer: i64, name: &str) -> Result<BlogRow, AppError> {
    if name.trim().is_empty() {
        return Err(AppError::bad_request(
            Code::MissingTumblelog,
            "Say which blog: the blog field is required.",
        ));
    }
    blog_named(&app.store, Some(viewer), name).await
}

async fn invite(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<InviteForm>,
) -> ApiResult<InviteAnswer> {
    let group = group_named(&app, Some(user.user_id), &form.tumblelog).await?;
    let invited = named_other(&app, user.user_id, &form.blog).await?;
    let blocked = blogs::blocks::blocked_any_blog_of(&app.store, group.id, invited.user_id).await?
        || blogs::blocks::blocked_any_blog_of(&app.store, invited.id, group.user_id).await?;
    if blocked {
        return Err(AppError::forbidden(
            Code::Blocked,
            format!("You can't invite '{}'.", invited.name),
        ));
    }
    store::invite(
        &app.store,
        (group.id, &group.name),
        user.user_id,
        invited.id,
        invited.user_id,
    )
    .await?
    .map_err(|refused| refusal(refused, &group.name))?;
    let invites = store::invites(&app.store, group.id).await?;
    let invite = invites
        .iter()
        .find(|i| i.name == invited.name)
        .map(invite_view)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("invite to {} vanished", group.name)))?;
    Ok(ok(InviteAnswer { invite }))
}

async fn uninvite(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<InviteForm>,
) -> ApiResult<InvitesAnswer> {
    let group = group_named(&app, Some(user.user_id), &form.tumblelog).await?;
    let invited = named_other(&app, user.user_id, &form.blog).await?;
    store::uninvite(&app.store, group.id, user.user_id, invited.id)
        .await?
        .map_err(|refused| refusal(refused, &group.name))?;
    let invites = store::invites(&app.store, group.id).await?;
    Ok(ok(InvitesAnswer {
        invites: invites.iter().map(invite_view).collect(),
    }))
}

/// The fields of `/svc/group/respond`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct RespondForm {
    /// The group.
    #[serde(default)]
    tumblelog: String,
    /// Your invited blog.
    #[serde(default)]
    blog: String,
    /// `1` to accept, `0` to decline.
    #[serde(default)]
    accept: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct RespondAnswer {
    accepted: bool,
    group: BlogView,
}

async fn respond(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<RespondForm>,
) -> ApiResult<RespondAnswer> {
    let accept = match form.accept.trim() {
        "1" | "true" => true,
        "0" | "false" => false,
        _ => {
            return Err(AppError::bad_request(
                Code::BadForm,
                "Say whether you accept: accept is 1 or 0.",
            ));
        }
    };
    let group = group_named(&app, Some(user.user_id), &form.tumblelog).await?;
    let invited = owned_blog(&app.store, user.user_id, &form.blog, BlogField::Tumblelog).await?;
    store::respond(
        &app.store,
        (group.id, &group.name),
        invited.id,
        user.user_id,
        accept,
    )
    .await?
    .map_err(|refused| refusal(refused, &group.name))?;
    let row = blog_named(&app.store, Some(user.user_id), &group.name).await?;
    Ok(ok(RespondAnswer {
        accepted: accept,
        group: BlogView::of(&row, Some(user.user_id), None),
    }))
}

/// The fields of `/svc/group/leave`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct LeaveForm {
    #[serde(default)]
    tumblelog: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct LeaveAnswer {
    left: bool,
}

async fn leave(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<LeaveForm>,
) -> ApiResult<LeaveAnswer> {
    let group = group_named(&app, Some(user.user_id), &form.tumblelog).await?;
    store::leave(&app.store, (group.id, &group.name), user.user_id)
        .await?
        .map_err(|refused| match refused {
            Refused::NotMember => AppError::not_found_as(
                Code::NotMember,
                format!("You are not a member of '{}'.", group.name),
            ),
            other => refusal(other, &group.name),
        })?;
    Ok(ok(LeaveAnswer { left: true }))
}

/// The fields of `/svc/group/remove` and `/svc/group/role`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct MemberForm {
    /// The group.
    #[serde(default)]
    tumblelog: String,
    /// The member's blog.
    #[serde(default)]
    member: String,
    /// For `/svc/group/role`: `admin` or `member`.
    role: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct MembersAnswer {
    members: Vec<GroupMember>,
}

async fn members_now(app: &AppState, group: &BlogRow, viewer: i64) -> ApiResult<MembersAnswer> {
    let rows = store::members(&app.store, group.id).await?;
    Ok(ok(MembersAnswer {
        members: rows.iter().map(|m| member_view(m, Some(viewer))).collect(),
    }))
}

fn member_named(form: &MemberForm) -> Result<&str, AppError> {
    let name = form.member.trim();
    if name.is_empty() {
        return Err(AppError::bad_request(
            Code::MissingTumblelog,
            "Say which member: the member field is required.",
        ));
    }
    Ok(name)
}

async fn remove(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<MemberForm>,
) -> ApiResult<MembersAnswer> {
    let group = group_named(&app, Some(user.user_id), &form.tumblelog).await?;
    let member = member_named(&form)?;
    store::remove(&app.store, (group.id, &group.name), user.user_id, member)
        .await?
        .map_err(|refused| refusal(refused, &group.name))?;
    members_now(&app, &group, user.user_id).await
}

async fn set_role(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<MemberForm>,
) -> ApiResult<MembersAnswer> {
    let group = group_named(&app, Some(user.user_id), &form.tumblelog).await?;
    let member = member_named(&form)?;
    let role = form
        .role
        .as_deref()
        .map(str::trim)
        .and_then(Role::parse)
        .ok_or_else(|| AppError::bad_request(Code::BadRole, "Choose a role: admin or member."))?;
    store::set_role(
        &app.store,
        (group.id, &group.name),
        user.user_id,
        member,
        role,
    )
    .await?
    .map_err(|refused| refusal(refused, &group.name))?;
    members_now(&app, &group, user.user_id).await
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(super) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<CreateGroupForm>();
    exports.add::<CreateGroupAnswer>();
    exports.add::<ConvertForm>();
    exports.add::<MembersQuery>();
    exports.add::<GroupMembers>();
    exports.add::<GroupMember>();
    exports.add::<GroupInvite>();
    exports.add::<GroupBlog>();
    exports.add::<Role>();
    exports.add::<InviteForm>();
    exports.add::<InviteAnswer>();
    exports.add::<InvitesAnswer>();
    exports.add::<RespondForm>();
    exports.add::<RespondAnswer>();
    exports.add::<LeaveForm>();
    exports.add::<LeaveAnswer>();
    exports.add::<MemberForm>();
    exports.add::<MembersAnswer>();
}
