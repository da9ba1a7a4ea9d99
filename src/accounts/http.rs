//! The account calls: `/svc/user/info`, `/register`, `/login`, `/logout`, `/new/blog`,
//! `/svc/user/current_blog`, `/svc/post/set_seen_atg`, `/svc/user/socket_token`.

use std::net::{IpAddr, SocketAddr};

use axum::Router;
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderValue;
use axum::http::header::{LOCATION, SET_COOKIE};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::model::{UserModel, VisitorModel, user_model, with_new_blog};
use super::store;
use crate::auth;
use crate::auth::password;
use crate::auth::session::{
    CurrentUser, FormKeyField, MaybeSession, clear_cookie, form_key_matches, session_cookie,
};
use crate::auth::store::SESSION_IDLE_SECS;
use crate::auth::validate;
use crate::blogs;
use crate::blogs::lookup::{BlogField, owned_blog};
use crate::blogs::model::UserBlog;
use crate::blogs::validate as blog_validate;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::{Form, Query};
use crate::state::AppState;
use crate::store::unique_violation;

/// The account routes. `/login`, `/register` and `/new/blog` are also client pages.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/user/info", get(user_info))
        .route("/register", post(register).get(crate::web::index))
        .route("/login", post(login).get(crate::web::index))
        .route("/logout", get(logout))
        .route("/new/blog", post(new_blog).get(crate::web::index))
        .route("/svc/post/set_seen_atg", post(set_seen_atg))
        .route("/svc/user/current_blog", post(set_current_blog))
        .route("/svc/user/socket_token", post(socket_token))
}

/// The answer of `/svc/user/info`: a user with a name, or a visitor with only a form key.
#[derive(Serialize)]
#[serde(untagged)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
enum UserInfo {
    User(UserModel),
    Visitor(VisitorModel),
}

async fn user_info(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
) -> Result<Response, AppError> {
    match session {
        Some(s) => {
            let info = match s.user_id {
                Some(user_id) => {
                    UserInfo::User(user_model(&app.store, user_id, &s.form_key).await?)
                }
                None => UserInfo::Visitor(VisitorModel {
                    form_key: s.form_key,
                }),
            };
            Ok(ok(info).into_response())
        }
        None => {
            // A visitor needs a form key to POST the login and register forms.
            let new = auth::store::create_session(&app.store, None).await?;
            let cookie = session_cookie(&new.token, app.config.secure_cookies);
            let info = UserInfo::Visitor(VisitorModel {
                form_key: new.session.form_key,
            });
            Ok(([(SET_COOKIE, cookie)], ok(info)).into_response())
        }
    }
}

/// The fields of `/register`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct RegisterForm {
    /// The account's email.
    #[serde(default)]
    email: String,
    /// At least 8 characters.
    #[serde(default)]
    password: String,
    /// The name of the account's first blog.
    #[serde(default)]
    blog_name: String,
}

async fn register(
    State(app): State<AppState>,
    MaybeSession(old): MaybeSession,
    Form(form): Form<RegisterForm>,
) -> Result<Response, AppError> {
    let email = validate::email(&form.email)?;
    validate::new_password(&form.password)?;
    let blog_name = blog_validate::blog_name(&form.blog_name)?;
    if store::email_taken(&app.store, &email).await? {
        return Err(email_taken());
    }
    if blogs::store::blog_name_taken(&app.store, &blog_name).await? {
        return Err(blog_validate::name_taken(&blog_name));
    }
    let hash = password::hash(form.password).await?;
    let user_id = store::create_user_with_blog(&app.store, &email, &hash, &blog_name, &blog_name)
        .await
        .map_err(|err| match unique_violation(&err) {
            Some(text) if text.contains("email") => email_taken(),
            Some(_) => blog_validate::name_taken(&blog_name),
            None => err.into(),
        })?;
    start_session(&app, old.map(|s| s.token_hash), user_id).await
}

fn email_taken() -> AppError {
    AppError::conflict(
        Code::EmailTaken,
        "An account with that email already exists. Log in instead?",
    )
}

/// The fields of `/login`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct LoginForm {
    /// The account's email.
    #[serde(default)]
    email: String,
    /// The account's password.
    #[serde(default)]
    password: String,
}

/// Refuses an address past its failed log-in attempts: 429 `too_many_attempts`. A login and
/// a password change (a guess at the current password) count against the same limit.
pub(super) async fn within_login_limit(app: &AppState, ip: IpAddr) -> Result<(), AppError> {
    if let Err(wait) = app.login_limiter.check(ip).await {
        let minutes = wait.as_secs().div_ceil(60).max(1);
        return Err(AppError::too_many(
            Code::TooManyAttempts,
            format!("Too many failed log-in attempts. Try again in {minutes} minutes."),
        ));
    }
    Ok(())
}

async fn login(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    MaybeSession(old): MaybeSession,
    Form(form): Form<LoginForm>,
) -> Result<Response, AppError> {
    let ip = peer.ip();
    within_login_limit(&app, ip).await?;
    let email = form.email.trim().to_lowercase();
    let user = if email.is_empty() {
        None
    } else {
        auth::store::user_by_email(&app.store, &email).await?
    };
    let matches = password::verify(
        form.password,
        user.as_ref().map(|u| u.password_hash.clone()),
    )
    .await?;
    match user {
        Some(user) if matches => {
            app.login_limiter.succeeded(ip).await;
            start_session(&app, old.map(|s| s.token_hash), user.id).await
        }
        _ => {
            app.login_limiter.failed(ip).await;
            Err(AppError::unauthorized(
                Code::InvalidCredentials,
                "Your email or password were incorrect.",
            ))
        }
    }
}

