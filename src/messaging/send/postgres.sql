-- Message sends on PostgreSQL, any number in one round trip: PostgreSQL's dialect of the
-- statements `rules.rs` gives SQLite (SENDER, TOUCH, SEND_PARTICIPANTS, INSERT, READ). The
-- unread counts are not read here: the transaction reads them as it commits, once it holds
-- the users' `unread` rows (store/read_at_commit.rs). `postgres.rs` creates this function the
-- first time it sends, under a name that ends in a hash of this text, so a changed text is a
-- new function and nodes of two builds (a rolling deploy) each call their own.
--
-- It decides nothing: it writes every send whose sender is the user's blog and takes
-- messages into a conversation that exists, and answers what each one read and wrote; Rust
-- decides who may send from that (`rules.rs`), and a refused send that wrote is rolled back
-- with its batch. The sends' fields come as arrays, one element a send, so the statements'
-- text is the same for any number of them and each is planned once per connection.
--
-- Answers `{"sends": [...]}`: each send's read, in the order given.
CREATE OR REPLACE FUNCTION send_messages_batch(
    p_user_ids BIGINT[], p_blogs TEXT[], p_conversation_ids BIGINT[], p_now BIGINT,
    p_types TEXT[], p_bodies TEXT[])
RETURNS TEXT LANGUAGE plpgsql
-- Planned once per connection: a custom plan per call would plan every batch again.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    v_sends JSON;
BEGIN
    -- The conversations' row locks first, in id order for every batch and every lone send,
    -- so that two transactions never wait on each other's. What follows is a statement of
    -- its own, with a snapshot taken once they are held: it reads the participants (who
    -- blocks whom, who takes messages) as they are when the messages are written.
    PERFORM 1 FROM conversations WHERE id = ANY (p_conversation_ids) ORDER BY id FOR UPDATE;

    WITH send AS (
        -- SENDER: the sending blog, by name among the user's.
        SELECT s.i, s.user_id, s.conversation_id, s.type, s.body,
               b.id AS sender, b.can_message
        FROM unnest(p_user_ids, p_blogs, p_conversation_ids, p_types, p_bodies)
                 WITH ORDINALITY AS s (user_id, blog, conversation_id, type, body, i)
        LEFT JOIN blogs b ON b.name = s.blog AND b.user_id = s.user_id
    ),
    written AS (
        -- TOUCH's ts: now, unless the conversation already moved at or past now; one more
        -- for each send before it into the same conversation, so a conversation's messages
        -- keep their order and get distinct ts.
        SELECT send.*, c.status,
               CASE WHEN p_now > c.last_modified_ms THEN p_now ELSE c.last_modified_ms + 1 END
                   + row_number() OVER (PARTITION BY send.conversation_id ORDER BY send.i) - 1
                   AS ts
        FROM send JOIN conversations c ON c.id = send.conversation_id
        WHERE send.can_message
    ),
    touched AS (
        UPDATE conversations c SET last_modified_ms = w.ts
        FROM (SELECT conversation_id, max(ts) AS ts FROM written GROUP BY conversation_id) w
        WHERE c.id = w.conversation_id
    ),
    inserted AS (
        -- INSERT
        INSERT INTO messages (conversation_id, blog_id, type, body, ts)
        SELECT conversation_id, sender, type, body, ts FROM written ORDER BY i
        RETURNING id, conversation_id, ts
    ),
    marked AS (
        -- READ: each sender has read up to its last message.
        UPDATE conversation_participants p SET last_read_ms = w.ts
        FROM (SELECT conversation_id, sender, max(ts) AS ts FROM written
              GROUP BY conversation_id, sender) w
        WHERE p.conversation_id = w.conversation_id AND p.blog_id = w.sender
    )
    SELECT json_agg(json_build_object(
               'sender', send.sender, 'can_message', send.can_message, 'ts', w.ts,
               'status', w.status, 'message_id', m.id,
               -- SEND_PARTICIPANTS, as they were just before this send: a participant that
               -- sent earlier in the batch has read up to its own message.
               'participants', CASE WHEN w.ts IS NOT NULL THEN (
                   SELECT json_agg(json_build_object(
                              'id', b.id, 'name', b.name, 'title', b.title,
                              'user_id', b.user_id, 'can_message', b.can_message,
                              'theme', b.theme,
                              'last_read_ms', coalesce(
                                  (SELECT max(e.ts) FROM written e
                                   WHERE e.conversation_id = w.conversation_id
                                     AND e.sender = b.id AND e.i < w.i),
                                  p.last_read_ms),
                              'cleared_ms', p.cleared_ms,
                              'blocks_sender', EXISTS (
                                  SELECT 1 FROM blocks k JOIN blogs kb ON kb.id = k.blocked_blog_id
                                  WHERE k.blocker_blog_id = b.id AND kb.user_id = send.user_id))
                          ORDER BY b.name)
                   FROM conversation_participants p JOIN blogs b ON b.id = p.blog_id
                   WHERE p.conversation_id = w.conversation_id) END)
               ORDER BY send.i)
        INTO v_sends
        FROM send
        LEFT JOIN written w ON w.i = send.i
        LEFT JOIN inserted m ON m.conversation_id = w.conversation_id AND m.ts = w.ts;

    RETURN json_build_object('sends', v_sends)::TEXT;
END
$$;
