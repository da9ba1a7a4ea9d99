//! Replays: what a subscription missed, read from the event log one batch at a time
//! ([`Subscriptions::replay_step`]), on resume, on a gap, and when the bus may have missed
//! events ([`Subscriptions::resync`]).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use dashwire_protocol::{Event, EventFrame, ServerFrame};

use super::by_key::ByKey;
use super::frames::{ack, internal, too_old};
use super::state::{Gone, Group, Outlet, Replay, Subscription, Subscriptions};
use crate::realtime::Realtime;
use crate::realtime::metrics::ReplayReason;
use crate::realtime::routing::delivery::Outbound;
use crate::store::log::{ChannelState, FEED};

/// Where a subscribe with `since` starts, given what the log knows of its channel (or of the
/// feed, for a group).
pub(super) enum Start {
    /// `since` is older than the log keeps: live from the latest, after a `resume_too_old`.
    TooOld(i64),
    /// Replay from `since`, then ack.
    Replay { since: i64, up_to: i64 },
    /// Live from the latest, acked at once.
    Live(i64),
}

pub(super) fn start(since: Option<i64>, state: ChannelState) -> Start {
    match since {
        Some(since) if since < state.pruned_through => Start::TooOld(state.seq),
        Some(since) if since < state.seq => Start::Replay {
            since,
            up_to: state.seq,
        },
        _ => Start::Live(state.seq),
    }
}

impl Subscriptions {
    /// The bus may have missed events of `topic` (it just (re)subscribed), or of the feed for
    /// a group's topic: read the log for anything after what the client has.
    pub(crate) async fn resync(&mut self, rt: &Realtime, topic: &Arc<str>) {
        let (read, last) = if let Some(sub) = self.topics.get(topic) {
            (&**topic, sub.last)
        } else if let Some(group) = self.groups.get(topic) {
            (FEED, group.last)
        } else {
            return;
        };
        let state = rt.reads().channel_state(read).await;
        let latest = match state {
            Ok(state) => state.seq,
            Err(err) => {
                // The database is busy or away (a node's every socket resyncs after a bus
                // gap): asked again a little later rather than given up, since a channel that
                // stays quiet would bring no later event to show the gap.
                tracing::warn!(error = %err, %topic, "resync failed; trying again shortly");
                self.resync_later(topic.clone());
                return;
            }
        };
        if latest <= last {
            return;
        }
        let replay = match self.topics.get_mut(topic) {
            Some(sub) => &mut sub.replay,
            None => match self.groups.get_mut(topic) {
                Some(group) => &mut group.replay,
                None => return,
            },
        };
        match replay {
            Some(replay) => replay.up_to = replay.up_to.max(latest),
            None => {
                *replay = Some(Replay::new(latest, None, ReplayReason::Resync));
                self.replays.push_back(topic.clone());
            }
        }
    }

