//! Who may read `members:{blog}`: anyone, as anyone may read a group's members list (groups
//! are public in this build; a private group's channel will be its members').

use dashwire_protocol::{Channel, ChannelKind};
use futures_util::future::BoxFuture;

use crate::realtime::{ChannelAuthority, Grant};
use crate::store::Topic;

/// The `members` channel kind.
pub(crate) struct MembersChannel;

impl ChannelAuthority for MembersChannel {
    fn kinds(&self) -> &'static [ChannelKind] {
        &[ChannelKind::Members]
    }

    fn authorize<'a>(
        &'a self,
        _viewer: Option<i64>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>> {
        Box::pin(async move {
            Ok(matches!(channel, Channel::Members(_))
                .then(|| Grant::Topic(Topic::shared(channel.clone()))))
        })
    }
}
