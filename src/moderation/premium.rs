//! `POST /radar/toggle` and `POST /premium_partner/toggle`: an administrator takes a blog's
//! Reach or Analytics (spec 000 §2.2's premium flags, `radar_feature_premium` and
//! `is_visible_premium_partner`) away, or gives it back. Every blog has both from the start:
//! a server of one's own sells nothing, so the flags are an administrator's switch rather
//! than a purchase. The owner's account menu shows what the flags say, and the pages'
//! figures (`analytics/`) are refused without them.

use axum::Router;
use axum::extract::State;
use axum::routing::post;
use serde::Serialize;

use super::http::{ToggleForm, admin_only};
use crate::auth::session::CurrentUser;
use crate::blogs::lookup::blog_named;
use crate::error::{ApiResult, ok};
use crate::extract::Form;
use crate::state::AppState;
use crate::store::Store;
use crate::{with_pool, with_tx};

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/radar/toggle", post(toggle_radar))
        .route("/premium_partner/toggle", post(toggle_partner))
}

/// A premium feature of a blog.
#[derive(Debug, Clone, Copy)]
enum Feature {
    /// Reach.
    Radar,
    /// Analytics.
    PremiumPartner,
}

impl Feature {
    /// The statement that flips it; one constant per feature, the column never from input.
    fn toggle_sql(self) -> &'static str {
        match self {
            Feature::Radar => {
                "UPDATE blogs SET radar_feature_premium = NOT radar_feature_premium WHERE id = $1"
            }
            Feature::PremiumPartner => {
                "UPDATE blogs SET is_visible_premium_partner = NOT is_visible_premium_partner \
                 WHERE id = $1"
            }
        }
    }
}

/// The blog's premium flags after the toggle.
#[derive(Serialize, sqlx::FromRow)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct PremiumToggleAnswer {
    tumblelog: String,
    radar_feature_premium: bool,
    is_visible_premium_partner: bool,
}

async fn toggle_radar(
    state: State<AppState>,
    user: CurrentUser,
    form: Form<ToggleForm>,
) -> ApiResult<PremiumToggleAnswer> {
    toggle(state, user, form, Feature::Radar).await
}

async fn toggle_partner(
    state: State<AppState>,
    user: CurrentUser,
    form: Form<ToggleForm>,
) -> ApiResult<PremiumToggleAnswer> {
    toggle(state, user, form, Feature::PremiumPartner).await
}

async fn toggle(
    State(app): State<AppState>,
    user: CurrentUser,
    Form(form): Form<ToggleForm>,
    feature: Feature,
) -> ApiResult<PremiumToggleAnswer> {
    admin_only(&app.store, user.user_id).await?;
    let blog = blog_named(&app.store, Some(user.user_id), &form.tumblelog).await?;
    let flags = flip(&app.store, blog.id, feature).await?;
    tracing::info!(admin = user.user_id, blog = %blog.name, ?feature, "premium toggle");
    Ok(ok(flags))
}

async fn flip(store: &Store, blog_id: i64, feature: Feature) -> sqlx::Result<PremiumToggleAnswer> {
    const READ: &str = "SELECT name AS tumblelog, radar_feature_premium, is_visible_premium_partner \
         FROM blogs WHERE id = $1";
    let mut tx = store.begin().await?;
    with_tx!(tx, conn => sqlx::query(feature.toggle_sql()).bind(blog_id).execute(conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    with_pool!(store, pool => sqlx::query_as(READ).bind(blog_id).fetch_one(pool).await)
}

/// This file's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(super) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<PremiumToggleAnswer>();
}
