-- Asks (issue 11): a question is a note post on the asked blog, waiting in its inbox
-- (state unapproved) until answered. The blog that asked, for its `answer` notification;
-- NULL for an anonymous question.
ALTER TABLE posts ADD COLUMN asked_by_blog_id BIGINT REFERENCES blogs(id) ON DELETE SET NULL;
