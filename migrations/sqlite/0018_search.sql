-- Search (spec 002 §2 In-blog search, §7 Search; the site search of 000 §2.12) on SQLite's own
-- full-text engine, FTS5.
--
-- What a post says in words is decided once, in Rust (src/posts/search_text.rs), and written
-- with the post: `search_text` (its title, words, a link's or quote's text, a reblog's
-- addition and trail) and `search_tags` (its tags). NULL means "not written yet": rows older
-- than this migration, which the server fills in at start-up (src/search/backfill.rs).
ALTER TABLE posts ADD COLUMN search_text TEXT;
ALTER TABLE posts ADD COLUMN search_tags TEXT;

-- An external-content index over those two columns: the words live once, in posts, and the
-- triggers below keep the index in step with every write, whatever code path makes it.
-- Porter stemming, so "cats" finds "cat", as PostgreSQL's english configuration does.
CREATE VIRTUAL TABLE posts_fts USING fts5(
    search_tags,
    search_text,
    content = 'posts',
    content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
    INSERT INTO posts_fts (rowid, search_tags, search_text)
    VALUES (new.id, new.search_tags, new.search_text);
END;

-- An external-content index forgets a row by being told what it indexed for it.
CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
    INSERT INTO posts_fts (posts_fts, rowid, search_tags, search_text)
    VALUES ('delete', old.id, old.search_tags, old.search_text);
END;

CREATE TRIGGER posts_fts_update AFTER UPDATE OF search_tags, search_text ON posts BEGIN
    INSERT INTO posts_fts (posts_fts, rowid, search_tags, search_text)
    VALUES ('delete', old.id, old.search_tags, old.search_text);
    INSERT INTO posts_fts (rowid, search_tags, search_text)
    VALUES (new.id, new.search_tags, new.search_text);
END;

-- The rows the start-up backfill still has to fill in.
CREATE INDEX posts_search_unwritten ON posts (id) WHERE search_text IS NULL;
-- A blog's popular tags (the search typeahead) count its posts' tags.
CREATE INDEX post_tags_post_key ON post_tags (post_id, tag_key);
