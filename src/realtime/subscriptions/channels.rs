//! The channel kinds features own, and who may subscribe to each. The core routes every
//! kind alike; only the feature that owns a kind knows what it means to be allowed to read
//! it, so each registers an authority for its kinds when the server starts (as a Phoenix
//! socket maps `"room:*"` to the module that authorises its joins).

use std::collections::HashMap;
use std::sync::Arc;

use dashwire_protocol::{Channel, ChannelKind};
use futures_util::future::BoxFuture;

use crate::store::Topic;

/// What reading a channel gives a subscriber.
#[derive(Debug, Clone, PartialEq)]
pub enum Grant {
    /// One topic's events, by its seqs.
    Topic(Topic),
    /// A group: the events of every member topic (all of them in the feed), in feed order,
    /// sent on the channel subscribed to with their feed positions as seqs, and resumed by
    /// feed position. The group's own topic carries no events: a refresh on it
    /// ([`crate::store::Tx::refresh`]) has its subscribers ask for the members again.
    Group { topic: Topic, members: Vec<Topic> },
}

/// A feature's rule for the channel kinds it owns.
pub trait ChannelAuthority: Send + Sync + 'static {
    /// The kinds it answers for.
    fn kinds(&self) -> &'static [ChannelKind];

    /// What `channel` gives `viewer` if they may read it; `None` if not. `viewer` is the
    /// socket's user, `None` for a visitor's socket (a public blog's posts and notes are for
    /// visitors too; nothing personal is).
    fn authorize<'a>(
        &'a self,
        viewer: Option<i64>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>>;

    /// [`ChannelAuthority::authorize`] for many subscribes at once (every socket that asked
    /// while the node's last batch was read, `subscriptions/batched.rs`), answered in the
    /// order asked. By default one after the other; a feature whose answer is a read answers
    /// them all in one statement instead.
    fn authorize_all<'a>(
        &'a self,
        asks: &'a [(Option<i64>, &'a Channel)],
    ) -> BoxFuture<'a, sqlx::Result<Vec<Option<Grant>>>> {
        Box::pin(async move {
            let mut grants = Vec::with_capacity(asks.len());
            for (viewer, channel) in asks {
                grants.push(self.authorize(*viewer, channel).await?);
            }
            Ok(grants)
        })
    }
}

/// Every registered kind and its authority; cheap to clone.
#[derive(Clone, Default)]
pub struct ChannelKinds {
    by_kind: HashMap<ChannelKind, Arc<dyn ChannelAuthority>>,
}

impl ChannelKinds {
    /// Adds a feature's kinds. Two features claiming one kind is a programming error.
    pub fn register(mut self, authority: impl ChannelAuthority) -> ChannelKinds {
        let authority: Arc<dyn ChannelAuthority> = Arc::new(authority);
        for &kind in authority.kinds() {
            let previous = self.by_kind.insert(kind, authority.clone());
            assert!(previous.is_none(), "channel kind {kind} registered twice");
        }
        self
    }

    /// What `channel` gives `viewer` if they may read it. A kind no feature registered is
    /// refused like any channel that is not the viewer's.
    pub async fn authorize(
        &self,
        viewer: Option<i64>,
        channel: &Channel,
    ) -> sqlx::Result<Option<Grant>> {
        match self.by_kind.get(&channel.kind()) {
            Some(authority) => authority.authorize(viewer, channel).await,
            None => Ok(None),
        }
    }

    /// [`ChannelKinds::authorize`] for many subscribes at once, in the order asked: each kind's
    /// asks go to its feature together.
    pub async fn authorize_all(
        &self,
        asks: &[(Option<i64>, Channel)],
    ) -> sqlx::Result<Vec<Option<Grant>>> {
        let mut grants: Vec<Option<Grant>> = vec![None; asks.len()];
        let mut by_kind: HashMap<ChannelKind, Vec<usize>> = HashMap::new();
        for (i, (_, channel)) in asks.iter().enumerate() {
            by_kind.entry(channel.kind()).or_default().push(i);
        }
        for (kind, indices) in by_kind {
            // A kind no feature registered is refused like any channel not the viewer's.
            let Some(authority) = self.by_kind.get(&kind) else {
                continue;
            };
            let these: Vec<(Option<i64>, &Channel)> =
                indices.iter().map(|&i| (asks[i].0, &asks[i].1)).collect();
            let answers = authority.authorize_all(&these).await?;
            if answers.len() != indices.len() {
                return Err(sqlx::Error::Protocol(format!(
                    "{} answers from the {kind} channels' authority for {} asks",
                    answers.len(),
                    indices.len()
                )));
            }
            for (i, grant) in indices.into_iter().zip(answers) {
                grants[i] = grant;
            }
        }
        Ok(grants)
    }

    /// The protocol's kinds that no feature registered (empty when the server is complete).
    pub fn unregistered(&self) -> Vec<ChannelKind> {
        ChannelKind::ALL
            .into_iter()
            .filter(|kind| !self.by_kind.contains_key(kind))
            .collect()
    }
}
