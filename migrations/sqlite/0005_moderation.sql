-- Moderation (spec 002 §6, §7): administrators, set from the command line
-- (`dashwire admin --email ...`), toggle a blog's spam, nsfw and suspended flags.
ALTER TABLE users ADD COLUMN is_admin BOOLEAN NOT NULL DEFAULT FALSE;
-- Hidden from explore and from mention suggestions.
ALTER TABLE blogs ADD COLUMN is_spam BOOLEAN NOT NULL DEFAULT FALSE;
-- Shown on the blog model (is_nsfw), for safe search.
ALTER TABLE blogs ADD COLUMN is_nsfw BOOLEAN NOT NULL DEFAULT FALSE;
-- Cannot post, reblog, publish or reply; hidden from explore and from mention suggestions.
ALTER TABLE blogs ADD COLUMN is_suspended BOOLEAN NOT NULL DEFAULT FALSE;
