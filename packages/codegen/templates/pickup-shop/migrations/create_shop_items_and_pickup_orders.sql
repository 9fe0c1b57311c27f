CREATE TABLE shop_items (
  id text PRIMARY KEY,
  name text NOT NULL,
  aisle text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  unit text NOT NULL DEFAULT '',
  in_stock boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);
CREATE TABLE pickup_orders (
  id text PRIMARY KEY,
  code text NOT NULL,
  customer_name text NOT NULL,
  phone text NOT NULL,
  pickup_day text NOT NULL,
  pickup_time text NOT NULL,
  items jsonb NOT NULL,
  total_cents integer NOT NULL,
  note text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'ready', 'collected')),
  created_at bigint NOT NULL
);
INSERT INTO shop_items (id, name, aisle, price_cents, unit, in_stock, position) VALUES
  ('sourdough', 'Sourdough loaf', 'Bakery', 650, '800 g, baked this morning', true, 1),
  ('croissant', 'Butter croissant', 'Bakery', 325, 'each', true, 2),
  ('cinnamon-bun', 'Cinnamon bun', 'Bakery', 375, 'each', true, 3),
  ('seeded-rye', 'Seeded rye', 'Bakery', 580, '700 g', false, 4),
  ('cheddar', 'Aged cheddar', 'Deli', 540, '200 g, cut to order', true, 5),
  ('ham', 'Smoked ham, sliced', 'Deli', 490, '150 g', true, 6),
  ('hummus', 'Lemon hummus', 'Deli', 360, '250 g tub', true, 7),
  ('milk', 'Whole milk', 'Dairy & eggs', 180, '1 litre, local farm', true, 8),
  ('eggs', 'Free-range eggs', 'Dairy & eggs', 420, 'box of 6', true, 9),
  ('tomatoes', 'Vine tomatoes', 'Fruit & veg', 310, '500 g', true, 10),
  ('apples', 'Orchard apples', 'Fruit & veg', 280, 'bag of 6', true, 11),
  ('coffee', 'House blend coffee', 'Pantry', 950, '250 g, ground', true, 12),
  ('honey', 'Wildflower honey', 'Pantry', 800, '340 g jar', true, 13);
INSERT INTO pickup_orders (id, code, customer_name, phone, pickup_day, pickup_time, items, total_cents, note, status, created_at) VALUES
  ('seed-1', 'K4P', 'Maya Patel', '555 0142', to_char(current_date, 'YYYY-MM-DD'), '09:30', '[{"itemId":"sourdough","name":"Sourdough loaf","quantity":1,"priceCents":650},{"itemId":"eggs","name":"Free-range eggs","quantity":1,"priceCents":420},{"itemId":"milk","name":"Whole milk","quantity":2,"priceCents":180}]', 1430, '', 'ready', (extract(epoch from now()) * 1000)::bigint - 5700000),
  ('seed-2', 'T7M', 'Tom Reyes', '555 0187', to_char(current_date, 'YYYY-MM-DD'), '12:00', '[{"itemId":"croissant","name":"Butter croissant","quantity":4,"priceCents":325},{"itemId":"coffee","name":"House blend coffee","quantity":1,"priceCents":950}]', 2250, '', 'new', (extract(epoch from now()) * 1000)::bigint - 1200000);