/// Replaces the caller's session (if any) with a fresh one for `user_id`, so a session id
/// seen before login is worthless after it, and answers the user model.
async fn start_session(
    app: &AppState,
    old_token_hash: Option<String>,
    user_id: i64,
) -> Result<Response, AppError> {
    if let Some(old) = old_token_hash {
        auth::store::delete_session(&app.store, &old).await?;
    }
    let new = auth::store::create_session(&app.store, Some(user_id)).await?;
    let model = user_model(&app.store, user_id, &new.session.form_key).await?;
    let cookie = session_cookie(&new.token, app.config.secure_cookies);
    Ok(([(SET_COOKIE, cookie)], ok(model)).into_response())
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct SeenAtg {
    seen_atg: bool,
}

async fn set_seen_atg(State(app): State<AppState>, user: CurrentUser) -> ApiResult<SeenAtg> {
    store::set_seen_atg(&app.store, user.user_id).await?;
    Ok(ok(SeenAtg { seen_atg: true }))
}

/// The fields of `/svc/user/current_blog`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct CurrentBlogForm {
    /// The blog to act as: one of yours.
    #[serde(default)]
    tumblelog: String,
}

async fn set_current_blog(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<CurrentBlogForm>,
) -> ApiResult<UserModel> {
    let blog = owned_blog(
        &app.store,
        user.user_id,
        &form.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    store::set_current_blog(&app.store, user.user_id, blog.id).await?;
    Ok(ok(user_model(
        &app.store,
        user.user_id,
        &user.session.form_key,
    )
    .await?))
}

/// The fields of `/new/blog`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct NewBlogForm {
    /// The new blog's name.
    #[serde(default)]
    blog_name: String,
    /// Its title (its name when absent).
    title: Option<String>,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct NewBlogAnswer {
    blog: UserBlog,
    user: UserModel,
}

async fn new_blog(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<NewBlogForm>,
) -> ApiResult<NewBlogAnswer> {
    let (name, title) =
        blog_validate::new_blog(&app.store, &form.blog_name, form.title.as_deref()).await?;
    blogs::store::create_blog(&app.store, user.user_id, &name, &title)
        .await
        .map_err(|err| blog_validate::taken_or(err, &name))?;
    let (blog, user) =
        with_new_blog(&app.store, user.user_id, &user.session.form_key, &name).await?;
    Ok(ok(NewBlogAnswer { blog, user }))
}

/// What a logout from inside a page (an image, a frame, a script's fetch) is told.
const LOGOUT_NOT_NAVIGATED: &str = "Log out by going to /logout, not from inside a page.";

/// Whether a browser says this request is something other than the user going to the page:
/// an `<img src="/logout">` in a post would otherwise log out everyone who reads it. Clients
/// that send no `Sec-Fetch-*` headers (older browsers, tools) are taken at their word.
fn fetched_from_inside_a_page(headers: &axum::http::HeaderMap) -> bool {
    let says = |name: &str, expected: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| !v.eq_ignore_ascii_case(expected))
    };
    says("sec-fetch-mode", "navigate") || says("sec-fetch-dest", "document")
}

/// `GET /logout?form_key=…` (spec 000 §7: "a navigation to /logout after confirmation"). The
/// form key is what the app's confirmed logout carries and a link on another site cannot:
/// without it the session stays and the browser goes to the dashboard, where the account
/// menu offers Log out.
async fn logout(
    State(app): State<AppState>,
    MaybeSession(session): MaybeSession,
    Query(query): Query<FormKeyField>,
    headers: axum::http::HeaderMap,
) -> Result<Response, AppError> {
    if fetched_from_inside_a_page(&headers) {
        return Err(AppError::forbidden(Code::BadFormKey, LOGOUT_NOT_NAVIGATED));
    }
    if let Some(session) = &session
        && !form_key_matches(session, query.form_key.as_deref())
    {
        return Ok((
            axum::http::StatusCode::SEE_OTHER,
            [(LOCATION, HeaderValue::from_static("/"))],
        )
            .into_response());
    }
    if let Some(session) = session {
        auth::store::end_session(&app.store, &session.token_hash).await?;
    }
    Ok((
        axum::http::StatusCode::SEE_OTHER,
        [
            (SET_COOKIE, clear_cookie()),
            (LOCATION, HeaderValue::from_static("/login")),
        ],
    )
        .into_response())
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct SocketToken {
    /// Pass as `/ws?token=...`; it is a session of its own, ended by `GET /logout` with it.
    token: String,
    expires_in: i64,
}

/// Mints a token that authenticates a socket without the cookie (k6 and other load tools).
async fn socket_token(State(app): State<AppState>, user: CurrentUser) -> ApiResult<SocketToken> {
    let new = auth::store::create_session(&app.store, Some(user.user_id)).await?;
    Ok(ok(SocketToken {
        token: new.token,
        expires_in: SESSION_IDLE_SECS,
    }))
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<super::model::UserModel>();
    exports.add::<super::model::VisitorModel>();
    exports.add::<UserInfo>();
    exports.add::<RegisterForm>();
    exports.add::<LoginForm>();
    exports.add::<CurrentBlogForm>();
    exports.add::<NewBlogForm>();
    exports.add::<FormKeyField>();
    exports.add::<SeenAtg>();
    exports.add::<NewBlogAnswer>();
    exports.add::<SocketToken>();
}
