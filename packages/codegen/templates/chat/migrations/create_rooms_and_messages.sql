CREATE TABLE rooms (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  topic text NOT NULL DEFAULT '',
  created_at bigint NOT NULL
);
CREATE TABLE messages (
  id text PRIMARY KEY,
  room_id text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  author text NOT NULL,
  body text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX messages_room_created ON messages (room_id, created_at);
INSERT INTO rooms (id, name, topic, created_at) VALUES
  ('general', 'general', 'Company-wide news and everyday chatter', (extract(epoch from now()) * 1000)::bigint - 259200000),
  ('design', 'design', 'Mockups, feedback and inspiration', (extract(epoch from now()) * 1000)::bigint - 172800000),
  ('random', 'random', 'Weekend plans, pets and good links', (extract(epoch from now()) * 1000)::bigint - 86400000);
INSERT INTO messages (id, room_id, author, body, created_at) VALUES
  ('m1', 'general', 'Maya', 'Morning all! The all-hands moved to 3pm today.', (extract(epoch from now()) * 1000)::bigint - 5700000),
  ('m2', 'general', 'Tom', 'Thanks Maya. Will there be a recording for the Lisbon team?', (extract(epoch from now()) * 1000)::bigint - 5280000),
  ('m3', 'general', 'Maya', 'Yes, I will post the link here afterwards.', (extract(epoch from now()) * 1000)::bigint - 5160000),
  ('m4', 'general', 'Priya', 'Reminder: coffee order for the offsite closes at noon ☕', (extract(epoch from now()) * 1000)::bigint - 1200000),
  ('m5', 'design', 'Leo', 'New onboarding screens are up for review.', (extract(epoch from now()) * 1000)::bigint - 14400000),
  ('m6', 'design', 'Priya', 'Love the illustrations. Can we try a warmer background on step two?', (extract(epoch from now()) * 1000)::bigint - 12000000),
  ('m7', 'design', 'Leo', 'Good call, pushing a version with sand instead of grey.', (extract(epoch from now()) * 1000)::bigint - 11100000),
  ('m8', 'random', 'Tom', 'Anyone up for a hike on Saturday? Thinking of the coastal trail.', (extract(epoch from now()) * 1000)::bigint - 36000000),
  ('m9', 'random', 'Maya', 'I am in! Bringing the dog and snacks.', (extract(epoch from now()) * 1000)::bigint - 35400000);
