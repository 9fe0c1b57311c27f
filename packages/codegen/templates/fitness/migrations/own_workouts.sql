-- With sign-in every workout belongs to the visitor who added it (auth_users.id); each visitor starts empty.
ALTER TABLE workouts ADD COLUMN user_id text;
DELETE FROM workouts WHERE user_id IS NULL;
ALTER TABLE workouts ALTER COLUMN user_id SET NOT NULL;
CREATE INDEX workouts_user_id_idx ON workouts (user_id, date DESC);
