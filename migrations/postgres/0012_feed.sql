-- The feed: one order over the post events of every blog (`posts:{blog}`), so a dashboard,
-- which reads the posts of many blogs, can resume from one position. Positions are taken from
-- the `channel_seqs` row named 'feed', under its lock, so they commit in order.
ALTER TABLE events ADD COLUMN feed_seq BIGINT;
CREATE UNIQUE INDEX events_feed ON events (feed_seq) WHERE feed_seq IS NOT NULL;
