//! The blog header save (spec 000 §7: "save of the blog header", JSON with the form key):
//! `POST /svc/indash_blog/header` with the blog and the fields of its model that changed. A
//! reader saves `following` (a follow save); the owner saves the blog's `asks` and
//! `anonymous_asks`. The answer is the blog as the caller now sees it.

use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::asks::update_asks;
use crate::auth::session::CurrentUser;
use crate::blogs::lookup::{blog_named, not_yours};
use crate::blogs::model::BlogView;
use crate::error::{ApiResult, ok};
use crate::extract::Json;
use crate::follows::rules;
use crate::state::AppState;

/// The blog viewer's header (spec 000 §2.10): the blog as the viewer sees it.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(super) struct IndashHeader {
    pub(super) tumblelog: BlogView,
}

/// The JSON body of `POST /svc/indash_blog/header`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
pub(super) struct HeaderSave {
    /// The blog.
    #[serde(default)]
    tumblelog_name_or_id: String,
    /// The fields of its model that changed.
    #[serde(default)]
    tumblelog: HeaderFields,
}

/// The fields of the blog model a header save may change; the rest of the model, which
/// clients send back as they got it, is ignored.
#[derive(Deserialize, Default)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct HeaderFields {
    /// Follow (or unfollow) the blog: anyone's blog.
    following: Option<bool>,
    /// The blog takes questions: your own blog only.
    asks: Option<bool>,
    /// The blog takes anonymous questions (needs `asks`): your own blog only.
    anonymous_asks: Option<bool>,
}

pub(super) async fn save_header(
    State(app): State<AppState>,
    user: CurrentUser,
    Json(save): Json<HeaderSave>,
) -> ApiResult<IndashHeader> {
    let blog = blog_named(&app.store, Some(user.user_id), &save.tumblelog_name_or_id).await?;
    let fields = save.tumblelog;
    if fields.asks.is_some() || fields.anonymous_asks.is_some() {
        if blog.user_id != user.user_id {
            return Err(not_yours(&blog.name));
        }
        update_asks(
            &app,
            user.user_id,
            &blog.name,
            fields.asks,
            fields.anonymous_asks,
        )
        .await?;
    }
    match fields.following {
        Some(true) => {
            rules::follow(&app.store, user.user_id, &blog).await?;
        }
        Some(false) => {
            rules::unfollow(&app.store, user.user_id, &blog).await?;
        }
        None => {}
    }
    let saved = blog_named(&app.store, Some(user.user_id), &blog.name).await?;
    Ok(ok(IndashHeader {
        tumblelog: BlogView::of(&saved, Some(user.user_id), None),
    }))
}

/// The header save's body, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(super) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<HeaderFields>();
    exports.add::<HeaderSave>();
}
