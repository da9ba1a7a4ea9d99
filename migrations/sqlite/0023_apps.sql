-- Apps: a user's programs that post as them with a bearer token (only its SHA-256 is kept),
-- and the app's name on each post one made ('Posted with …') until the owner removes it.
-- The name is copied onto the post: the attribution says how the post was made, which
-- revoking the app later does not change.
CREATE TABLE apps (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   BIGINT NOT NULL,
    last_used_at BIGINT
);
CREATE UNIQUE INDEX apps_user_name ON apps (user_id, lower(name));

ALTER TABLE posts ADD COLUMN app_name TEXT;

-- Reach and Analytics (spec 000 §2.2's premium flags) are every blog's until an administrator
-- takes them away: nothing on a server of one's own is sold. New blogs are written with both.
UPDATE blogs SET radar_feature_premium = TRUE, is_visible_premium_partner = TRUE;
