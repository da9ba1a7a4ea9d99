-- Video processing (video/): an uploaded video is made into H.264/AAC MP4s, a poster and a
-- filmstrip by ffmpeg, one job per upload, kept here so that a job outlives the node that
-- started it. A node claims a job for a while (lease_until) and renews the claim while it
-- works; a claim that ran out (its node stopped) is claimed again by another.
CREATE TABLE video_jobs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The upload's name in the media store (the post's /media/{name}).
    media_key   TEXT   NOT NULL UNIQUE,
    -- queued, running, done or failed.
    state       TEXT   NOT NULL DEFAULT 'queued',
    attempts    BIGINT NOT NULL DEFAULT 0,
    -- When a queued job may be claimed (retries back off).
    run_after   BIGINT NOT NULL,
    -- Until when the node that claimed a running job holds it.
    lease_until BIGINT,
    node        TEXT,
    -- The last failure's reason, for the post's owner.
    error       TEXT   NOT NULL DEFAULT '',
    -- What processing made (JSON, the post's ProcessedVideo), once done.
    result      TEXT,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX video_jobs_due ON video_jobs (run_after) WHERE state IN ('queued', 'running');

-- A post held in 'transcoding' until its video is ready remembers the state it was saved
-- for (published, queued, scheduled, private, draft or unapproved).
ALTER TABLE posts ADD COLUMN pending_state TEXT;
-- The held posts, read when a video is ready and by the periodic sweep.
CREATE INDEX posts_held ON posts (id) WHERE state = 'transcoding';
