//! A group subscription (the dashboard): one channel over the feed events of many member
//! topics. It joins its members in the registry, replays by feed position, and follows its
//! members when the feature's answer changes ([`Subscriptions::refresh`]).

use std::collections::HashSet;
use std::sync::Arc;

use dashwire_protocol::ErrorCode;

use super::frames::{ack, error, internal, too_old};
use super::replay::{Start, start};
use super::state::Replay;
use super::state::{Gone, Group, GroupAsked, Outlet, Subscriptions};
use crate::realtime::Realtime;
use crate::realtime::channels::Grant;
use crate::realtime::metrics::ReplayReason;
use crate::realtime::routing::registry::TopicKind;
use crate::store::Topic;
use crate::store::log::FEED;

impl Subscriptions {
    pub(super) async fn subscribe_group(
        &mut self,
        rt: &Realtime,
        asked: GroupAsked,
        since: Option<i64>,
        out: &mut impl Outlet,
    ) -> Result<(), Gone> {
        let GroupAsked {
            raw,
            asked,
            topic,
            members,
        } = asked;
        let key = topic.key();
        if let Some(group) = self.groups.get_mut(&key) {
            return match &mut group.replay {
                None => ack(out, raw, group.last).await,
                Some(replay) => {
                    replay.ack = Some(raw);
                    Ok(())
                }
            };
        }
        // Registered under every member before reading the feed's position, as for a topic.
        let key = rt.subscribe(&key, TopicKind::Group, self.socket.clone());
        let members = self.join_members(rt, &members);
        let mut group = Group {
            channel: topic.channel().to_string(),
            asked,
            members,
            last: 0,
            replay: None,
        };
        let state = match rt.reads().channel_state(FEED).await {
            Ok(state) => state,
            Err(err) => {
                self.leave_group(rt, &key, group);
                return internal(out, &raw, err).await;
            }
        };
        rt.registry().seen_feed(state.seq);
        match start(since, state) {
            Start::TooOld(latest) => {
                group.last = latest;
                self.groups.insert(key, group);
                too_old(out, &raw, since).await?;
                ack(out, raw, latest).await
            }
            Start::Replay { since, up_to } => {
                group.last = since;
                group.replay = Some(Replay::new(up_to, Some(raw), ReplayReason::Resume));
                self.groups.insert(key.clone(), group);
                self.start_replay(rt, key, out).await
            }
            Start::Live(latest) => {
                group.last = latest;
                self.groups.insert(key, group);
                ack(out, raw, latest).await
            }
        }
    }

    /// Registers the socket under each member topic it does not have yet; answers the keys.
    fn join_members(&self, rt: &Realtime, members: &[Topic]) -> HashSet<Arc<str>> {
        members
            .iter()
            .map(|member| self.join(rt, &member.key(), TopicKind::Feed))
            .collect()
    }

    /// Lets go of a group that is no longer in `self.groups`.
    pub(super) fn leave_group(&mut self, rt: &Realtime, key: &Arc<str>, group: Group) {
        self.replays.retain(|k| k != key);
        for member in &group.members {
            self.part(rt, member);
        }
        rt.unsubscribe(key, self.socket.id);
    }

    /// A group's members may have changed: asks the feature again, follows the new members
    /// (and lets go of the old), then reads from the log what the client missed of the new
    /// ones. A group the viewer may no longer read ends with an error frame.
    pub(crate) async fn refresh(
        &mut self,
        rt: &Realtime,
        key: &Arc<str>,
        out: &mut impl Outlet,
    ) -> Result<(), Gone> {
        let Some(asked) = self.groups.get(key).map(|g| g.asked.clone()) else {
            return Ok(());
        };
        let members = match rt.reads().authorize(self.viewer, asked).await {
            Ok(Some(Grant::Group { members, .. })) => members,
            Ok(_) => {
                if let Some(group) = self.groups.remove(key) {
                    let channel = group.channel.clone();
                    self.leave_group(rt, key, group);
                    let message = format!("You can't subscribe to {channel} any more.");
                    return error(out, Some(&channel), ErrorCode::Forbidden, message).await;
                }
                return Ok(());
            }
            Err(err) => {
                tracing::warn!(error = %err, group = %key, "refreshing a group failed");
                return Ok(());
            }
        };
        let wanted: HashSet<Arc<str>> = members.iter().map(Topic::key).collect();
        let Some(mut group) = self.groups.remove(key) else {
            return Ok(());
        };
        let gone: Vec<Arc<str>> = group
            .members
            .iter()
            .filter(|m| !wanted.contains(*m))
            .cloned()
            .collect();
        group.members.retain(|m| wanted.contains(m));
        for member in &gone {
            self.part(rt, member);
        }
        let new: Vec<Arc<str>> = wanted
            .into_iter()
            .filter(|m| !group.members.contains(m))
            .collect();
        for member in new {
            let member = self.join(rt, &member, TopicKind::Feed);
            group.members.insert(member);
        }
        self.groups.insert(key.clone(), group);
        self.resync(rt, key).await;
        Ok(())
    }
}
