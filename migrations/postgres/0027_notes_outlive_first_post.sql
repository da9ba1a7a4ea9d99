-- A reblog's note outlives the first post of its chain: deleting that post kept the reblogs
-- but took their notes (notes.post_id ON DELETE CASCADE), so the chain's count fell for
-- reblogs still there. Such a note now keeps no post (post_id NULL) and stays in its chain;
-- posts::store::delete_post decides which notes stay.
ALTER TABLE notes ALTER COLUMN post_id DROP NOT NULL;
