CREATE TABLE workouts (
  id text PRIMARY KEY,
  activity text NOT NULL,
  minutes integer NOT NULL,
  distance_km double precision NOT NULL,
  calories integer NOT NULL,
  date text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  created_at bigint NOT NULL
);
INSERT INTO workouts (id, activity, minutes, distance_km, calories, date, note, created_at) VALUES
  ('seed-1', 'Strength', 50, 0, 292, to_char(current_date - 12, 'YYYY-MM-DD'), 'Legs: squats, deadlifts, lunges', 1),
  ('seed-2', 'Run', 62, 10.5, 709, to_char(current_date - 11, 'YYYY-MM-DD'), 'Long run, easy pace', 2),
  ('seed-3', 'Walk', 55, 4.8, 244, to_char(current_date - 9, 'YYYY-MM-DD'), 'Hike up Lookout Hill', 3),
  ('seed-4', 'HIIT', 25, 0, 233, to_char(current_date - 8, 'YYYY-MM-DD'), 'Tabata circuit', 4),
  ('seed-5', 'Swim', 40, 1.6, 373, to_char(current_date - 6, 'YYYY-MM-DD'), '64 lengths, mostly freestyle', 5),
  ('seed-6', 'Run', 48, 8, 549, to_char(current_date - 4, 'YYYY-MM-DD'), 'Tempo: 4 × 1 km intervals', 6),
  ('seed-7', 'Yoga', 30, 0, 88, to_char(current_date - 3, 'YYYY-MM-DD'), 'Mobility flow', 7),
  ('seed-8', 'Ride', 75, 28.4, 656, to_char(current_date - 2, 'YYYY-MM-DD'), 'Saturday loop with the club', 8),
  ('seed-9', 'Strength', 45, 0, 263, to_char(current_date - 1, 'YYYY-MM-DD'), 'Upper body: bench, rows, pull-ups', 9),
  ('seed-10', 'Run', 32, 5.2, 366, to_char(current_date, 'YYYY-MM-DD'), 'Easy morning run along the river', 10);
