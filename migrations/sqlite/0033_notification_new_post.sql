-- A reblog's notification names the reblog itself (spec 000 §3 Notification, new_post): the
-- post it made, which the activity links to. NULL on every other type, and once that post
-- is deleted.
ALTER TABLE notifications ADD COLUMN new_post_id BIGINT REFERENCES posts(id) ON DELETE SET NULL;
-- A deleted post's notifications are found by it (the SET NULL), without a walk of them all.
CREATE INDEX notifications_new_post ON notifications (new_post_id) WHERE new_post_id IS NOT NULL;
