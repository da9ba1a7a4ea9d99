-- A report outlives the post it is about: a post deleted by its writer (or taken down) used
-- to take its reports with it, open and resolved, so deleting what was flagged erased the
-- flag. post_id loses its foreign key (it may name a post that is gone), and the report keeps
-- the post's summary as it was flagged, to show once the post is gone.
ALTER TABLE reports DROP CONSTRAINT reports_post_id_fkey;
ALTER TABLE reports ADD COLUMN post_summary TEXT NOT NULL DEFAULT '';
UPDATE reports r SET post_summary = p.summary FROM posts p WHERE p.id = r.post_id;
