CREATE TABLE responses (
  id text PRIMARY KEY,
  answers jsonb NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now()
);
