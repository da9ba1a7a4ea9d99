-- Notes (spec 002 §1, §3): the likes, reblogs and replies a post gets, listed and counted
-- over its whole reblog chain, as readers see one count on every copy of a post.

-- The chain's note count, kept on its first post in the transaction that adds or removes
-- a note: pages read it for every post they show, and counting a popular chain's notes
-- on each read would cost as much as the chain is popular.
ALTER TABLE posts ADD COLUMN note_count BIGINT NOT NULL DEFAULT 0;
-- Reblogs of a post, for "did this viewer reblog it".
CREATE INDEX posts_parent ON posts (parent_post_id);
-- A chain's posts, for who may read its notes.
CREATE INDEX posts_root ON posts (root_post_id);

CREATE TABLE notes (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The chain's first post (no foreign key: a chain outlives a deleted first post).
    root_id        BIGINT NOT NULL,
    -- The post liked, reblogged or replied to.
    post_id        BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    -- like, reblog or reply.
    type           TEXT   NOT NULL,
    -- Who: the blog the user acted as, and the user.
    blog_id        BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    user_id        BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- A reblog note's reblog.
    reblog_post_id BIGINT REFERENCES posts(id) ON DELETE CASCADE,
    -- A reply note's text (plain text).
    reply_text     TEXT   NOT NULL DEFAULT '',
    created_at     BIGINT NOT NULL
);
CREATE INDEX notes_root ON notes (root_id, id);
-- One like per user and post, one note per reblog.
CREATE UNIQUE INDEX notes_like ON notes (post_id, user_id) WHERE type = 'like';
CREATE UNIQUE INDEX notes_reblog ON notes (reblog_post_id) WHERE reblog_post_id IS NOT NULL;

-- The blog a like was made as.
ALTER TABLE likes ADD COLUMN blog_id BIGINT REFERENCES blogs(id) ON DELETE CASCADE;
-- The user's likes, newest first (the /likes page).
CREATE INDEX likes_user_time ON likes (user_id, created_at);

-- A reply notification's text (note_meta.reply_text in spec 000 §3 Notification).
ALTER TABLE notifications ADD COLUMN reply_text TEXT NOT NULL DEFAULT '';
