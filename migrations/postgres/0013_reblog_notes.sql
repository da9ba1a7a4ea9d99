-- A reblog note says what the reblog added: its own words as plain text, and its tags (a JSON
-- list), as they were when it went out.
ALTER TABLE notes ADD COLUMN added_text TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN added_tags TEXT NOT NULL DEFAULT '[]';
