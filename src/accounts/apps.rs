//! Settings → Apps: `GET /svc/user/apps`, `POST /svc/user/apps/create` and
//! `POST /svc/user/apps/revoke`, a user's apps and their tokens (`auth/apps.rs`). Made and
//! revoked on the site only: an app's token cannot call these.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use crate::auth::apps::{self, AppView, Created, MAX_APP_NAME_CHARS, MAX_APPS};
use crate::auth::session::CurrentUser;
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Form;
use crate::state::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/svc/user/apps", get(list))
        .route("/svc/user/apps/create", post(create))
        .route("/svc/user/apps/revoke", post(revoke))
}

/// The user's apps, newest first.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct AppList {
    apps: Vec<AppView>,
}

/// A new app and its token, which no later answer repeats.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct NewApp {
    app: AppView,
    token: String,
}

/// The fields of `/svc/user/apps/create`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct AppCreateForm {
    /// What the app is called: its posts say 'Posted with {name}'.
    #[serde(default)]
    name: String,
}

/// The fields of `/svc/user/apps/revoke`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct AppRevokeForm {
    /// One of your apps.
    id: i64,
}

async fn list(State(app): State<AppState>, user: CurrentUser) -> ApiResult<AppList> {
    let apps = apps::apps_of(&app.store, user.user_id).await?;
    Ok(ok(AppList { apps }))
}

async fn create(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<AppCreateForm>,
) -> ApiResult<NewApp> {
    let name = form.name.trim();
    if name.is_empty() || name.chars().count() > MAX_APP_NAME_CHARS {
        return Err(AppError::bad_request(
            Code::InvalidAppName,
            format!("Give the app a name of 1 to {MAX_APP_NAME_CHARS} characters."),
        ));
    }
    match apps::create_app(&app.store, user.user_id, name).await? {
        Created::App(app, token) => Ok(ok(NewApp { app, token })),
        Created::NameTaken => Err(AppError::conflict(
            Code::AppNameTaken,
            format!("You already have an app called {name}."),
        )),
        Created::TooMany => Err(AppError::bad_request(
            Code::TooManyApps,
            format!("You can have at most {MAX_APPS} apps."),
        )),
    }
}

async fn revoke(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<AppRevokeForm>,
) -> ApiResult<AppList> {
    if !apps::revoke_app(&app.store, user.user_id, form.id).await? {
        return Err(AppError::not_found("No such app."));
    }
    let apps = apps::apps_of(&app.store, user.user_id).await?;
    Ok(ok(AppList { apps }))
}

/// This file's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(super) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<AppView>();
    exports.add::<AppList>();
    exports.add::<NewApp>();
    exports.add::<AppCreateForm>();
    exports.add::<AppRevokeForm>();
}
