-- unread_counts (migration 0016), planned once. As a SQL function it was planned again on
-- every call: called WITH ORDINALITY or with a sub-select for its argument, as send_message
-- called it, PostgreSQL runs it through the SQL function executor, which plans its query per
-- call; inlined, its `= ANY (array)` made the caller's cached plan a custom plan, planned per
-- call too (pg_stat_statements: as many plans as calls, 0.12 ms of planning a send). Either
-- way every send paid for a plan, about 40% more PostgreSQL CPU per message than before 0016
-- (loadtest/RESULTS.md §14). In PL/pgSQL with a generic plan, its query is planned once per
-- connection. It also answers each blog's place, so that callers order the rows themselves.
DROP FUNCTION unread_counts(BIGINT[]);

CREATE FUNCTION unread_counts(p_user_ids BIGINT[])
RETURNS TABLE (user_id BIGINT, blog TEXT, messaging BIGINT, activity BIGINT,
               blog_position BIGINT, blog_id BIGINT)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    RETURN QUERY
    SELECT b.user_id, b.name,
        (SELECT COUNT(*) FROM conversation_participants p
             JOIN conversations c ON c.id = p.conversation_id
         WHERE p.blog_id = b.id AND c.last_modified_ms > p.last_read_ms),
        (SELECT COUNT(*) FROM notifications n WHERE n.blog_id = b.id AND n.is_read = FALSE),
        b.position, b.id
    FROM blogs b WHERE b.user_id = ANY (p_user_ids)
    -- In the order 0016 answered, for a caller that does not order them itself (a node still
    -- on the build before this migration, during a rolling deploy).
    ORDER BY b.user_id, b.position, b.id;
END
$$;

-- send_message as migration 0016 left it, but for how it calls unread_counts.
CREATE OR REPLACE FUNCTION send_message(p_user_id BIGINT, p_blog TEXT, p_conversation_id BIGINT,
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
    v_users        BIGINT[];
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
    v_users := ARRAY(SELECT pb.user_id FROM conversation_participants pp
                     JOIN blogs pb ON pb.id = pp.blog_id
                     WHERE pp.conversation_id = p_conversation_id);
    SELECT json_agg(json_build_array(u.user_id, u.blog, u.messaging, u.activity)
                    ORDER BY u.user_id, u.blog_position, u.blog_id)
        INTO v_unread
        FROM unread_counts(v_users) u;

    RETURN json_build_object(
        'sender', v_sender, 'can_message', v_can_message, 'ts', v_ts, 'status', v_status,
        'message_id', v_message_id, 'participants', v_participants, 'unread', v_unread)::TEXT;
END
$$;
