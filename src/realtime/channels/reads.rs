//! Everything a subscribe reads, each kind of read batched across the node's sockets
//! (`batched.rs`): who may read a channel, its state in the log, and the batches of a replay.

use std::sync::Arc;

use dashwire_protocol::{Channel, Event};

use super::batched::{Batched, ReadAll};
use super::{ChannelKinds, Grant};
use crate::realtime::metrics::{Metrics, SubscribeRead};
use crate::store::Store;
use crate::store::log::{self, ChannelState};

/// Workers per kind of read: one batch reads while the next fills. Four kinds (the feed's
/// replays have one), so subscribing holds at most seven of the node's connections.
const WORKERS: usize = 2;
/// Reads per batch, at most: the statement and its answer stay small (a replay's batch is up
/// to `REPLAY_BATCH` events a channel, so fewer of those).
const MAX_AUTHORIZE: usize = 256;
const MAX_STATES: usize = 512;
const MAX_REPLAYS: usize = 64;
const MAX_FEED_REPLAYS: usize = 16;

/// A topic's replay batch: `(topic, after, up_to, limit)`.
type ReplayRead = (String, i64, i64, i64);
/// A group's replay batch: `(member topics, after, up_to, limit)`, by feed position.
type FeedReplayRead = (Vec<Arc<str>>, i64, i64, i64);
/// Events read, each with its seq (or feed position).
type Events = Vec<(i64, Event)>;

/// The node's batched reads for subscribing; cheap to clone.
#[derive(Clone)]
pub(crate) struct SubscribeReads {
    authorize: Batched<(Option<i64>, Channel), Option<Grant>>,
    channel_state: Batched<String, ChannelState>,
    replay: Batched<ReplayRead, Events>,
    feed_replay: Batched<FeedReplayRead, Events>,
}

impl SubscribeReads {
    /// Starts the workers, reading through `store` and asking `kinds` who may read what.
    /// Call inside a tokio runtime.
    pub(crate) fn start(store: &Store, kinds: &ChannelKinds, metrics: &Arc<Metrics>) -> Self {
        let authorize: ReadAll<(Option<i64>, Channel), Option<Grant>> = {
            let kinds = kinds.clone();
            Arc::new(move |asks| {
                let kinds = kinds.clone();
                Box::pin(async move { kinds.authorize_all(&asks).await })
            })
        };
        let channel_state: ReadAll<String, ChannelState> = {
            let store = store.clone();
            Arc::new(move |topics| {
                let store = store.clone();
                Box::pin(async move { store.channel_states(&topics).await })
            })
        };
        let replay: ReadAll<ReplayRead, Events> = {
            let (store, kinds) = (store.clone(), kinds.clone());
            Arc::new(move |asks| {
                let (store, kinds) = (store.clone(), kinds.clone());
                Box::pin(async move { missed(&store, &kinds, &asks).await })
            })
        };
        // Each group reads its own members' events: one statement a group, one after the
        // other (few sockets hold a dashboard, and its replay is by feed position).
        let feed_replay: ReadAll<FeedReplayRead, Events> = {
            let store = store.clone();
            Arc::new(move |asks| {
                let store = store.clone();
                Box::pin(async move {
                    let mut answers = Vec::with_capacity(asks.len());
                    for (members, after, up_to, limit) in &asks {
                        answers.push(
                            store
                                .feed_events_of(members, *after, *up_to, *limit)
                                .await?,
                        );
                    }
                    Ok(answers)
                })
            })
        };
        let m = || metrics.clone();
        SubscribeReads {
            authorize: Batched::start(
                SubscribeRead::Authorize,
                WORKERS,
                MAX_AUTHORIZE,
                m(),
                authorize,
            ),
            channel_state: Batched::start(
                SubscribeRead::ChannelState,
                WORKERS,
                MAX_STATES,
                m(),
                channel_state,
            ),
            replay: Batched::start(SubscribeRead::Replay, WORKERS, MAX_REPLAYS, m(), replay),
            feed_replay: Batched::start(
                SubscribeRead::FeedReplay,
                1,
                MAX_FEED_REPLAYS,
                m(),
                feed_replay,
            ),
        }
    }

    /// What `channel` gives `viewer`, as its feature answers (`None`: not theirs).
    pub(crate) async fn authorize(
        &self,
        viewer: Option<i64>,
        channel: Channel,
    ) -> sqlx::Result<Option<Grant>> {
        self.authorize.get((viewer, channel)).await
    }

    /// A channel's (or the feed's) latest seq and how far its log was pruned. A channel the
    /// log keeps no row of is never pruned for a reader: its replay is its state as it is now,
    /// however far behind they are.
    pub(crate) async fn channel_state(&self, topic: &str) -> sqlx::Result<ChannelState> {
        let mut state = self.channel_state.get(topic.to_owned()).await?;
        if log::is_read_as_it_is_now(topic) {
            state.pruned_through = 0;
        }
        Ok(state)
    }

    /// A topic's events with `after < seq <= up_to`, in order, at most `limit`.
    pub(crate) async fn events_between(
        &self,
        topic: &str,
        after: i64,
        up_to: i64,
        limit: i64,
    ) -> sqlx::Result<Events> {
        self.replay
            .get((topic.to_owned(), after, up_to, limit))
            .await
    }

    /// The feed events of `members` with `after < feed_seq <= up_to`, in feed order, at most
    /// `limit`: a group's replay.
    pub(crate) async fn feed_events_of(
        &self,
        members: Vec<Arc<str>>,
        after: i64,
        up_to: i64,
        limit: i64,
    ) -> sqlx::Result<Events> {
        self.feed_replay.get((members, after, up_to, limit)).await
    }
}

/// What each replay read `(topic, after, up_to, limit)` missed, in the order asked: the
/// topic's events from the log, or for a channel the log keeps no row of
/// ([`log::READ_AS_IT_IS_NOW`]), its state as it is now, at the seq it is at (past `up_to`
/// when events committed since; those are in it, and the reader skips them when they come
/// live).
async fn missed(
    store: &Store,
    kinds: &ChannelKinds,
    asks: &[ReplayRead],
) -> sqlx::Result<Vec<Events>> {
    let (now, logged): (Vec<usize>, Vec<usize>) =
        (0..asks.len()).partition(|&i| log::is_read_as_it_is_now(&asks[i].0));
    let mut answers: Vec<Events> = vec![Vec::new(); asks.len()];
    if !logged.is_empty() {
        let these: Vec<ReplayRead> = logged.iter().map(|&i| asks[i].clone()).collect();
        let read = store.events_between_each(&these).await?;
        for (i, events) in logged.into_iter().zip(read) {
            answers[i] = events;
        }
    }
    if !now.is_empty() {
        let topics: Vec<String> = now.iter().map(|&i| asks[i].0.clone()).collect();
        let states = kinds.current_states(&topics).await?;
        for (i, state) in now.into_iter().zip(states) {
            let after = asks[i].1;
            answers[i] = state.into_iter().filter(|(seq, _)| *seq > after).collect();
        }
    }
    Ok(answers)
}
