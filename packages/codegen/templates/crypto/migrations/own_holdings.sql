-- With sign-in every holding belongs to the visitor who added it (auth_users.id); each visitor starts empty.
ALTER TABLE holdings ADD COLUMN user_id text;
DELETE FROM holdings WHERE user_id IS NULL;
ALTER TABLE holdings ALTER COLUMN user_id SET NOT NULL;
CREATE INDEX holdings_user_id_idx ON holdings (user_id, bought_on DESC);
