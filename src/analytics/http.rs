//! `GET /svc/blog/analytics`: the Analytics and Reach pages' figures (spec 000 §2.1, §2.2:
//! Analytics, Reach), for the blog's owner only: notes, new followers and posts per day over
//! 30 or 90 days, the most noted posts, and how far the posts travelled.

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use serde::{Deserialize, Serialize};

use super::store::{self, DayCounts};
use crate::auth::session::CurrentUser;
use crate::blogs::lookup::{BlogField, owned_blog};
use crate::error::{ApiResult, AppError, Code, ok};
use crate::extract::Query;
use crate::paths::post_url;
use crate::posts::store::post_rows;
use crate::state::AppState;
use crate::store::now_secs;

/// The most noted posts and top rebloggers a page lists.
const TOP: i64 = 10;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/svc/blog/analytics", get(analytics))
}

/// The query of `GET /svc/blog/analytics`.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/", optional_fields))]
struct AnalyticsQuery {
    /// One of your blogs.
    #[serde(default)]
    tumblelog: String,
    /// 30 (the default) or 90.
    days: Option<i64>,
    /// The page asking, whose feature the blog must have: Analytics by default.
    page: Option<AnalyticsPage>,
}

/// The two pages the figures are for, each behind its own premium flag (spec 000 §2.2).
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
#[serde(rename_all = "snake_case")]
enum AnalyticsPage {
    /// Needs `is_visible_premium_partner`.
    #[default]
    Analytics,
    /// Needs `radar_feature_premium`.
    Reach,
}

/// One day of the figures.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct AnalyticsDay {
    /// `YYYY-MM-DD` (UTC).
    date: String,
    /// Likes, reblogs and replies together.
    notes: i64,
    likes: i64,
    reblogs: i64,
    replies: i64,
    followers: i64,
    posts: i64,
}

/// A post among the most noted.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct NotedPostFigure {
    id: i64,
    post_url: String,
    summary: String,
    /// Notes in the period.
    notes: i64,
}

/// A blog that reblogged the blog's posts.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Reblogger {
    name: String,
    reblogs: i64,
}

/// A blog's figures over a period.
#[derive(Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(export_to = "api/types/"))]
struct Analytics {
    tumblelog: String,
    days: i64,
    /// Every day of the period, oldest first, today last (days with nothing at 0).
    series: Vec<AnalyticsDay>,
    most_noted: Vec<NotedPostFigure>,
    top_rebloggers: Vec<Reblogger>,
    /// Other blogs that liked, reblogged or replied to its posts in the period.
    blogs_reached: i64,
}

async fn analytics(
    State(app): State<AppState>,
    user: CurrentUser,
    Query(query): Query<AnalyticsQuery>,
) -> ApiResult<Analytics> {
    let blog = owned_blog(
        &app.store,
        user.user_id,
        &query.tumblelog,
        BlogField::Tumblelog,
    )
    .await?;
    // An administrator may have taken the page's feature away (moderation/premium.rs).
    let (reach, analytics) = store::premium_flags(&app.store, blog.id).await?;
    let refusal = match query.page.unwrap_or_default() {
        AnalyticsPage::Analytics if !analytics => {
            Some("Analytics are not turned on for this blog.")
        }
        AnalyticsPage::Reach if !reach => Some("Reach is not turned on for this blog."),
        _ => None,
    };
    if let Some(refusal) = refusal {
        return Err(AppError::forbidden(Code::NotPremium, refusal));
    }
    let days = query.days.unwrap_or(30);
    if days != 30 && days != 90 {
        return Err(AppError::bad_request(
            Code::BadQuery,
            "The period is 30 or 90 days.",
        ));
    }
    let today = now_secs() / 86_400;
    let first = today - days + 1;
    let since = first * 86_400;
    let counted = store::per_day(&app.store, blog.id, since).await?;
    let series = (first..=today)
        .map(|day| {
            let c = counted
                .iter()
                .find(|(d, _)| *d == day)
                .map(|(_, c)| *c)
                .unwrap_or(DayCounts::default());
            AnalyticsDay {
                date: date_of(day),
                notes: c.likes + c.reblogs + c.replies,
                likes: c.likes,
                reblogs: c.reblogs,
                replies: c.replies,
                followers: c.followers,
                posts: c.posts,
            }
        })
        .collect();
    let noted = store::most_noted(&app.store, blog.id, since, TOP).await?;
    let ids: Vec<i64> = noted.iter().map(|(id, _)| *id).collect();
    let rows = post_rows(&app.store, &ids, Some(user.user_id)).await?;
    let most_noted = noted
        .iter()
        .filter_map(|(id, notes)| {
            let row = rows.iter().find(|r| r.id == *id)?;
            Some(NotedPostFigure {
                id: *id,
                post_url: post_url(&row.blog_name, row.id, &row.slug),
                summary: crate::posts::summary::summary(
                    &row.content(),
                    &row.comment,
                    row.is_reblog(),
                ),
                notes: *notes,
            })
        })
        .collect();
    let top_rebloggers = store::top_rebloggers(&app.store, blog.id, since, TOP)
        .await?
        .into_iter()
        .map(|(name, reblogs)| Reblogger { name, reblogs })
        .collect();
    Ok(ok(Analytics {
        tumblelog: blog.name,
        days,
        series,
        most_noted,
        top_rebloggers,
        blogs_reached: store::blogs_reached(&app.store, blog.id, since).await?,
    }))
}

/// A day's number as `YYYY-MM-DD`.
fn date_of(day: i64) -> String {
    chrono::DateTime::from_timestamp(day * 86_400, 0)
        .map(|t| t.format("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

/// This feature's HTTP answers, for the generated web types (`src/typescript.rs`).
#[cfg(test)]
pub(crate) fn typescript(exports: &mut crate::typescript::Exports) {
    exports.add::<AnalyticsQuery>();
    exports.add::<AnalyticsPage>();
    exports.add::<AnalyticsDay>();
    exports.add::<NotedPostFigure>();
    exports.add::<Reblogger>();
    exports.add::<Analytics>();
}

#[cfg(test)]
mod tests {
    #[test]
    fn days_are_dates() {
        assert_eq!(super::date_of(0), "1970-01-01");
        assert_eq!(super::date_of(20_418), "2025-11-26");
    }
}
