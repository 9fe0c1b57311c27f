CREATE TABLE holdings (
  id text PRIMARY KEY,
  symbol text NOT NULL,
  amount double precision NOT NULL,
  price_usd double precision NOT NULL,
  bought_on text NOT NULL DEFAULT '',
  created_at bigint NOT NULL
);
INSERT INTO holdings (id, symbol, amount, price_usd, bought_on, created_at) VALUES
  ('seed-1', 'BTC', 0.15, 52300, to_char(current_date - 120, 'YYYY-MM-DD'), 1),
  ('seed-2', 'ETH', 2.4, 2950, to_char(current_date - 90, 'YYYY-MM-DD'), 2),
  ('seed-3', 'SOL', 35, 98.5, to_char(current_date - 60, 'YYYY-MM-DD'), 3),
  ('seed-4', 'BTC', 0.05, 61800, to_char(current_date - 45, 'YYYY-MM-DD'), 4),
  ('seed-5', 'ADA', 1500, 0.38, to_char(current_date - 30, 'YYYY-MM-DD'), 5),
  ('seed-6', 'LINK', 40, 14.2, to_char(current_date - 14, 'YYYY-MM-DD'), 6);
