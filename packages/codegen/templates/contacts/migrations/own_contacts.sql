-- With sign-in every contact belongs to the visitor who added it (auth_users.id); each visitor starts empty.
ALTER TABLE contacts ADD COLUMN user_id text;
DELETE FROM contacts WHERE user_id IS NULL;
ALTER TABLE contacts ALTER COLUMN user_id SET NOT NULL;
CREATE INDEX contacts_user_id_idx ON contacts (user_id, lower(name));
