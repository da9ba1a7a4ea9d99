-- A report outlives the post it is about: a post deleted by its writer (or taken down) used
-- to take its reports with it, open and resolved, so deleting what was flagged erased the
-- flag. post_id loses its foreign key (it may name a post that is gone), and the report keeps
-- the post's summary as it was flagged, to show once the post is gone. SQLite cannot drop a
-- column's foreign key, so the table is built again; nothing refers to reports.
CREATE TABLE reports_new (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    reporter_user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    reporter_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    reported_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    -- The post reported, if one was (no foreign key: the report outlives it).
    post_id          BIGINT,
    -- Its summary when it was flagged, shown once it is gone.
    post_summary     TEXT NOT NULL DEFAULT '',
    conversation_id  BIGINT REFERENCES conversations(id) ON DELETE CASCADE,
    reason           TEXT NOT NULL,
    note             TEXT NOT NULL DEFAULT '',
    created_at       BIGINT NOT NULL,
    resolved_at      BIGINT,
    resolved_by      BIGINT REFERENCES users(id) ON DELETE SET NULL,
    resolution       TEXT
);
INSERT INTO reports_new (id, reporter_user_id, reporter_blog_id, reported_blog_id, post_id,
                         post_summary, conversation_id, reason, note, created_at, resolved_at,
                         resolved_by, resolution)
SELECT r.id, r.reporter_user_id, r.reporter_blog_id, r.reported_blog_id, r.post_id,
       COALESCE(p.summary, ''), r.conversation_id, r.reason, r.note, r.created_at,
       r.resolved_at, r.resolved_by, r.resolution
FROM reports r LEFT JOIN posts p ON p.id = r.post_id;
-- Ids go on from where they were, not from the highest left.
DELETE FROM sqlite_sequence WHERE name = 'reports_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'reports_new', seq FROM sqlite_sequence WHERE name = 'reports';
DROP TABLE reports;
ALTER TABLE reports_new RENAME TO reports;
-- The moderators' queue (open ones, oldest first) and each reporter's last hour.
CREATE INDEX reports_open ON reports (resolved_at, id);
CREATE INDEX reports_by_reporter ON reports (reporter_user_id, created_at);
