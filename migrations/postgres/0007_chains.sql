-- A reblog chain's note count lives in a row of its own, keyed by the chain's first post,
-- and not on that post: deleting the first post leaves its reblogs, and the notes they
-- carry, with their count. Adding a note takes this row's lock, so counts written at once
-- on PostgreSQL cannot overwrite each other.
CREATE TABLE chains (
    root_id    BIGINT PRIMARY KEY,
    note_count BIGINT NOT NULL DEFAULT 0
);
INSERT INTO chains (root_id, note_count) SELECT id, note_count FROM posts WHERE note_count <> 0;
ALTER TABLE posts DROP COLUMN note_count;
