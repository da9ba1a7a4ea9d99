-- Log compaction (store/log.rs): an event that carries the whole state of something (a
-- conversation's entry in an inbox, a read mark, the unread counts, a note count; protocol's
-- `Event::state_key`) replaces the channel's earlier event of the same key instead of adding
-- a row, so a chat message leaves one event row (its own), not five. Events that stand alone
-- have no key and are all kept, as before. Rows written before this have no key either: they
-- go with the prune, by age.
ALTER TABLE events ADD COLUMN state_key TEXT;
CREATE UNIQUE INDEX events_state_key ON events (channel, state_key) WHERE state_key IS NOT NULL;
