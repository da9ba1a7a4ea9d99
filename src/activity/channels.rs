//! Who may read `activity:{blog}`: the blog's owner.

use dashwire_protocol::{Channel, ChannelKind};
use futures_util::future::BoxFuture;

use crate::blogs;
use crate::realtime::{ChannelAuthority, Grant};
use crate::store::Store;
use crate::store::Topic;

/// The `activity` channel kind.
pub(crate) struct ActivityChannel {
    pub store: Store,
}

impl ChannelAuthority for ActivityChannel {
    fn kinds(&self) -> &'static [ChannelKind] {
        &[ChannelKind::Activity]
    }

    fn authorize<'a>(
        &'a self,
        viewer: Option<i64>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>> {
        Box::pin(async move {
            let (Channel::Activity(blog), Some(user_id)) = (channel, viewer) else {
                return Ok(None);
            };
            let owned = blogs::store::owned_blog(&self.store, user_id, blog).await?;
            Ok(owned.map(|_| Grant::Topic(Topic::shared(channel.clone()))))
        })
    }

    /// Every ask's blog checked in one read.
    fn authorize_all<'a>(
        &'a self,
        asks: &'a [(Option<i64>, &'a Channel)],
    ) -> BoxFuture<'a, sqlx::Result<Vec<Option<Grant>>>> {
        Box::pin(async move {
            // A visitor's ask is checked as no one's: no blog is user 0's.
            let owners: Vec<(i64, &str)> = asks
                .iter()
                .map(|(viewer, channel)| match channel {
                    Channel::Activity(blog) => (viewer.unwrap_or(0), blog.as_str()),
                    _ => (0, ""),
                })
                .collect();
            let owned = blogs::store::owns_each(&self.store, &owners).await?;
            Ok(asks
                .iter()
                .zip(owned)
                .map(|((viewer, channel), owned)| {
                    (owned && viewer.is_some() && matches!(channel, Channel::Activity(_)))
                        .then(|| Grant::Topic(Topic::shared((*channel).clone())))
                })
                .collect())
        })
    }
}
