//! What a record writes, whatever runs its SQL: the events in the order their channels are
//! locked, the seqs and feed positions each channel takes, and which events get a row; with
//! the statements both drivers share.

use dashwire_protocol::{ChannelKind, Event};

use crate::store::{Topic, now_secs};

/// Bumps (or starts) the sequence of each channel listed after it (one `($1, n)` row per
/// channel, `n` being how many seqs it takes) and returns `(channel, seq)`, the last one
/// taken. The upsert locks each channel's row until commit, so one channel's events commit in
/// sequence order; [`record`] lists channels sorted, with the feed last, so that concurrent
/// transactions lock them in one order.
pub(in crate::store) const NEXT_SEQS: &str = "INSERT INTO channel_seqs (channel, seq) ";
/// What follows the rows of [`NEXT_SEQS`].
pub(in crate::store) const NEXT_SEQS_TAIL: &str = " ON CONFLICT (channel) DO UPDATE SET seq = channel_seqs.seq + excluded.seq \
     RETURNING channel, seq";
/// Writes events that stand alone; one `(channel, seq, feed_seq, payload, created_at)` row
/// each follows it.
pub(super) const INSERT_EVENTS: &str =
    "INSERT INTO events (channel, seq, feed_seq, payload, created_at) ";
/// Writes the newest event of each state; one `(channel, state_key, seq, payload,
/// created_at)` row each follows it, then [`REPLACE_STATE`].
pub(super) const UPSERT_STATES: &str =
    "INSERT INTO event_states (channel, state_key, seq, payload, created_at) ";
/// [`REPLACE_STATE`]'s text, for the statements that end with it.
macro_rules! replace_state {
    () => {
        " ON CONFLICT (channel, state_key) DO UPDATE \
         SET seq = excluded.seq, payload = excluded.payload, created_at = excluded.created_at"
    };
}
/// Log compaction: an event with a state key (protocol's `Event::state_key`: it carries the
/// whole state of something, as an inbox's entry for a conversation does)
/// is kept in `event_states`, one row per channel and key, which each newer event of that
/// state overwrites; every other event is a row of `events`. The log so keeps the newest of
/// each state ([`Store::events_between`] reads both, in seq order): a replay on such a
/// channel skips the superseded seqs and loses nothing a reader needs, and a chat message,
/// whose inbox events are states (and whose unread events get no row,
/// [`READ_AS_IT_IS_NOW`]), adds one row to the log rather than five (RESULTS §18).
///
/// Why a table of their own rather than a key on `events`: an overwrite there changes the
/// row's seq, which `events`' primary key indexes, so PostgreSQL writes a new row version and
/// an entry in each index, and cleans up the old one later; that cost more CPU per message
/// than the inserts it replaced. `event_states` indexes only (channel, state_key), which an
/// overwrite never changes, so PostgreSQL updates the row in its own page (a HOT update, the
/// table's fillfactor leaving the room) and touches no index.
pub(super) const REPLACE_STATE: &str = replace_state!();
pub(in crate::store) use replace_state;

/// The kinds whose every event is the whole of the channel's one state (a user's unread
/// counts): their events take their seqs, in order and under the channel's lock like any
/// channel's, and are published, but the log writes no row of them. A replay on such a channel
/// sends one event, the state as it is now, which the kind's feature reads
/// (`ChannelAuthority::current_state` in `realtime/channels/mod.rs`, whose
/// `register` checks that each of these kinds has one): it is at least as new as anything the
/// log would have kept, so keeping it there only cost a write on every change that moved it
/// (two upserts a chat message, RESULTS §24).
pub(crate) const READ_AS_IT_IS_NOW: &[ChannelKind] = &[ChannelKind::Unread];

/// The kind of the channel a topic's key names (`unread:7` is `unread`'s).
pub(crate) fn kind_of_key(key: &str) -> Option<ChannelKind> {
    ChannelKind::parse(key.split(':').next().unwrap_or(key))
}

/// Whether the log keeps no row of the events of the topic with this key
/// ([`READ_AS_IT_IS_NOW`]).
pub(crate) fn is_read_as_it_is_now(key: &str) -> bool {
    kind_of_key(key).is_some_and(|kind| READ_AS_IT_IS_NOW.contains(&kind))
}

/// The feed's row in `channel_seqs`: its positions are taken like a channel's seqs, under the
/// row's lock, so feed positions commit in order on PostgreSQL too (a transaction that takes
/// one waits for the one before it to commit). No channel is written this way.
pub const FEED: &str = "feed";

