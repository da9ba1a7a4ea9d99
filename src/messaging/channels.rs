//! Who may read messaging's channels: `inbox:{blog}` its owner, `conversation:{id}` the
//! owners of the conversation's blogs.

use dashwire_protocol::{Channel, ChannelKind};
use futures_util::future::BoxFuture;

use crate::blogs;
use crate::realtime::{ChannelAuthority, Grant};
use crate::store::Store;
use crate::store::Topic;
use crate::with_pool;

/// The `inbox` and `conversation` channel kinds.
pub struct MessagingChannels {
    pub store: Store,
}

impl MessagingChannels {
    async fn takes_part(&self, user_id: i64, conversation_id: i64) -> sqlx::Result<bool> {
        const SQL: &str = "SELECT COUNT(*) FROM conversation_participants p \
                           JOIN blogs b ON b.id = p.blog_id \
                           WHERE p.conversation_id = $1 AND b.user_id = $2";
        let (n,): (i64,) = with_pool!(self.store, pool =>
            sqlx::query_as(SQL).bind(conversation_id).bind(user_id).fetch_one(pool).await)?;
        Ok(n > 0)
    }
}

impl ChannelAuthority for MessagingChannels {
    fn kinds(&self) -> &'static [ChannelKind] {
        &[ChannelKind::Inbox, ChannelKind::Conversation]
    }

    fn authorize<'a>(
        &'a self,
        viewer: Option<i64>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>> {
        Box::pin(async move {
            let Some(user_id) = viewer else {
                return Ok(None); // a visitor has no conversations
            };
            let allowed = match channel {
                Channel::Inbox(blog) => blogs::store::owned_blog(&self.store, user_id, blog)
                    .await?
                    .is_some(),
                Channel::Conversation(id) => self.takes_part(user_id, *id).await?,
                _ => false,
            };
            Ok(allowed.then(|| Grant::Topic(Topic::shared(channel.clone()))))
        })
    }
}
