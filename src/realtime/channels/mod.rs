//! The channel kinds features own, and who may subscribe to each. The core routes every
//! kind alike; only the feature that owns a kind knows what it means to be allowed to read
//! it, so each registers an authority for its kinds when the server starts (as a Phoenix
//! socket maps `"room:*"` to the module that authorises its joins).
//!
//! What a subscribe reads (a channel's authorisation and its state in the log, a replay's
//! batches) is read here too, for every socket of the node at once (`reads.rs`, over
//! `batched.rs`): the node holds those reads, and its sockets' subscriptions ask them.

mod batched;
pub(crate) mod reads;

use std::collections::HashMap;
use std::sync::Arc;

use dashwire_protocol::{Channel, ChannelKind, Event};
use futures_util::future::BoxFuture;

use crate::store::Topic;
use crate::store::log::READ_AS_IT_IS_NOW;

/// What reading a channel gives a subscriber.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Grant {
    /// One topic's events, by its seqs.
    Topic(Topic),
    /// A group: the events of every member topic (all of them in the feed), in feed order,
    /// sent on the channel subscribed to with their feed positions as seqs, and resumed by
    /// feed position. The group's own topic carries no events: a refresh on it
    /// ([`crate::store::Tx::refresh`]) has its subscribers ask for the members again.
    Group { topic: Topic, members: Vec<Topic> },
}

/// A channel's state as it is now, as the event a replay sends and the channel's seq it is at;
/// `None` for a channel with no state yet.
pub(crate) type StateNow = Option<(i64, Event)>;

/// The state, as it is now, of channels the log keeps no row of
/// ([`crate::store::log::READ_AS_IT_IS_NOW`]): what a replay sends there.
pub trait CurrentState: Send + Sync {
    /// Each topic's (by its key) state as `(seq, event)`: the one event a replay sends for
    /// everything the reader missed, and the channel's seq it is at, both read in one snapshot,
    /// so that the live events at or below that seq, which the state already holds, are not
    /// sent after it. In the order asked.
    fn read<'a>(&'a self, topics: &'a [String]) -> BoxFuture<'a, sqlx::Result<Vec<StateNow>>>;
}

/// A feature's rule for the channel kinds it owns.
pub(crate) trait ChannelAuthority: Send + Sync + 'static {
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
    /// while the node's last batch was read, `channels/batched.rs`), answered in the
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

    /// For kinds the log keeps no row of, how to read their state now; `None` (the default)
    /// for kinds replayed from the log.
    fn current_state(&self) -> Option<&dyn CurrentState> {
        None
    }
}

/// Every registered kind and its authority; cheap to clone.
#[derive(Clone, Default)]
pub struct ChannelKinds {
    by_kind: HashMap<ChannelKind, Arc<dyn ChannelAuthority>>,
}

impl ChannelKinds {
    /// Adds a feature's kinds. Two features claiming one kind is a programming error.
    pub(crate) fn register(mut self, authority: impl ChannelAuthority) -> ChannelKinds {
        let authority: Arc<dyn ChannelAuthority> = Arc::new(authority);
        for &kind in authority.kinds() {
            let previous = self.by_kind.insert(kind, authority.clone());
            assert!(previous.is_none(), "channel kind {kind} registered twice");
            // A kind the log keeps no row of has nothing else to replay from.
            assert_eq!(
                authority.current_state().is_some(),
                READ_AS_IT_IS_NOW.contains(&kind),
                "channel kind {kind}: a current state exactly when the log keeps no row of it"
            );
        }
        self
    }

    /// The state now of each topic (by its key; all of kinds the log keeps no row of), as
    /// their features read it ([`CurrentState`]), in the order asked.
    pub(crate) async fn current_states(&self, topics: &[String]) -> sqlx::Result<Vec<StateNow>> {
        let mut states: Vec<StateNow> = vec![None; topics.len()];
        let mut by_kind: HashMap<ChannelKind, Vec<usize>> = HashMap::new();
        for (i, topic) in topics.iter().enumerate() {
            if let Some(kind) = crate::store::log::kind_of_key(topic) {
                by_kind.entry(kind).or_default().push(i);
            }
        }
        for (kind, indices) in by_kind {
            let Some(reader) = self.by_kind.get(&kind).and_then(|a| a.current_state()) else {
                continue;
            };
            let these: Vec<String> = indices.iter().map(|&i| topics[i].clone()).collect();
            let read = reader.read(&these).await?;
            place(&mut states, indices, read, kind)?;
        }
        Ok(states)
    }

    /// What each channel asked gives its viewer if they may read it, in the order asked: each
    /// kind's asks go to its feature together. A kind no feature registered is refused like
    /// any channel that is not the viewer's.
    pub(crate) async fn authorize_all(
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
            place(&mut grants, indices, answers, kind)?;
        }
        Ok(grants)
    }

    /// The protocol's kinds that no feature registered (empty when the server is complete).
    #[cfg(test)]
    pub(crate) fn unregistered(&self) -> Vec<ChannelKind> {
        ChannelKind::ALL
            .into_iter()
            .filter(|kind| !self.by_kind.contains_key(kind))
            .collect()
    }
}

/// Puts a kind's feature's `answers` to the asks at `indices` in their places in `all`; a
/// feature that answered another number of asks than it was given is an error, not a guess.
fn place<T>(
    all: &mut [T],
    indices: Vec<usize>,
    answers: Vec<T>,
    kind: ChannelKind,
) -> sqlx::Result<()> {
    if answers.len() != indices.len() {
        return Err(sqlx::Error::Protocol(format!(
            "{} answers from the {kind} channels' feature for {} asks",
            answers.len(),
            indices.len()
        )));
    }
    for (i, answer) in indices.into_iter().zip(answers) {
        all[i] = answer;
    }
    Ok(())
}
