//! Who may read messaging's channels: `inbox:{blog}` its owner, `conversation:{id}` the
//! owners of the conversation's blogs.

use std::collections::HashSet;

use dashwire_protocol::{Channel, ChannelKind};
use futures_util::future::BoxFuture;

use crate::blogs;
use crate::realtime::{ChannelAuthority, Grant};
use crate::store::Topic;
use crate::store::{Dialects, Store};
use crate::with_pool;

/// The `inbox` and `conversation` channel kinds.
pub(crate) struct MessagingChannels {
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

    /// For each `(user_id, conversation_id)`, whether one of the user's blogs takes part:
    /// [`MessagingChannels::takes_part`] for many at once, in one read.
    async fn takes_part_each(&self, asks: &[(i64, i64)]) -> sqlx::Result<Vec<bool>> {
        if asks.is_empty() {
            return Ok(Vec::new());
        }
        // The ids as one JSON array, made an array on PostgreSQL for the reason
        // `store/log_reads.rs` gives at CHANNEL_STATES.
        const TAKING_PART: Dialects = Dialects {
            sqlite: "SELECT DISTINCT p.conversation_id, b.user_id FROM conversation_participants p \
                     JOIN blogs b ON b.id = p.blog_id \
                     WHERE p.conversation_id IN (SELECT value FROM json_each($1))",
            postgres: "SELECT DISTINCT p.conversation_id, b.user_id FROM conversation_participants p \
                       JOIN blogs b ON b.id = p.blog_id WHERE p.conversation_id = \
                       ANY (ARRAY(SELECT json_array_elements_text($1::json)::bigint))",
        };
        let ids: Vec<i64> = asks.iter().map(|(_, id)| *id).collect();
        let ids = serde_json::to_string(&ids).expect("numbers encode");
        let sql = self.store.dialect(TAKING_PART);
        let taking_part: Vec<(i64, i64)> = with_pool!(self.store, pool =>
            sqlx::query_as(sql).bind(&ids).fetch_all(pool).await)?;
        let taking_part: HashSet<(i64, i64)> = taking_part.into_iter().collect();
        Ok(asks
            .iter()
            .map(|(user_id, id)| taking_part.contains(&(*id, *user_id)))
            .collect())
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

    /// Every ask checked in two reads at most: the inboxes' blogs, the conversations'
    /// participants.
    fn authorize_all<'a>(
        &'a self,
        asks: &'a [(Option<i64>, &'a Channel)],
    ) -> BoxFuture<'a, sqlx::Result<Vec<Option<Grant>>>> {
        Box::pin(async move {
            let mut inboxes = Vec::new();
            let mut conversations = Vec::new();
            for (i, (viewer, channel)) in asks.iter().enumerate() {
                // A visitor has no conversations.
                let Some(user_id) = *viewer else { continue };
                match channel {
                    Channel::Inbox(blog) => inboxes.push((i, (user_id, blog.as_str()))),
                    Channel::Conversation(id) => conversations.push((i, (user_id, *id))),
                    _ => {}
                }
            }
            let mut allowed = vec![false; asks.len()];
            if !inboxes.is_empty() {
                let owners: Vec<(i64, &str)> = inboxes.iter().map(|(_, ask)| *ask).collect();
                let owned = blogs::store::owns_each(&self.store, &owners).await?;
                for ((i, _), owned) in inboxes.iter().zip(owned) {
                    allowed[*i] = owned;
                }
            }
            let asked: Vec<(i64, i64)> = conversations.iter().map(|(_, ask)| *ask).collect();
            let taking_part = self.takes_part_each(&asked).await?;
            for ((i, _), takes_part) in conversations.iter().zip(taking_part) {
                allowed[*i] = takes_part;
            }
            Ok(asks
                .iter()
                .zip(allowed)
                .map(|((_, channel), allowed)| {
                    allowed.then(|| Grant::Topic(Topic::shared((*channel).clone())))
                })
                .collect())
        })
    }
}