    /// Queues another resync of `topic` to this socket after a second or three (spread, so
    /// that the sockets of a node do not all ask again at once).
    fn resync_later(&self, topic: Arc<str>) {
        let queue = self.socket.queue.clone();
        let wait = Duration::from_millis(1000 + rand::random::<u64>() % 2000);
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            // A full queue means the socket is being cut off as a slow consumer: it resumes.
            let _ = queue.try_send(Outbound::Resync(topic));
        });
    }

    /// Runs one batch of the oldest waiting replay; one with more to read waits behind the
    /// others' next batch. Ends the replay (and sends its ack) when it has caught up.
    pub(crate) async fn replay_step(
        &mut self,
        rt: &Realtime,
        out: &mut impl Outlet,
    ) -> Result<(), Gone> {
        let Some(key) = self.replays.pop_front() else {
            return Ok(());
        };
        self.replay_batch(rt, key, out).await
    }

    /// Starts the replay a subscribe just set up for `key`: its first batch, which for a
    /// resume is nearly always all of it, so the subscribe is acked as it is answered rather
    /// than after the socket's other replays' next batches.
    pub(super) async fn start_replay(
        &mut self,
        rt: &Realtime,
        key: Arc<str>,
        out: &mut impl Outlet,
    ) -> Result<(), Gone> {
        self.replay_batch(rt, key, out).await
    }

    /// One batch of `key`'s replay; a replay with more to read goes to the back of the line.
    async fn replay_batch(
        &mut self,
        rt: &Realtime,
        key: Arc<str>,
        out: &mut impl Outlet,
    ) -> Result<(), Gone> {
        let reads = rt.reads();
        if self.missed_more_than_the_log_keeps(rt, &key).await {
            return self.too_old_to_replay(out, &key).await;
        }
        let (channel, last, replay, read) = if let Some(sub) = self.topics.get_mut(&key) {
            let Some(replay) = &mut sub.replay else {
                return Ok(());
            };
            let read = reads
                .events_between(&key, sub.last, replay.up_to, self.batch)
                .await;
            (
                sub.own_channel.as_deref().unwrap_or(&key),
                &mut sub.last,
                replay,
                read,
            )
        } else if let Some(group) = self.groups.get_mut(&key) {
            let Some(replay) = &mut group.replay else {
                return Ok(());
            };
            let members: Vec<Arc<str>> = group.members.iter().cloned().collect();
            let read = reads
                .feed_events_of(members, group.last, replay.up_to, self.batch)
                .await;
            (group.channel.as_str(), &mut group.last, replay, read)
        } else {
            return Ok(());
        };
        let events = match read {
            Ok(events) => events,
            Err(err) => {
                // Live again from where the client is: the next event that skips a seq starts
                // another replay, and the client can resubscribe with `since` meanwhile.
                tracing::warn!(error = %err, topic = %key, "replay failed");
                let raw = replay.ack.take().unwrap_or_else(|| channel.to_owned());
                clear_replay(&mut self.topics, &mut self.groups, &key);
                return internal(out, &raw, err).await;
            }
        };
        let full = events.len() as i64 == self.batch;
        for (seq, event) in events {
            send_replayed(out, channel, seq, event).await?;
            *last = seq;
            replay.sent += 1;
            rt.metrics().events_replayed.inc();
        }
        if full && *last < replay.up_to {
            self.replays.push_back(key);
            return Ok(());
        }
        // Caught up. Seqs the log no longer has (pruned), and feed positions of blogs the
        // group does not read, are skipped rather than read again.
        rt.metrics().record_replay(replay.reason, replay.sent);
        *last = (*last).max(replay.up_to);
        let owed = replay.ack.take();
        let caught_up = *last;
        clear_replay(&mut self.topics, &mut self.groups, &key);
        match owed {
            Some(raw) => ack(out, raw, caught_up).await,
            None => Ok(()),
        }
    }
}

impl Subscriptions {
    /// Whether the replay of `key` that is about to start (a gap's, or a resync's after the
    /// bus lost events) reaches back before what the log keeps: its channel (or the feed, for
    /// a group) was pruned past what the client has, by age or by count. A resume was checked
    /// when it subscribed; these were not, and reading the log from there would skip the
    /// pruned events silently.
    async fn missed_more_than_the_log_keeps(&self, rt: &Realtime, key: &Arc<str>) -> bool {
        let (read, last, replay) = if let Some(sub) = self.topics.get(key) {
            (&**key, sub.last, sub.replay.as_deref())
        } else if let Some(group) = self.groups.get(key) {
            (FEED, group.last, group.replay.as_deref())
        } else {
            return false;
        };
        let starting = replay.is_some_and(|r| r.sent == 0 && r.reason != ReplayReason::Resume);
        if !starting {
            return false;
        }
        match rt.reads().channel_state(read).await {
            Ok(state) => last < state.pruned_through,
            // The replay itself will fail and say so.
            Err(_) => false,
        }
    }

    /// Tells the client that `key` missed more than the log keeps (as a resume from there is
    /// told: reload), and goes on live from the latest seq the replay was to reach.
    async fn too_old_to_replay(
        &mut self,
        out: &mut impl Outlet,
        key: &Arc<str>,
    ) -> Result<(), Gone> {
        let (channel, last, replay) = if let Some(sub) = self.topics.get_mut(key) {
            let channel = sub.own_channel.as_deref().unwrap_or(key).to_owned();
            (channel, &mut sub.last, sub.replay.take())
        } else if let Some(group) = self.groups.get_mut(key) {
            (group.channel.clone(), &mut group.last, group.replay.take())
        } else {
            return Ok(());
        };
        let Some(replay) = replay else {
            return Ok(());
        };
        let since = *last;
        *last = (*last).max(replay.up_to);
        too_old(out, &channel, Some(since)).await
    }
}

/// Ends the replay of a topic or group (it caught up, or failed).
fn clear_replay(
    topics: &mut ByKey<Subscription>,
    groups: &mut HashMap<Arc<str>, Group>,
    key: &Arc<str>,
) {
    if let Some(sub) = topics.get_mut(key) {
        sub.replay = None;
    } else if let Some(group) = groups.get_mut(key) {
        group.replay = None;
    }
}

async fn send_replayed(
    out: &mut impl Outlet,
    channel: &str,
    seq: i64,
    event: Event,
) -> Result<(), Gone> {
    let frame = ServerFrame::Event(EventFrame {
        channel: channel.to_owned(),
        seq,
        event,
    });
    out.send_frame(&frame).await
}
