-- A post in a few words and one picture (src/posts/summary.rs), written with the post, for
-- the notifications about it (spec 000 §3 Notification post.summary and post.media_url):
-- reading them joins the post instead of parsing its content for every notification.
ALTER TABLE posts ADD COLUMN summary TEXT NOT NULL DEFAULT '';
ALTER TABLE posts ADD COLUMN media_url TEXT NOT NULL DEFAULT '';
