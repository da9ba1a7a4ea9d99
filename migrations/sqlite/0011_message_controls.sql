-- The message controls (spec 002 "Message-controls popover"): Delete and Flag.

-- Delete clears a conversation for one of its blogs only: the messages up to this time are
-- hidden from that blog, and the conversation leaves its inbox until a new message comes.
ALTER TABLE conversation_participants ADD COLUMN cleared_ms BIGINT NOT NULL DEFAULT 0;

-- Flag reports the other blogs of a conversation to the moderators.
CREATE TABLE conversation_flags (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id  BIGINT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    reporter_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    reported_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    created_at       BIGINT NOT NULL
);
CREATE INDEX conversation_flags_reported ON conversation_flags (reported_blog_id, id);
