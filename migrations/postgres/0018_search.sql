-- Search (spec 002 §2 In-blog search, §7 Search; the site search of 000 §2.12) on
-- PostgreSQL's own full-text engine: a tsvector column with a GIN index.
--
-- What a post says in words is decided once, in Rust (src/posts/search_text.rs), and written
-- with the post: `search_text` (its title, words, a link's or quote's text, a reblog's
-- addition and trail) and `search_tags` (its tags). NULL means "not written yet": rows older
-- than this migration, which the server fills in at start-up (src/search/backfill.rs).
ALTER TABLE posts ADD COLUMN search_text TEXT;
ALTER TABLE posts ADD COLUMN search_tags TEXT;

-- English stemming ("cats" finds "cat", as SQLite's porter tokenizer does) without English
-- stop words: SQLite's tokenizer keeps every word, so a search for "the who" finds the same
-- posts on either database.
CREATE TEXT SEARCH DICTIONARY dashwire_english_stem (TEMPLATE = snowball, LANGUAGE = english);
CREATE TEXT SEARCH CONFIGURATION dashwire_search (COPY = english);
ALTER TEXT SEARCH CONFIGURATION dashwire_search
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
    WITH dashwire_english_stem;

-- Generated from those two, so no write path can leave it behind; tags weigh more than words
-- for ranking. The text is already split into words by the server (letters and digits), so
-- PostgreSQL's parser sees what SQLite's does.
ALTER TABLE posts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('dashwire_search', coalesce(search_tags, '')), 'A')
    || setweight(to_tsvector('dashwire_search', coalesce(search_text, '')), 'B')
) STORED;
CREATE INDEX posts_search ON posts USING GIN (search_vector);

-- The rows the start-up backfill still has to fill in.
CREATE INDEX posts_search_unwritten ON posts (id) WHERE search_text IS NULL;
-- A blog's popular tags (the search typeahead) count its posts' tags.
CREATE INDEX post_tags_post_key ON post_tags (post_id, tag_key);
