CREATE TABLE photos (
  id text PRIMARY KEY,
  title text NOT NULL,
  album text NOT NULL,
  place text NOT NULL DEFAULT '',
  taken_on text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  favourite boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
INSERT INTO photos (id, title, album, place, taken_on, description, image, favourite, created_at) VALUES
  ('reynisfjara', 'Black sand beach at Reynisfjara', 'Iceland', 'Vík, Iceland', '2024-03-12', 'Basalt columns and waves that never stop. We stayed well back from the water.', '', true, 12),
  ('skogafoss', 'Skógafoss in the mist', 'Iceland', 'Skógar, Iceland', '2024-03-13', 'Soaked in seconds, worth it.', '', false, 11),
  ('aurora', 'Northern lights over Vík', 'Iceland', 'Vík, Iceland', '2024-03-14', 'Two hours of waiting in the cold, then ten minutes of green sky.', '', true, 10),
  ('inari', 'Fushimi Inari gates at dawn', 'Kyoto', 'Kyoto, Japan', '2023-11-02', 'We started the climb at six and had the gates almost to ourselves.', '', false, 9),
  ('arashiyama', 'Bamboo grove in Arashiyama', 'Kyoto', 'Kyoto, Japan', '2023-11-03', 'The sound of the wind through the stalks is the real attraction.', '', false, 8),
  ('gion', 'Tea house lanterns in Gion', 'Kyoto', 'Kyoto, Japan', '2023-11-04', '', '', false, 7),
  ('tram-28', 'Yellow tram on a steep street', 'Lisbon', 'Lisbon, Portugal', '2023-06-20', 'Tram 28 squeezing past the cafés in Graça.', '', false, 6),
  ('alfama-tiles', 'Blue tiles in Alfama', 'Lisbon', 'Lisbon, Portugal', '2023-06-21', 'Every doorway has a different pattern.', '', false, 5),
  ('miradouro', 'Sunset from the Miradouro', 'Lisbon', 'Lisbon, Portugal', '2023-06-21', 'Half the city comes up here at golden hour.', '', true, 4),
  ('balcony-coffee', 'Morning coffee on the balcony', 'Home', 'Home', '2024-05-05', '', '', false, 3),
  ('miso', 'Miso asleep in the sun', 'Home', 'Home', '2024-07-18', 'Our cat, doing what he does best.', '', true, 2),
  ('first-snow', 'First snow in the park', 'Home', 'City park', '2024-12-01', 'Ten minutes before it all turned to slush.', '', false, 1);
