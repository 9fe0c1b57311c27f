CREATE TABLE transactions (
  id text PRIMARY KEY,
  description text NOT NULL DEFAULT '',
  amount_cents integer NOT NULL,
  kind text NOT NULL,
  category text NOT NULL,
  date text NOT NULL DEFAULT '',
  created_at bigint NOT NULL
);
INSERT INTO transactions (id, description, amount_cents, kind, category, date, created_at) VALUES
  ('seed-1', 'Monthly salary', 385000, 'income', 'Salary', to_char(current_date - 20, 'YYYY-MM-DD'), 1),
  ('seed-2', 'Rent', 125000, 'expense', 'Housing', to_char(current_date - 19, 'YYYY-MM-DD'), 2),
  ('seed-3', 'Internet', 4500, 'expense', 'Utilities', to_char(current_date - 16, 'YYYY-MM-DD'), 3),
  ('seed-4', 'Running shoes', 9500, 'expense', 'Shopping', to_char(current_date - 14, 'YYYY-MM-DD'), 4),
  ('seed-5', 'Electricity bill', 6420, 'expense', 'Utilities', to_char(current_date - 12, 'YYYY-MM-DD'), 5),
  ('seed-6', 'Streaming subscriptions', 2298, 'expense', 'Entertainment', to_char(current_date - 10, 'YYYY-MM-DD'), 6),
  ('seed-7', 'Groceries at Fresh Market', 7215, 'expense', 'Groceries', to_char(current_date - 9, 'YYYY-MM-DD'), 7),
  ('seed-8', 'Pharmacy', 1875, 'expense', 'Health', to_char(current_date - 7, 'YYYY-MM-DD'), 8),
  ('seed-9', 'Logo design for a client', 42000, 'income', 'Freelance', to_char(current_date - 6, 'YYYY-MM-DD'), 9),
  ('seed-10', 'Cinema tickets', 2400, 'expense', 'Entertainment', to_char(current_date - 5, 'YYYY-MM-DD'), 10),
  ('seed-11', 'Metro card top-up', 4000, 'expense', 'Transport', to_char(current_date - 4, 'YYYY-MM-DD'), 11),
  ('seed-12', 'Dinner at Luca''s', 5850, 'expense', 'Dining out', to_char(current_date - 3, 'YYYY-MM-DD'), 12),
  ('seed-13', 'Groceries at Fresh Market', 8640, 'expense', 'Groceries', to_char(current_date - 2, 'YYYY-MM-DD'), 13),
  ('seed-14', 'Coffee with Sam', 780, 'expense', 'Dining out', to_char(current_date - 1, 'YYYY-MM-DD'), 14);
