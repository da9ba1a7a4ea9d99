//! The feed and the dashboard's live channel.
//!
//! Every blog's post events (`posts:{blog}`) are also numbered in the feed: one order over all
//! of them (`realtime/log.rs`). The `dashboard` channel is the signed-in user's own group over
//! it: the post events of every blog the user reads (their own and those they follow), so one
//! event per post still reaches every follower, and a dashboard resumes from one feed position
//! however many blogs it reads. Whatever changes which blogs a user reads (a follow, an
//! unfollow, a block that ends a follow, a new blog) refreshes it in its transaction
//! ([`dashboard_topic`]).
//!
//! Its own module, apart from posts and follows, because posts, follows and blogs all reach it
//! and it reaches none of them.

use dashwire_protocol::{Channel, ChannelKind};
use futures_util::future::BoxFuture;

use crate::realtime::{ChannelAuthority, Grant};
use crate::store::Store;
use crate::store::Topic;
use crate::with_pool;

/// The blogs a dashboard follows live at most, besides the user's own: older follows past
/// it are on the page but not pushed (each costs the socket a registration on its node).
pub(crate) const DASHBOARD_LIVE_BLOGS: i64 = 5_000;

/// The topic of a blog's post events; they are in the feed, for dashboards.
pub fn posts_topic(blog: String) -> Topic {
    Topic::shared(Channel::Posts(blog)).in_feed()
}

/// The topic of a user's dashboard group: a change to the blogs the user reads refreshes
/// it ([`crate::store::Tx::refresh`]).
pub(crate) fn dashboard_topic(user_id: i64) -> Topic {
    Topic::personal(Channel::Dashboard, user_id)
}

/// The `dashboard` channel kind.
pub(crate) struct DashboardChannel {
    pub store: Store,
}

impl ChannelAuthority for DashboardChannel {
    fn kinds(&self) -> &'static [ChannelKind] {
        &[ChannelKind::Dashboard]
    }

    fn authorize<'a>(
        &'a self,
        viewer: Option<i64>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>> {
        Box::pin(async move {
            let (Channel::Dashboard, Some(user_id)) = (channel, viewer) else {
                return Ok(None);
            };
            let blogs = dashboard_blogs(&self.store, user_id).await?;
            Ok(Some(Grant::Group {
                topic: dashboard_topic(user_id),
                members: blogs.into_iter().map(posts_topic).collect(),
            }))
        })
    }
}

/// The blogs a user's dashboard reads live: their own, and the newest
/// [`DASHBOARD_LIVE_BLOGS`] they follow.
pub async fn dashboard_blogs(store: &Store, user_id: i64) -> sqlx::Result<Vec<String>> {
    const SQL: &str = "SELECT name FROM blogs WHERE user_id = $1 UNION \
         SELECT name FROM (SELECT b.name FROM follows f JOIN blogs b ON b.id = f.blog_id \
         WHERE f.user_id = $1 ORDER BY f.created_at DESC, b.id DESC LIMIT $2) followed";
    let rows: Vec<(String,)> = with_pool!(store, pool => sqlx::query_as(SQL)
        .bind(user_id).bind(DASHBOARD_LIVE_BLOGS).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|(name,)| name).collect())
}
