//! Unread counts: how many conversations and notifications each of a user's blogs has not
//! read. One module counts them for everyone: the `unread` channel (each user's own), the
//! event every change that moves a count records, and the counts the user model answers.
//! The count's statement is in `counts.rs`, once per dialect; the event is read in the store's
//! transaction on either database as it commits (`at_commit.rs`), or on the SQLite writer
//! thread through rusqlite for a change that runs there (`sqlite.rs`), whose writes never
//! overlap.

mod at_commit;
mod counts;
pub(crate) mod sqlite;

use dashwire_protocol::{Channel, ChannelKind, Event};
use futures_util::future::BoxFuture;

use crate::realtime::{ChannelAuthority, CurrentState, Grant, StateNow};
use crate::store::{Store, Topic};
use counts::{counts_and_seqs, counts_of, distinct, without_seqs};

pub(crate) use at_commit::{record_counts, record_counts_of_each};
pub use counts::unread_counts;

/// Who may read `unread`: anyone logged in, each their own; and what a replay there sends.
pub struct UnreadChannel {
    pub store: Store,
}

/// The user whose `unread` topic has this key.
fn user_of(key: &str) -> Option<i64> {
    let user_id: i64 = key.rsplit_once(':')?.1.parse().ok()?;
    (*Topic::personal(Channel::Unread, user_id).key() == *key).then_some(user_id)
}

impl CurrentState for UnreadChannel {
    fn read<'a>(&'a self, topics: &'a [String]) -> BoxFuture<'a, sqlx::Result<Vec<StateNow>>> {
        Box::pin(async move {
            let asked: Vec<Option<i64>> = topics.iter().map(|key| user_of(key)).collect();
            let users = distinct(&asked.iter().flatten().copied().collect::<Vec<_>>());
            if users.is_empty() {
                return Ok(vec![None; topics.len()]);
            }
            let rows = counts_and_seqs(&self.store, &users).await?;
            let seq_of = |user_id: i64| {
                rows.iter()
                    .find(|r| r.counts.user_id == user_id)
                    .and_then(|r| r.seq)
            };
            let counts = without_seqs(&rows);
            Ok(asked
                .into_iter()
                .map(|user_id| {
                    let user_id = user_id?;
                    Some((seq_of(user_id)?, Event::Unread(counts_of(user_id, &counts))))
                })
                .collect())
        })
    }
}

impl ChannelAuthority for UnreadChannel {
    fn kinds(&self) -> &'static [ChannelKind] {
        &[ChannelKind::Unread]
    }

    fn authorize<'a>(
        &'a self,
        viewer: Option<i64>,
        channel: &'a Channel,
    ) -> BoxFuture<'a, sqlx::Result<Option<Grant>>> {
        let topic = match (channel, viewer) {
            (Channel::Unread, Some(user_id)) => {
                Some(Grant::Topic(Topic::personal(Channel::Unread, user_id)))
            }
            _ => None,
        };
        Box::pin(std::future::ready(Ok(topic)))
    }

    fn current_state(&self) -> Option<&dyn CurrentState> {
        Some(self)
    }
}
