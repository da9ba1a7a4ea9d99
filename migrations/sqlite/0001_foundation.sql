-- Accounts, sessions, blogs, follows, blocks, notifications: the foundation's schema.
-- Times are unix seconds (BIGINT) so that SQLite and PostgreSQL read them the same way.

CREATE TABLE users (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    email           TEXT    NOT NULL UNIQUE,
    password_hash   TEXT    NOT NULL,
    seen_atg        BOOLEAN NOT NULL DEFAULT FALSE,
    -- the blog the user acts as; kept valid by the code (a FK would make users and blogs circular)
    current_blog_id BIGINT,
    created_at      BIGINT  NOT NULL
);

CREATE TABLE blogs (
    id                         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id                    BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name                       TEXT    NOT NULL UNIQUE,
    title                      TEXT    NOT NULL,
    description                TEXT    NOT NULL DEFAULT '',
    position                   BIGINT  NOT NULL,
    is_primary                 BOOLEAN NOT NULL DEFAULT FALSE,
    is_private_group_channel   BOOLEAN NOT NULL DEFAULT FALSE,
    can_message                BOOLEAN NOT NULL DEFAULT TRUE,
    radar_feature_premium      BOOLEAN NOT NULL DEFAULT FALSE,
    is_visible_premium_partner BOOLEAN NOT NULL DEFAULT FALSE,
    asks                       BOOLEAN NOT NULL DEFAULT FALSE,
    anonymous_asks             BOOLEAN NOT NULL DEFAULT FALSE,
    -- JSON object of global_theme_params that differ from the defaults
    theme                      TEXT    NOT NULL DEFAULT '{}',
    created_at                 BIGINT  NOT NULL
);
CREATE INDEX blogs_user ON blogs (user_id, position);

CREATE TABLE blog_members (
    blog_id    BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (blog_id, user_id)
);

-- Sessions are looked up by the SHA-256 of the cookie's token, so a copy of this table
-- cannot be replayed as cookies. user_id is NULL for a visitor's session.
CREATE TABLE sessions (
    token_hash   TEXT   PRIMARY KEY,
    user_id      BIGINT REFERENCES users(id) ON DELETE CASCADE,
    form_key     TEXT   NOT NULL,
    created_at   BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_last_seen ON sessions (last_seen_at);

-- A user follows a blog, acting as one of their blogs (via_blog_id) at the time.
CREATE TABLE follows (
    user_id     BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    blog_id     BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    via_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, blog_id)
);
CREATE INDEX follows_blog ON follows (blog_id);

CREATE TABLE blocks (
    blocker_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    blocked_blog_id BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (blocker_blog_id, blocked_blog_id)
);

-- Posts: only what blog counts need for now; the composer issue extends this table.
CREATE TABLE posts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    blog_id    BIGINT  NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    type       TEXT    NOT NULL,
    state      TEXT    NOT NULL DEFAULT 'published',
    created_at BIGINT  NOT NULL
);
CREATE INDEX posts_blog_state ON posts (blog_id, state);

CREATE TABLE likes (
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    post_id    BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, post_id)
);

-- A blog's activity. The id is the event's sequence on the blog's activity channel.
CREATE TABLE notifications (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    blog_id      BIGINT  NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    type         TEXT    NOT NULL,
    from_blog_id BIGINT  REFERENCES blogs(id) ON DELETE CASCADE,
    post_id      BIGINT  REFERENCES posts(id) ON DELETE CASCADE,
    is_read      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at   BIGINT  NOT NULL
);
CREATE INDEX notifications_blog ON notifications (blog_id, id);
