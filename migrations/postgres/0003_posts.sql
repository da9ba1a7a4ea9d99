-- Posts of every type (spec 001 §3), their tags, reblogs and publishing.
-- The foundation's posts table had only what blog counts need; this fills it out.

-- When the post became published (NULL until then): pages list posts newest published
-- first, so a queued post lands on top when it goes out, not where it was written.
ALTER TABLE posts ADD COLUMN published_at BIGINT;
-- When a scheduled post goes out (unix seconds).
ALTER TABLE posts ADD COLUMN publish_on BIGINT;
ALTER TABLE posts ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN slug TEXT NOT NULL DEFAULT '';
ALTER TABLE posts ADD COLUMN source_url TEXT NOT NULL DEFAULT '';
-- rich, html or markdown: the editor the post was written in.
ALTER TABLE posts ADD COLUMN editor_type TEXT NOT NULL DEFAULT 'rich';
ALTER TABLE posts ADD COLUMN allow_answers BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE posts ADD COLUMN allow_photo_replies BOOLEAN NOT NULL DEFAULT FALSE;
-- JSON: the type's fields, HTML already sanitised, ready to render.
ALTER TABLE posts ADD COLUMN content TEXT NOT NULL DEFAULT '{}';
-- JSON: what the author wrote (markdown or HTML), for editing.
ALTER TABLE posts ADD COLUMN source TEXT NOT NULL DEFAULT '{}';
-- A reblog's own addition (sanitised HTML); its content is the reblogged post's, minus the
-- text the trail shows.
ALTER TABLE posts ADD COLUMN comment TEXT NOT NULL DEFAULT '';
-- A reblog names the post it reblogged and the chain's first post, and keeps the trail
-- (each earlier contribution, as it was when reblogged) as JSON.
ALTER TABLE posts ADD COLUMN reblog_key TEXT NOT NULL DEFAULT '';
ALTER TABLE posts ADD COLUMN parent_post_id BIGINT REFERENCES posts(id) ON DELETE SET NULL;
ALTER TABLE posts ADD COLUMN root_post_id BIGINT;
ALTER TABLE posts ADD COLUMN trail TEXT NOT NULL DEFAULT '[]';

-- The dashboard and blog pages read published posts newest first.
CREATE INDEX posts_published ON posts (published_at, id) WHERE state = 'published';
CREATE INDEX posts_blog_published ON posts (blog_id, published_at, id) WHERE state = 'published';
-- Drafts, queue and processing pages read one blog's posts in one state, oldest first.
CREATE INDEX posts_blog_state_id ON posts (blog_id, state, id);
-- The publisher claims what is due.
CREATE INDEX posts_due ON posts (publish_on) WHERE state = 'scheduled';

-- A post's tags in order; `tag_key` is the lowercased tag, for suggestions and listings.
CREATE TABLE post_tags (
    post_id  BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    tag      TEXT   NOT NULL,
    tag_key  TEXT   NOT NULL,
    PRIMARY KEY (post_id, position)
);
CREATE INDEX post_tags_key ON post_tags (tag_key);

-- The queue publishes each blog's oldest queued post when its next slot comes.
ALTER TABLE blogs ADD COLUMN queue_per_day BIGINT NOT NULL DEFAULT 4;
ALTER TABLE blogs ADD COLUMN queue_next_at BIGINT;
CREATE INDEX blogs_queue_next ON blogs (queue_next_at) WHERE queue_next_at IS NOT NULL;

-- The composer's rich-text tutorial, shown once.
ALTER TABLE users ADD COLUMN seen_rte BOOLEAN NOT NULL DEFAULT FALSE;
