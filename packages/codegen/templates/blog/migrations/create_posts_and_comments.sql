CREATE TABLE posts (
  id text PRIMARY KEY,
  title text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  body text NOT NULL,
  tag text NOT NULL DEFAULT '',
  author text NOT NULL,
  likes integer NOT NULL DEFAULT 0,
  published_at bigint NOT NULL
);
CREATE TABLE comments (
  id text PRIMARY KEY,
  post_id text NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  author text NOT NULL,
  body text NOT NULL,
  created_at bigint NOT NULL
);
INSERT INTO posts (id, title, excerpt, body, tag, author, likes, published_at) VALUES
  ('balcony-tomatoes', 'Growing tomatoes on a north-facing balcony', 'Four hours of sun, six pots and one stubborn gardener. Here is what actually ripened.', E'Everyone told me a north-facing balcony was hopeless for tomatoes. They were half right.\n\nI chose cherry varieties that ripen early, Sungold and Tumbling Tom, and gave each plant a 20-litre pot. The pots sat on the railing side, where the light bounces off the white wall opposite.\n\nBy August I was picking a small bowl every other day. Not a glut, but enough for salads and one memorable tart. Next year: a reflective sheet behind the pots and one more plant.', 'Garden', 'Priya Shah', 42, (extract(epoch from now()) * 1000)::bigint - 86400000),
  ('morning-pages', 'What a year of morning pages taught me', 'Three pages, longhand, before coffee. Most of it was rubbish, and that was the point.', E'I started writing three pages every morning after a friend would not stop talking about it. I expected clarity. I mostly got lists of worries and half-remembered dreams.\n\nAround month four something shifted. The worries repeated, and seeing them repeat made them smaller. Ideas for work started to show up on page two, after the complaining ran out.\n\nI still do it most days. Not for the writing, but for the twenty quiet minutes before the day starts asking for things.', 'Writing', 'Daniel Okafor', 87, (extract(epoch from now()) * 1000)::bigint - 259200000),
  ('slow-lisbon', 'A slow Sunday in Lisbon', 'No museums, no lists: one tram ride, two bakeries and a long lunch by the river.', E'We gave ourselves one rule for the day: nothing booked. We took the 28 tram to the end of the line and walked back down through Graça.\n\nThe first bakery was for pastéis de nata, still warm. The second was because the first one was so good. Lunch was grilled sardines at a place with four tables and no menu.\n\nBy the time the light went gold over the river we had seen almost none of the sights, and it was the best day of the trip.', 'Travel', 'Priya Shah', 64, (extract(epoch from now()) * 1000)::bigint - 518400000),
  ('five-minute-rule', 'The five-minute rule for hard tasks', 'Promise yourself five minutes. You are allowed to stop after that. You usually will not.', E'The hardest part of a difficult task is the first minute. So I stopped asking myself to finish things and started asking for five minutes.\n\nSet a timer, open the document, write one bad sentence. When the timer rings you can stop with a clear conscience.\n\nMost days I keep going, because starting was the only hard part. On the days I stop, I still did five minutes more than I would have.', 'Habits', 'Daniel Okafor', 120, (extract(epoch from now()) * 1000)::bigint - 864000000),
  ('paper-calendar', 'Why I went back to a paper calendar', 'Notifications told me where to be. A paper week told me what my week was for.', E'For years my calendar lived in my phone, and my phone decided when I thought about it.\n\nA paper week on my desk changed that. Every Sunday I copy in the fixed things, then look at the gaps and decide what they are for. Writing it by hand makes me choose.\n\nI still keep the digital calendar for shared meetings. But the paper one is where the week actually gets planned.', 'Tools', 'Mina Larsen', 33, (extract(epoch from now()) * 1000)::bigint - 1296000000);
INSERT INTO comments (id, post_id, author, body, created_at) VALUES
  ('c1', 'balcony-tomatoes', 'Tom', 'Sungold is the one for shade. Mine did well on an east wall too.', (extract(epoch from now()) * 1000)::bigint - 36000000),
  ('c2', 'balcony-tomatoes', 'Alice', 'The reflective sheet tip is brilliant, trying it in spring.', (extract(epoch from now()) * 1000)::bigint - 14400000),
  ('c3', 'five-minute-rule', 'Marco', 'This got me to finally start my tax return. Thank you!', (extract(epoch from now()) * 1000)::bigint - 108000000);
