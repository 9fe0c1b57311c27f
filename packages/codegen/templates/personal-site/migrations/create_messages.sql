CREATE TABLE messages (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  topic text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  sent_at timestamptz NOT NULL DEFAULT now()
);
