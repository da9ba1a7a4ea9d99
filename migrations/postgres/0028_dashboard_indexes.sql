-- Two reads of every page of posts, made cheap again (loadtest/RESULTS.md §16).
--
-- The dashboard's window (posts/store/pages.rs, `dashboard`) reads the newest published posts
-- of every blog and keeps those of blogs the reader follows: about a thousand index entries a
-- page, of which it needs each post's blog. With blog_id in the index the window never reads
-- the posts' rows, which grew with their words (search_text) and made each of those reads a
-- page of its own.
DROP INDEX posts_published;
CREATE INDEX posts_published ON posts (published_at, id, blog_id) WHERE state = 'published';

-- Most posts reblog nothing: indexed whole, their NULLs made the planner's statistics say a
-- post has a million reblogs, and SQLite answered "did the reader reblog this?"
-- (notes/store.rs, `note_states`) by reading every post of the reader's blogs instead. Only
-- the posts that have a parent, or a root, are indexed now: smaller, and what a lookup by
-- parent or root needs (an equality implies NOT NULL, so both databases use them).
DROP INDEX posts_parent;
CREATE INDEX posts_parent ON posts (parent_post_id) WHERE parent_post_id IS NOT NULL;
DROP INDEX posts_root;
CREATE INDEX posts_root ON posts (root_post_id) WHERE root_post_id IS NOT NULL;
