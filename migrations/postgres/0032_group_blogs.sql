-- Group blogs: the blogs several users write. A member is a user, known in the group by one
-- of their own blogs (member_blog_id: the name "posted by" shows); one membership a user.
-- The table had no writer before this (every blog's member count was 0), so it starts over.
DROP TABLE blog_members;
CREATE TABLE blog_members (
    blog_id        BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    user_id        BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    member_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    role           TEXT   NOT NULL CHECK (role IN ('admin', 'member')),
    created_at     BIGINT NOT NULL,
    PRIMARY KEY (blog_id, user_id)
);
-- "Which groups is this user in" (their blog list, every write-as check).
CREATE INDEX blog_members_user ON blog_members (user_id, blog_id);
-- A member blog deleted takes its memberships with it (the cascade's lookup).
CREATE INDEX blog_members_member_blog ON blog_members (member_blog_id);

-- Invitations waiting for an answer, by the invited blog.
CREATE TABLE group_invites (
    blog_id         BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    invited_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    invited_by      BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (blog_id, invited_blog_id)
);
CREATE INDEX group_invites_invited ON group_invites (invited_blog_id);

-- Which member wrote a group's post (NULL on any other blog's).
ALTER TABLE posts ADD COLUMN posted_by_blog_id BIGINT REFERENCES blogs(id) ON DELETE SET NULL;
-- A deleted member blog's posts are found by it (the SET NULL), without a walk of every post.
CREATE INDEX posts_posted_by ON posts (posted_by_blog_id) WHERE posted_by_blog_id IS NOT NULL;
-- Whether the blog is a group: what a post's read needs to know (it joins the blog already)
-- to look up its writer and the reader's membership only for a group's posts.
ALTER TABLE blogs ADD COLUMN is_group BOOLEAN NOT NULL DEFAULT FALSE;
