-- A blog's queue in the order its posts joined it (posts::store::to_back_of_queue): the
-- publisher sends the first queued post out, and the queue page lists them so. Ordering by
-- id put a draft queued today ahead of every post queued since the draft was written.
ALTER TABLE posts ADD COLUMN queue_position BIGINT;
-- The last place a post of the blog took in its queue: places only grow, so a page of the
-- queue read before its posts went out still goes on to the posts queued since.
ALTER TABLE blogs ADD COLUMN queue_last_position BIGINT NOT NULL DEFAULT 0;
-- The posts waiting today keep the order they had.
UPDATE posts SET queue_position = id
    WHERE state IN ('queued', 'scheduled') OR pending_state IN ('queued', 'scheduled');
UPDATE blogs SET queue_last_position =
    COALESCE((SELECT MAX(p.queue_position) FROM posts p WHERE p.blog_id = blogs.id), 0);
CREATE INDEX posts_queue ON posts (blog_id, queue_position, id) WHERE state IN ('queued', 'scheduled');
