CREATE TABLE game_scores (
  id text PRIMARY KEY,
  player text NOT NULL DEFAULT '',
  level text NOT NULL,
  points integer NOT NULL,
  moves integer NOT NULL,
  seconds integer NOT NULL,
  created_at bigint NOT NULL
);
INSERT INTO game_scores (id, player, level, points, moves, seconds, created_at) VALUES
  ('seed-1', 'Nova', 'classic', 742, 12, 38, 1),
  ('seed-2', 'Jax', 'classic', 655, 15, 45, 2),
  ('seed-3', 'Mei', 'challenge', 1090, 21, 74, 3),
  ('seed-4', 'Sol', 'classic', 540, 18, 64, 4),
  ('seed-5', 'Ravi', 'challenge', 880, 27, 102, 5);
