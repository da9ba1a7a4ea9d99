-- A blog's queue in the order its posts joined it (posts::store::to_back_of_queue): the
-- publisher sends the first queued post out, and the queue page lists them so. Ordering by
-- id put a draft queued today ahead of every post queued since the draft was written.
ALTER TABLE posts ADD COLUMN queue_position BIGINT;
-- The posts waiting today keep the order they had.
UPDATE posts SET queue_position = id
    WHERE state IN ('queued', 'scheduled') OR pending_state IN ('queued', 'scheduled');
CREATE INDEX posts_queue ON posts (blog_id, queue_position, id) WHERE state IN ('queued', 'scheduled');
