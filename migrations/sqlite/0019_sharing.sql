-- Sharing (spec 002 §7 Sharing): every share call recorded against its post, and mail kept
-- in an outbox until it is delivered.

-- One row per share call: by email, or a window opened on another network (with
-- `fallback` when the popover fell back to a share window or a mail client).
CREATE TABLE post_shares (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    post_id    BIGINT  NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
    -- Who shared (NULL for a visitor, or once the account is gone).
    user_id    BIGINT  REFERENCES users(id) ON DELETE SET NULL,
    -- email, twitter, facebook, pinterest or reddit.
    network    TEXT    NOT NULL,
    fallback   BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT  NOT NULL
);
CREATE INDEX post_shares_post ON post_shares (post_id, network);

-- Mail the server sends, written in the transaction of what asks for it, so nothing is lost
-- if delivery fails or the node stops: delivered through SMTP when one is configured (and
-- retried), otherwise kept here and listed for administrators.
CREATE TABLE mail_outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         BIGINT REFERENCES users(id) ON DELETE SET NULL,
    post_id         BIGINT,
    to_address      TEXT   NOT NULL,
    -- The sender's own address, when they let the recipient reply to them.
    reply_to        TEXT,
    subject         TEXT   NOT NULL,
    body            TEXT   NOT NULL,
    created_at      BIGINT NOT NULL,
    sent_at         BIGINT,
    attempts        BIGINT NOT NULL DEFAULT 0,
    -- When a node may next try it (a node trying it holds it until then).
    next_attempt_at BIGINT NOT NULL,
    last_error      TEXT   NOT NULL DEFAULT ''
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
-- The per-user rate limit counts a user's recent mail.
CREATE INDEX mail_outbox_user ON mail_outbox (user_id, created_at);
