//! Changing one's password (spec 000 §2.12's /settings/password, Change Password):
//! `POST /svc/user/password` with the current password and the new one. Every other session
//! of the user ends, and its sockets close; this one stays logged in.

use std::net::SocketAddr;

use axum::Router;
use axum::extract::{ConnectInfo, State};
use axum::routing::post;
use serde::{Deserialize, Serialize};

use super::http::within_login_limit;
use crate::auth::session::CurrentUser;
use crate::auth::{self, password, validate};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Form;
use crate::state::AppState;

/// What a wrong current password is told.
pub(super) const WRONG_PASSWORD: &str = "Your current password is incorrect.";

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/svc/user/password", post(change))
}

/// The fields of `/svc/user/password`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct PasswordForm {
    /// The password the account has now.
    #[serde(default)]
    password: String,
    /// The one it is to have (at least 8 characters, as at registration).
    #[serde(default)]
    new_password: String,
}

/// The answer: the password changed.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PasswordChanged {
    changed: bool,
}

async fn change(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    user: CurrentUser,
    Form(form): Form<PasswordForm>,
) -> ApiResult<PasswordChanged> {
    // Guessing the current password from a session left open is guessing a login: the same
    // limit per address applies.
    let ip = peer.ip();
    within_login_limit(&app, ip).await?;
    validate::new_password(&form.new_password)?;
    let stored = auth::store::user_by_id(&app.store, user.user_id)
        .await?
        .map(|u| u.password_hash);
    if !password::verify(form.password, stored).await? {
        app.login_limiter.failed(ip).await;
        return Err(AppError::forbidden(
            Code::InvalidCredentials,
            WRONG_PASSWORD,
        ));
    }
    app.login_limiter.succeeded(ip).await;
    let hash = password::hash(form.new_password).await?;
    auth::store::change_password(&app.store, user.user_id, &hash, &user.session.token_hash).await?;
    Ok(ok(PasswordChanged { changed: true }))
}

/// The password change's form and answer, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(super) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<PasswordForm>();
    exports.add::<PasswordChanged>();
}
