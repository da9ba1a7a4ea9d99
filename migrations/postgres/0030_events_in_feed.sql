-- The events that are also in the feed (a blog's posts), by channel: the prune's trim by
-- count leaves out every channel with one (store/prune.rs, `OVER_COUNT`: they go by age
-- only), and without this index its `NOT EXISTS` read each candidate channel's every event
-- to find none, 1-4 s a page of 200 channels in a 30-minute soak (loadtest/RESULTS.md §20).
-- Only post events are in it, so a chat message writes no entry here.
CREATE INDEX events_in_feed ON events (channel) WHERE feed_seq IS NOT NULL;
