CREATE TABLE profiles (
  id text PRIMARY KEY,
  name text NOT NULL,
  age integer NOT NULL CHECK (age >= 18),
  city text NOT NULL DEFAULT '',
  distance_km integer NOT NULL DEFAULT 0,
  bio text NOT NULL DEFAULT '',
  interests text[] NOT NULL DEFAULT '{}',
  prompt text NOT NULL DEFAULT '',
  answer text NOT NULL DEFAULT '',
  photo text NOT NULL DEFAULT '',
  likes_you boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0
);
CREATE TABLE swipes (
  profile_id text PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  decision text NOT NULL CHECK (decision IN ('like', 'pass')),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO profiles (id, name, age, city, distance_km, bio, interests, prompt, answer, photo, likes_you, sort_order) VALUES
  ('elena', 'Elena', 29, 'Riverside', 3, 'Weekend trail runner, weekday architect. Looking for someone to share summit snacks with.', ARRAY['hiking', 'coffee', 'architecture']::text[], 'A perfect Sunday', 'Sunrise hike, long brunch, and a nap I will deny taking.', 'Smiling woman with a backpack on a mountain trail at sunrise', true, 1),
  ('jonah', 'Jonah', 32, 'Old Town', 5, 'Sound engineer who bakes sourdough for the whole building.', ARRAY['music', 'baking', 'hiking']::text[], 'I geek out on', 'Old synthesizers and the perfect open crumb.', 'Man with curly hair holding a loaf of sourdough in a sunny kitchen', false, 2),
  ('aisha', 'Aisha', 27, 'Harbourside', 8, 'Marine biologist. I will talk about octopuses on the first date, you have been warned.', ARRAY['diving', 'travel', 'books']::text[], 'Two truths and a lie', 'I have held a baby shark, I speak four languages, I dislike coffee.', 'Woman in a wetsuit laughing on a boat at sea', true, 3),
  ('mateo', 'Mateo', 30, 'Northside', 2, 'Climbing gym regular, amateur chef, proudly terrible at karaoke.', ARRAY['climbing', 'cooking', 'hiking']::text[], 'Green flags I look for', 'Kind to waiters, texts back, shares dessert without being asked.', 'Man chalking his hands in front of a colourful climbing wall', true, 4),
  ('noor', 'Noor', 34, 'Garden District', 12, 'Product designer with a balcony garden that is slowly taking over the flat.', ARRAY['gardening', 'design', 'yoga']::text[], 'My simple pleasures', 'Fresh basil, clean sheets and a well-kerned poster.', 'Woman watering plants on a sunny balcony full of herbs', false, 5),
  ('sam', 'Sam', 28, 'Eastgate', 6, 'Nurse on nights, mountain biker on days off. Dog person, cat tolerant.', ARRAY['cycling', 'hiking', 'podcasts']::text[], 'Let''s make sure we''re on the same page about', 'Dogs are family and pineapple on pizza is fine.', 'Person with a mountain bike and a happy dog on a forest path', true, 6),
  ('claire', 'Claire', 31, 'University Quarter', 20, 'History teacher and host of a very competitive board-game night.', ARRAY['board games', 'history', 'hiking']::text[], 'The way to win me over is', 'Know one obscure historical fact and lose gracefully at Catan.', 'Woman laughing at a table covered with board games', false, 7),
  ('kenji', 'Kenji', 33, 'Station Hill', 4, 'Photographer chasing good light and better ramen.', ARRAY['photography', 'food', 'travel']::text[], 'Typical Saturday', 'Golden-hour walk with my camera, then the ramen place with the long queue.', 'Man with a film camera on a city rooftop at golden hour', true, 8);
