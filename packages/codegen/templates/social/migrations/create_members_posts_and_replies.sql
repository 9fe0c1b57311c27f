CREATE TABLE members (
  handle text PRIMARY KEY,
  name text NOT NULL,
  bio text NOT NULL DEFAULT '',
  place text NOT NULL DEFAULT ''
);
CREATE TABLE posts (
  id text PRIMARY KEY,
  handle text NOT NULL,
  name text NOT NULL,
  body text NOT NULL,
  topic text NOT NULL DEFAULT 'neighbourhood',
  likes integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
  created_at bigint NOT NULL
);
CREATE TABLE replies (
  id text PRIMARY KEY,
  post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  handle text NOT NULL,
  name text NOT NULL,
  body text NOT NULL,
  created_at bigint NOT NULL
);
INSERT INTO members (handle, name, bio, place) VALUES
  ('ana', 'Ana Costa', 'Dog walker, two rescue greyhounds, always up for a park meet-up.', 'Riverside'),
  ('ben', 'Ben Hughes', 'Runs the Saturday repair café. Bring your broken toaster.', 'Old Town'),
  ('chloe', 'Chloe Kim', 'Baker by night, gardener by day. Sourdough starter available.', 'Hillcrest'),
  ('dev', 'Dev Patel', 'Cyclist and map nerd. Organises the Sunday ride.', 'Riverside'),
  ('emma', 'Emma Walsh', 'New here! Looking for a book club and good coffee.', 'Station Road'),
  ('felix', 'Felix Wong', 'Photographer. Posting the neighbourhood one photo at a time.', 'Old Town');
INSERT INTO posts (id, handle, name, body, topic, likes, created_at) VALUES
  ('p1', 'ana', 'Ana Costa', 'Big dog meet-up at Riverside Park this Saturday, 10am by the east gate. Calm dogs and nervous ones welcome, we will walk the long loop.', 'dogs', 24, (extract(epoch from now()) * 1000)::bigint - 2100000),
  ('p2', 'chloe', 'Chloe Kim', 'I have too much sourdough starter again. If you want some, leave a jar on my step (14 Hillcrest Lane) and I will fill it tonight.', 'food', 41, (extract(epoch from now()) * 1000)::bigint - 9000000),
  ('p3', 'ben', 'Ben Hughes', 'Repair café is back next Saturday in the church hall. Last month we saved 3 lamps, a bike and a very old radio.', 'events', 18, (extract(epoch from now()) * 1000)::bigint - 25200000),
  ('p4', 'emma', 'Emma Walsh', 'Does anyone know a vet near Station Road that is open on Sundays? Our puppy ate half a sock.', 'help', 7, (extract(epoch from now()) * 1000)::bigint - 54000000),
  ('p5', 'felix', 'Felix Wong', 'Fog over the river this morning. Worth getting up at six for.', 'neighbourhood', 56, (extract(epoch from now()) * 1000)::bigint - 90000000);
INSERT INTO replies (id, post_id, handle, name, body, created_at) VALUES
  ('r1', 'p1', 'dev', 'Dev Patel', 'We will be there with Biscuit!', (extract(epoch from now()) * 1000)::bigint - 1200000),
  ('r2', 'p4', 'ana', 'Ana Costa', 'Hillcrest Vets does Sunday mornings. Hope the puppy is OK.', (extract(epoch from now()) * 1000)::bigint - 51600000),
  ('r3', 'p4', 'emma', 'Emma Walsh', 'Thank you! All fine, sock recovered.', (extract(epoch from now()) * 1000)::bigint - 36000000);
