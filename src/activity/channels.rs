//! Who may read `activity:{blog}`: the blog's owner.

use dashwire_protocol::{Channel, ChannelKind};
use futures_util::future::BoxFuture;

use crate::blogs;
use crate::realtime::{ChannelAuthority, Grant};
use crate::store::Store;
use crate::store::Topic;

/// The `activity` channel kind.
pub struct ActivityChannel {
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
}
