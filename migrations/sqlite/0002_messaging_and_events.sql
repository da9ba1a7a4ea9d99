-- Private messaging between blogs, and the realtime event log.

CREATE TABLE conversations (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    status           TEXT    NOT NULL DEFAULT 'ACTIVE',
    -- the sorted participant blog ids joined by ':', so a set of blogs has one conversation
    participants_key TEXT    NOT NULL UNIQUE,
    -- milliseconds; the API answers seconds (last_modified_ts)
    last_modified_ms BIGINT  NOT NULL,
    created_at       BIGINT  NOT NULL
);

CREATE TABLE conversation_participants (
    conversation_id BIGINT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    blog_id         BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    last_read_ms    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (conversation_id, blog_id)
);
CREATE INDEX conversation_participants_blog ON conversation_participants (blog_id);

CREATE TABLE messages (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id BIGINT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
    blog_id         BIGINT NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    type            TEXT   NOT NULL DEFAULT 'TEXT',
    body            TEXT   NOT NULL,
    ts              BIGINT NOT NULL
);
CREATE INDEX messages_conversation ON messages (conversation_id, id);

-- Each channel's latest sequence number. Appending an event bumps it with an upsert, which
-- locks the row until commit: events of one channel commit in sequence order.
CREATE TABLE channel_seqs (
    channel        TEXT   PRIMARY KEY,
    seq            BIGINT NOT NULL,
    -- events up to this seq have been pruned; resuming from before it is refused
    pruned_through BIGINT NOT NULL DEFAULT 0
);

-- Every event published on a channel, written in the transaction of the change it reports,
-- so a client resuming with `since` is replayed exactly what it missed.
CREATE TABLE events (
    channel    TEXT   NOT NULL,
    seq        BIGINT NOT NULL,
    payload    TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (channel, seq)
);
CREATE INDEX events_created ON events (created_at);
