-- Several sends in one call, in one transaction (messaging/send_batch.rs: sends that arrive
-- while another batch is with PostgreSQL share the next one, so a commit, its WAL flush and
-- the round trips are paid once for all of them). Each is `send_message` (migration 0014), in
-- the order given, and sees what the ones before it wrote: two messages to one conversation
-- get increasing ts. The caller orders them by conversation, so that concurrent batches take
-- the conversations' row locks in one order. Answers each one's JSON, in that order.
CREATE FUNCTION send_messages(p_user_ids BIGINT[], p_blogs TEXT[], p_conversation_ids BIGINT[],
                              p_now BIGINT, p_types TEXT[], p_bodies TEXT[])
RETURNS TEXT[] LANGUAGE plpgsql AS $$
DECLARE
    v_answers TEXT[] := '{}';
BEGIN
    FOR i IN 1 .. coalesce(array_length(p_user_ids, 1), 0) LOOP
        v_answers := array_append(v_answers, send_message(p_user_ids[i], p_blogs[i],
            p_conversation_ids[i], p_now, p_types[i], p_bodies[i]));
    END LOOP;
    RETURN v_answers;
END
$$;
