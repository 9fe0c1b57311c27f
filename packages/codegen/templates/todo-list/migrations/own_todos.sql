-- With sign-in every task belongs to the visitor who added it (auth_users.id); each visitor starts empty.
ALTER TABLE todos ADD COLUMN user_id text;
DELETE FROM todos WHERE user_id IS NULL;
ALTER TABLE todos ALTER COLUMN user_id SET NOT NULL;
CREATE INDEX todos_user_id_idx ON todos (user_id, created_at DESC);
