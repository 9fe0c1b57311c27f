-- With sign-in every transaction belongs to the visitor who added it (auth_users.id); each visitor starts empty.
ALTER TABLE transactions ADD COLUMN user_id text;
DELETE FROM transactions WHERE user_id IS NULL;
ALTER TABLE transactions ALTER COLUMN user_id SET NOT NULL;
CREATE INDEX transactions_user_id_idx ON transactions (user_id, date DESC);
