-- Promoted posts (spec 002 §7 /svc/promote, /svc/unpromote): a blog pins one of its posts at
-- the top of its listing for one of the post's tags; one post a tag and blog, a new one
-- replacing the old.
CREATE TABLE promoted_posts (
    blog_id    BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    -- The tag's key (its lowercase form), as post_tags keeps it.
    tag_key    TEXT   NOT NULL,
    post_id    BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (blog_id, tag_key)
);
