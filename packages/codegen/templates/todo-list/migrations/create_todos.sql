CREATE TABLE todos (
  id text PRIMARY KEY,
  title text NOT NULL,
  due_date text NOT NULL DEFAULT '',
  done boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
INSERT INTO todos (id, title, due_date, done, created_at) VALUES
  ('welcome-1', 'Renew library books', to_char(current_date - 1, 'YYYY-MM-DD'), false, 1),
  ('welcome-2', 'Call the dentist to book a check-up', to_char(current_date, 'YYYY-MM-DD'), false, 2),
  ('welcome-3', 'Plan the weekend hike', to_char(current_date + 4, 'YYYY-MM-DD'), false, 3),
  ('welcome-4', 'Water the plants', '', true, 4);
