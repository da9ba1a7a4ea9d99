//! Who may read `posts:{blog}`: anyone signed in, and visitors, for a blog whose posts are
//! public; only its owner for a private group channel.

use dashwire_protocol::{Channel, ChannelKind};
use futures_util::future::BoxFuture;

use super::store;
use crate::feed::posts_topic;
use crate::realtime::{ChannelAuthority, Grant};
use crate::store::Store;

/// The `posts` channel kind.
pub(crate) struct PostsChannel {
    pub store: Store,
}

impl ChannelAuthority for PostsChannel {
    fn kinds(&self) -> &'static [ChannelKind] {
        &[ChannelKind::Posts]
    }

    fn authorize<'a>(
        &'a self,
        viewer: Option<i64>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>> {
        Box::pin(async move {
            let Channel::Posts(blog) = channel else {
                return Ok(None);
            };
            let readable = store::blog_posts_readable(&self.store, blog, viewer).await?;
            Ok(readable.then(|| Grant::Topic(posts_topic(blog.clone()))))
        })
    }
}
