-- The log keeps no row of a user's unread counts any more: a replay on `unread` sends the
-- counts as they are now, read by the unread feature (store/log/mod.rs, `READ_AS_IT_IS_NOW`;
-- src/unread/mod.rs). The rows the builds before kept go. The channels' seqs stay in
-- channel_seqs, where the next change takes the one after, and their `pruned_through` no
-- longer sends anyone to reload (realtime/subscriptions/reads.rs, `channel_state`).
DELETE FROM event_states WHERE channel LIKE 'unread:%';
