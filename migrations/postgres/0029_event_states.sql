-- Log compaction (store/log.rs): an event that carries the whole state of something (a
-- conversation's entry in an inbox, a read mark, the unread counts, a note count; protocol's
-- `Event::state_key`) is kept here, one row per channel and key, which each newer event of
-- that state overwrites, so a chat message adds one event row (its own, in `events`) rather
-- than five. A replay reads both tables in seq order. Events of these kinds written before
-- this stay in `events` and go with the prune, by age.
--
-- Only the key is indexed, and an overwrite never changes it: with room left in each page
-- (fillfactor), PostgreSQL updates a row in place (a HOT update), with no index entry to add
-- and nothing for the vacuum but the page's own old versions.
CREATE TABLE event_states (
    channel    TEXT   NOT NULL,
    state_key  TEXT   NOT NULL,
    seq        BIGINT NOT NULL,
    payload    TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (channel, state_key)
) WITH (fillfactor = 50);
