CREATE TABLE quiz_scores (
  id text PRIMARY KEY,
  player text NOT NULL DEFAULT '',
  quiz text NOT NULL,
  score integer NOT NULL,
  total integer NOT NULL,
  created_at bigint NOT NULL
);
INSERT INTO quiz_scores (id, player, quiz, score, total, created_at) VALUES
  ('seed-1', 'Maya', 'space', 7, 8, 1),
  ('seed-2', 'Priya', 'science', 8, 8, 2),
  ('seed-3', 'Leo', 'geography', 6, 8, 3),
  ('seed-4', 'Tom', 'space', 5, 8, 4),
  ('seed-5', 'Ana', 'geography', 8, 8, 5),
  ('seed-6', 'Kenji', 'science', 6, 8, 6);
