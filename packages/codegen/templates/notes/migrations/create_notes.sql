CREATE TABLE notes (
  id text PRIMARY KEY,
  title text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  pinned boolean NOT NULL DEFAULT false,
  updated_at bigint NOT NULL
);
INSERT INTO notes (id, title, body, tags, pinned, updated_at) VALUES
  ('welcome', 'Welcome to your notes', E'Write anything here: ideas, lists, meeting notes.\n\nPin a note to keep it at the top, add tags to group notes, and use the search box to find any note by a word you remember. Everything is saved as you type.', ARRAY['getting-started']::text[], true, (extract(epoch from now()) * 1000)::bigint),
  ('weekly-plan', 'Weekly plan', E'Monday: finish the proposal draft\nWednesday: team lunch at noon\nFriday: review the budget and send the summary', ARRAY['work']::text[], false, (extract(epoch from now()) * 1000)::bigint - 18000000),
  ('book-ideas', 'Books to read', E'The Design of Everyday Things\nAtomic Habits\nA Psalm for the Wild-Built', ARRAY['personal', 'reading']::text[], false, (extract(epoch from now()) * 1000)::bigint - 108000000);
