-- A tag's page across blogs reads the tag's newest posts first (src/search/store.rs): the
-- tag's entries in post id order, newest first, without reading the others.
CREATE INDEX post_tags_key_post ON post_tags (tag_key, post_id);
-- It leads with tag_key as post_tags_key did, so that one goes.
DROP INDEX post_tags_key;
