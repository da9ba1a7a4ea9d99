-- The video posts that show an upload as it came, without what processing made of it (no
-- poster yet): when a video's processing ends, `posts::store::unprocessed_showing` reads
-- these for the ones showing that upload. Without this it read every post's content.
CREATE INDEX posts_video_unprocessed ON posts (id) WHERE type = 'video' AND media_url = '';