/// An event written to the log, to publish once its transaction has committed.
#[derive(Debug, Clone, PartialEq)]
pub struct Published {
    pub topic: Topic,
    pub seq: i64,
    /// Its position in the feed, for an event of a topic in the feed.
    pub feed_seq: Option<i64>,
    pub event: Event,
}

/// The events of a record of one change.
pub(in crate::store) fn one_group(mut groups: Vec<Vec<Published>>) -> Vec<Published> {
    groups.pop().unwrap_or_default()
}

/// For each event, whether no later one of the record has its channel (`keys`) and state key:
/// the newest of each state, and every event without one.
fn newest_of_each_state(keys: &[String], state_keys: &[Option<String>]) -> Vec<bool> {
    let mut seen = std::collections::HashSet::new();
    let mut written: Vec<bool> = keys
        .iter()
        .zip(state_keys)
        .rev()
        .map(|(key, state)| state.as_ref().is_none_or(|state| seen.insert((key, state))))
        .collect();
    written.reverse();
    written
}

/// How many seqs each channel takes, for `keys` in topic order (a channel's adjacent, one
/// seq each), and the feed last for the `in_feed` of them in the feed.
fn channel_takes(keys: &[String], in_feed: i64) -> impl Iterator<Item = (&str, i64)> {
    keys.chunk_by(|a, b| a == b)
        .map(|run| (run[0].as_str(), run.len() as i64))
        .chain((in_feed > 0).then_some((FEED, in_feed)))
}

/// What a record of one event for each of `topics` takes ([`Recording::takes`]), before the
/// events are known: the channels in topic order, the feed last.
pub(in crate::store) fn takes_of(mut topics: Vec<Topic>) -> Vec<(String, i64)> {
    topics.sort();
    let in_feed = topics.iter().filter(|topic| topic.is_in_feed()).count() as i64;
    let keys: Vec<String> = topics.iter().map(Topic::to_string).collect();
    channel_takes(&keys, in_feed)
        .map(|(key, n)| (key.to_owned(), n))
        .collect()
}

/// What a record writes, whatever runs its SQL: the events sorted by topic (so that
/// concurrent transactions lock their channels' rows in one order; a topic's own events keep
/// the order they were given in), their keys, payloads and state keys, which change (group)
/// each reports, which of them get a row, and how many feed positions they take.
pub(in crate::store) struct Recording {
    pending: Vec<(Topic, Event)>,
    groups: Vec<usize>,
    group_count: usize,
    keys: Vec<String>,
    payloads: Vec<String>,
    state_keys: Vec<Option<String>>,
    /// Whether the event gets a row: all do but one that a later event of the same record
    /// supersedes (same channel and state key), which takes its seq and is published but is
    /// never written (a statement may not write one row twice), and one of a kind the log
    /// keeps no row of ([`READ_AS_IT_IS_NOW`]).
    written: Vec<bool>,
    in_feed: i64,
}

/// One event row to insert.
pub(in crate::store) struct EventRow {
    pub(in crate::store) key: String,
    pub(in crate::store) seq: i64,
    pub(in crate::store) feed_seq: Option<i64>,
    pub(in crate::store) payload: String,
    pub(in crate::store) state_key: Option<String>,
}

/// An event row as PostgreSQL's record (`postgres.rs`) writes it, its seq and feed position still to take.
pub(super) struct PendingRow<'a> {
    pub(super) key: &'a str,
    pub(super) seq_back: i64,
    pub(super) feed_back: Option<i64>,
    pub(super) payload: &'a str,
    pub(super) state_key: Option<&'a str>,
}

impl Assigned {
    /// The rows of events that stand alone, and those of states with their keys.
    pub(super) fn split(&self) -> (Vec<&EventRow>, Vec<(&EventRow, &str)>) {
        let events = self.rows.iter().filter(|r| r.state_key.is_none()).collect();
        let states = self
            .rows
            .iter()
            .filter_map(|r| r.state_key.as_deref().map(|key| (r, key)))
            .collect();
        (events, states)
    }
}

/// The rows to insert and the events to publish once they are committed, by group.
pub(in crate::store) struct Assigned {
    pub(in crate::store) rows: Vec<EventRow>,
    pub(in crate::store) now: i64,
    pub(in crate::store) published: Vec<Vec<Published>>,
}

