-- Reports to the moderators: a blog, a post or a conversation flagged by someone, with why,
-- until an administrator resolves it. Replaces conversation_flags (the message controls'
-- Flag), whose rows become reports of spam.
CREATE TABLE reports (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    reporter_user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    reporter_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    reported_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    post_id          BIGINT REFERENCES posts(id) ON DELETE CASCADE,
    conversation_id  BIGINT REFERENCES conversations(id) ON DELETE CASCADE,
    reason           TEXT NOT NULL,
    note             TEXT NOT NULL DEFAULT '',
    created_at       BIGINT NOT NULL,
    resolved_at      BIGINT,
    resolved_by      BIGINT REFERENCES users(id) ON DELETE SET NULL,
    resolution       TEXT
);
-- The moderators' queue (open ones, oldest first) and each reporter's last hour.
CREATE INDEX reports_open ON reports (resolved_at, id);
CREATE INDEX reports_by_reporter ON reports (reporter_user_id, created_at);

INSERT INTO reports (reporter_user_id, reporter_blog_id, reported_blog_id, conversation_id,
                     reason, created_at)
SELECT b.user_id, f.reporter_blog_id, f.reported_blog_id, f.conversation_id, 'spam', f.created_at
FROM conversation_flags f JOIN blogs b ON b.id = f.reporter_blog_id;

DROP TABLE conversation_flags;
