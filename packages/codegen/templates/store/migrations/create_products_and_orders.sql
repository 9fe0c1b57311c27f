CREATE TABLE products (
  id text PRIMARY KEY,
  name text NOT NULL,
  category text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  description text NOT NULL DEFAULT '',
  rating numeric(2,1) NOT NULL DEFAULT 0,
  reviews integer NOT NULL DEFAULT 0,
  stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  badge text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0
);
CREATE TABLE orders (
  id text PRIMARY KEY,
  customer_name text NOT NULL,
  email text NOT NULL,
  address text NOT NULL,
  items jsonb NOT NULL,
  subtotal_cents integer NOT NULL,
  shipping_cents integer NOT NULL,
  total_cents integer NOT NULL,
  created_at bigint NOT NULL
);
INSERT INTO products (id, name, category, price_cents, description, rating, reviews, stock, badge, position) VALUES
  ('linen-throw', 'Washed Linen Throw', 'Home', 6800, 'A soft, stonewashed linen throw in oat. Light enough for summer evenings, warm enough for the sofa in winter. 130 × 180 cm.', 4.8, 214, 12, 'Bestseller', 1),
  ('ceramic-mug-set', 'Speckled Ceramic Mugs (set of 2)', 'Kitchen', 3200, 'Hand-glazed stoneware mugs with a speckled finish, 350 ml each. Dishwasher and microwave safe.', 4.7, 128, 30, '', 2),
  ('pour-over-kit', 'Pour-Over Coffee Kit', 'Kitchen', 5400, 'A glass carafe, a stainless steel dripper and 100 paper filters: everything for a clean, bright cup at home.', 4.6, 87, 8, 'New', 3),
  ('canvas-tote', 'Waxed Canvas Tote', 'Accessories', 4500, 'Water-resistant waxed canvas with leather handles and an inside zip pocket. Fits a 15-inch laptop.', 4.9, 302, 20, 'Bestseller', 4),
  ('wool-beanie', 'Merino Wool Beanie', 'Accessories', 2800, 'Fine-knit merino that keeps you warm without itching. One size, in charcoal.', 4.5, 64, 3, '', 5),
  ('camp-lantern', 'Rechargeable Camp Lantern', 'Outdoors', 3900, 'Warm dimmable light for up to 40 hours, charged over USB-C. Hangs from a tent loop or stands on a table.', 4.7, 156, 15, '', 6),
  ('enamel-bottle', 'Insulated Steel Bottle', 'Outdoors', 2600, 'Keeps drinks cold for 24 hours or hot for 12. 750 ml, leak-proof lid, fits most cup holders.', 4.8, 411, 40, '', 7),
  ('soy-candle', 'Cedar & Fig Soy Candle', 'Home', 2400, 'Hand-poured soy wax with a cotton wick, about 45 hours of cedar, fig and a little smoke.', 4.6, 93, 25, '', 8),
  ('olive-board', 'Olive Wood Serving Board', 'Kitchen', 4900, 'Cut from a single piece of olive wood, each one with its own grain. 40 cm long, oiled and ready to use.', 4.9, 58, 0, '', 9);