impl Recording {
    pub(in crate::store) fn new(groups: Vec<Vec<(Topic, Event)>>) -> sqlx::Result<Recording> {
        let group_count = groups.len();
        let mut tagged: Vec<(usize, (Topic, Event))> = groups
            .into_iter()
            .enumerate()
            .flat_map(|(group, events)| events.into_iter().map(move |event| (group, event)))
            .collect();
        // Stable: one topic's events keep their order, and so their seqs.
        tagged.sort_by(|a, b| a.1.0.cmp(&b.1.0));
        let (groups, pending): (Vec<usize>, Vec<(Topic, Event)>) = tagged.into_iter().unzip();
        let keys: Vec<String> = pending.iter().map(|(topic, _)| topic.to_string()).collect();
        let in_feed = pending
            .iter()
            .filter(|(topic, _)| topic.is_in_feed())
            .count() as i64;
        // A topic in the feed keeps every event: a group replays the feed from `events`.
        let state_keys: Vec<Option<String>> = pending
            .iter()
            .map(|(topic, event)| event.state_key().filter(|_| !topic.is_in_feed()))
            .collect();
        let mut written = newest_of_each_state(&keys, &state_keys);
        for (write, (topic, _)) in written.iter_mut().zip(&pending) {
            *write &= !READ_AS_IT_IS_NOW.contains(&topic.channel().kind());
        }
        // Only a row to write needs its payload.
        let payloads = pending
            .iter()
            .zip(&written)
            .map(|((_, event), written)| match written {
                true => serde_json::to_string(event),
                false => Ok(String::new()),
            })
            .collect::<Result<_, _>>()
            .map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        Ok(Recording {
            pending,
            groups,
            group_count,
            keys,
            payloads,
            state_keys,
            written,
            in_feed,
        })
    }

    /// Each channel's row and how many seqs it takes, the feed last.
    pub(in crate::store) fn takes(&self) -> impl Iterator<Item = (&str, i64)> {
        channel_takes(&self.keys, self.in_feed)
    }

    /// How far before its channel's last seq taken each event's is: a channel's events take
    /// its seqs in their order (they are adjacent, sorted by topic).
    fn seq_backs(&self) -> Vec<i64> {
        self.keys
            .chunk_by(|a, b| a == b)
            .flat_map(|run| (0..run.len() as i64).rev())
            .collect()
    }

    /// How far before the last feed position taken each event's is (`None` for an event
    /// outside the feed): the transaction takes `in_feed` positions and gives them out in
    /// topic order.
    fn feed_backs(&self) -> impl Iterator<Item = Option<i64>> + '_ {
        let mut given = 0;
        self.pending.iter().map(move |(topic, _)| {
            topic.is_in_feed().then(|| {
                given += 1;
                self.in_feed - given
            })
        })
    }

    /// The rows to write, as PostgreSQL's record (`postgres.rs`) writes them.
    pub(super) fn rows(&self) -> impl Iterator<Item = PendingRow<'_>> {
        self.keys
            .iter()
            .zip(self.seq_backs())
            .zip(self.feed_backs())
            .zip(&self.payloads)
            .zip(&self.state_keys)
            .zip(&self.written)
            .filter(|(_, written)| **written)
            .map(
                |(((((key, seq_back), feed_back), payload), state_key), _)| PendingRow {
                    key,
                    seq_back,
                    feed_back,
                    payload,
                    state_key: state_key.as_deref(),
                },
            )
    }

    /// The seqs (and feed positions) the upsert `assigned`, given to each event.
    pub(in crate::store) fn assign(self, assigned: &[(String, i64)]) -> sqlx::Result<Assigned> {
        let taken = |key: &str| {
            assigned
                .iter()
                .find(|(channel, _)| channel == key)
                .map(|(_, seq)| *seq)
                .ok_or(sqlx::Error::RowNotFound)
        };
        let last_feed = if self.in_feed > 0 { taken(FEED)? } else { 0 };
        let feed_backs: Vec<Option<i64>> = self.feed_backs().collect();
        let seq_backs = self.seq_backs();
        let mut rows = Vec::with_capacity(self.pending.len());
        let mut published = vec![Vec::new(); self.group_count];
        let events = self
            .pending
            .into_iter()
            .zip(self.groups)
            .zip(self.keys)
            .zip(self.payloads)
            .zip(self.state_keys.into_iter().zip(self.written))
            .zip(seq_backs.into_iter().zip(feed_backs));
        for (
            (((((topic, event), group), key), payload), (state_key, written)),
            (seq_back, feed_back),
        ) in events
        {
            let seq = taken(&key)? - seq_back;
            let feed_seq = feed_back.map(|back| last_feed - back);
            if written {
                rows.push(EventRow {
                    key,
                    seq,
                    feed_seq,
                    payload,
                    state_key,
                });
            }
            published[group].push(Published {
                topic,
                seq,
                feed_seq,
                event,
            });
        }
        Ok(Assigned {
            rows,
            now: now_secs(),
            published,
        })
    }
}
