-- With sign-in every note belongs to the visitor who wrote it (auth_users.id); each visitor starts empty.
ALTER TABLE notes ADD COLUMN user_id text;
DELETE FROM notes WHERE user_id IS NULL;
ALTER TABLE notes ALTER COLUMN user_id SET NOT NULL;
CREATE INDEX notes_user_id_idx ON notes (user_id, updated_at DESC);
