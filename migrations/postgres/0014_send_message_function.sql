-- A message send in one round trip (messaging/store.rs, `Store::send_message` on PostgreSQL).
-- The statements are those the SQLite writer thread runs one by one (SENDER, TOUCH,
-- SEND_PARTICIPANTS, INSERT and READ there, and unread/mod.rs's UNREAD_COUNTS_OF): keep them
-- in step. They run in the caller's transaction, each with a snapshot of its own as when sent
-- one at a time, so the participants are read after the conversation's row lock is taken.
--
-- It decides nothing. It stops early only where there is nothing more to read (no sender,
-- a sender that takes no messages, no such conversation), and otherwise answers what it read
-- and wrote as JSON; the caller checks who may send and rolls a refused send back.
CREATE FUNCTION send_message(p_user_id BIGINT, p_blog TEXT, p_conversation_id BIGINT,
                             p_now BIGINT, p_type TEXT, p_body TEXT)
RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
    v_sender       BIGINT;
    v_can_message  BOOLEAN;
    v_ts           BIGINT;
    v_status       TEXT;
    v_message_id   BIGINT;
    v_participants JSON;
    v_unread       JSON;
BEGIN
    SELECT id, can_message INTO v_sender, v_can_message
        FROM blogs WHERE name = p_blog AND user_id = p_user_id;
    IF v_sender IS NULL OR NOT v_can_message THEN
        RETURN json_build_object('sender', v_sender, 'can_message', v_can_message)::TEXT;
    END IF;

    -- The message's ts: now, unless the conversation already moved at or past now.
    UPDATE conversations SET last_modified_ms =
            CASE WHEN p_now > last_modified_ms THEN p_now ELSE last_modified_ms + 1 END
        WHERE id = p_conversation_id
        RETURNING last_modified_ms, status INTO v_ts, v_status;
    IF v_ts IS NULL THEN
        RETURN json_build_object('sender', v_sender, 'can_message', v_can_message)::TEXT;
    END IF;

    SELECT json_agg(json_build_object(
            'id', b.id, 'name', b.name, 'title', b.title, 'user_id', b.user_id,
            'can_message', b.can_message, 'theme', b.theme, 'last_read_ms', p.last_read_ms,
            'cleared_ms', p.cleared_ms,
            'blocks_sender', EXISTS (SELECT 1 FROM blocks k JOIN blogs kb ON kb.id = k.blocked_blog_id
                                     WHERE k.blocker_blog_id = b.id AND kb.user_id = p_user_id))
            ORDER BY b.name)
        INTO v_participants
        FROM conversation_participants p JOIN blogs b ON b.id = p.blog_id
        WHERE p.conversation_id = p_conversation_id;

    INSERT INTO messages (conversation_id, blog_id, type, body, ts)
        VALUES (p_conversation_id, v_sender, p_type, p_body, v_ts)
        RETURNING id INTO v_message_id;
    UPDATE conversation_participants SET last_read_ms = v_ts
        WHERE conversation_id = p_conversation_id AND blog_id = v_sender;

    -- Every participant user's blogs with their unread conversations and notifications.
    SELECT json_agg(json_build_array(b.user_id, b.name,
            (SELECT COUNT(*) FROM conversation_participants cp
                 JOIN conversations c ON c.id = cp.conversation_id
             WHERE cp.blog_id = b.id AND c.last_modified_ms > cp.last_read_ms),
            (SELECT COUNT(*) FROM notifications n WHERE n.blog_id = b.id AND n.is_read = FALSE))
            ORDER BY b.user_id, b.position, b.id)
        INTO v_unread
        FROM blogs b
        WHERE b.user_id IN (SELECT pb.user_id FROM conversation_participants pp
                            JOIN blogs pb ON pb.id = pp.blog_id
                            WHERE pp.conversation_id = p_conversation_id);

    RETURN json_build_object(
        'sender', v_sender, 'can_message', v_can_message, 'ts', v_ts, 'status', v_status,
        'message_id', v_message_id, 'participants', v_participants, 'unread', v_unread)::TEXT;
END
$$;
