//! Who may read `notes:{root_id}`: anyone who may read a post of the chain.

use dashwire_protocol::{Channel, ChannelKind};
use futures_util::future::BoxFuture;

use super::store;
use crate::realtime::{ChannelAuthority, Grant};
use crate::store::Store;
use crate::store::Topic;

/// The `notes` channel kind.
pub(crate) struct NotesChannel {
    pub store: Store,
}

impl ChannelAuthority for NotesChannel {
    fn kinds(&self) -> &'static [ChannelKind] {
        &[ChannelKind::Notes]
    }

    fn authorize<'a>(
        &'a self,
        viewer: Option<i64>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>> {
        Box::pin(async move {
            let Channel::Notes(root_id) = channel else {
                return Ok(None);
            };
            let readable = store::chain_readable(&self.store, *root_id, viewer).await?;
            Ok(readable.then(|| Grant::Topic(Topic::shared(channel.clone()))))
        })
    }
}
