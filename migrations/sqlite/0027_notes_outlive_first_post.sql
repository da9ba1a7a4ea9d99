-- A reblog's note outlives the first post of its chain: deleting that post kept the reblogs
-- but took their notes (notes.post_id ON DELETE CASCADE), so the chain's count fell for
-- reblogs still there. Such a note now keeps no post (post_id NULL) and stays in its chain;
-- posts::store::delete_post decides which notes stay. SQLite cannot drop NOT NULL, so the
-- table is built again; nothing refers to notes.
CREATE TABLE notes_new (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The chain's first post (no foreign key: a chain outlives a deleted first post).
    root_id        BIGINT NOT NULL,
    -- The post liked, reblogged or replied to; NULL for a reblog's note once the first post
    -- it reblogged is deleted.
    post_id        BIGINT REFERENCES posts(id) ON DELETE CASCADE,
    -- like, reblog or reply.
    type           TEXT   NOT NULL,
    -- Who: the blog the user acted as, and the user.
    blog_id        BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    user_id        BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- A reblog note's reblog.
    reblog_post_id BIGINT REFERENCES posts(id) ON DELETE CASCADE,
    -- A reply note's text (plain text).
    reply_text     TEXT   NOT NULL DEFAULT '',
    created_at     BIGINT NOT NULL,
    -- What a reblog added: its words (plain text) and its tags (a JSON list).
    added_text     TEXT NOT NULL DEFAULT '',
    added_tags     TEXT NOT NULL DEFAULT '[]'
);
INSERT INTO notes_new (id, root_id, post_id, type, blog_id, user_id, reblog_post_id,
                       reply_text, created_at, added_text, added_tags)
SELECT id, root_id, post_id, type, blog_id, user_id, reblog_post_id, reply_text, created_at,
       added_text, added_tags
FROM notes;
-- Ids go on from where they were, not from the highest left.
DELETE FROM sqlite_sequence WHERE name = 'notes_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'notes_new', seq FROM sqlite_sequence WHERE name = 'notes';
DROP TABLE notes;
ALTER TABLE notes_new RENAME TO notes;
CREATE INDEX notes_root ON notes (root_id, id);
-- One like per user and post, one note per reblog.
CREATE UNIQUE INDEX notes_like ON notes (post_id, user_id) WHERE type = 'like';
CREATE UNIQUE INDEX notes_reblog ON notes (reblog_post_id) WHERE reblog_post_id IS NOT NULL;
