CREATE TABLE contacts (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  company text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  favorite boolean NOT NULL DEFAULT false,
  notes text NOT NULL DEFAULT '',
  last_contacted text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO contacts (id, name, email, phone, company, role, tags, favorite, notes, last_contacted) VALUES
  ('c-amara', 'Amara Okafor', 'amara@brightpath.io', '+44 20 7946 0312', 'Brightpath', 'Head of Partnerships', ARRAY['client', 'priority']::text[], true, 'Renewal due in March. Prefers a call on Tuesday mornings.', to_char(current_date - 3, 'YYYY-MM-DD')),
  ('c-daniel', 'Daniel Reyes', 'daniel.reyes@fernandcopper.com', '+1 415 555 0142', 'Fern & Copper', 'Founder', ARRAY['lead']::text[], false, 'Met at the Lisbon design meetup. Interested in the annual plan.', to_char(current_date - 12, 'YYYY-MM-DD')),
  ('c-hana', 'Hana Sato', 'hana@kumostudio.jp', '+81 3 5555 0198', 'Kumo Studio', 'Art Director', ARRAY['partner']::text[], true, 'Shared the illustration brief. Waiting for her first sketches.', to_char(current_date - 1, 'YYYY-MM-DD')),
  ('c-liam', 'Liam Walsh', 'liam.walsh@harbourlegal.ie', '+353 1 555 0176', 'Harbour Legal', 'Solicitor', ARRAY['supplier']::text[], false, 'Reviewing the new contractor agreement.', to_char(current_date - 40, 'YYYY-MM-DD')),
  ('c-priya', 'Priya Nair', 'priya@northwindlabs.com', '+91 80 5555 0123', 'Northwind Labs', 'Product Manager', ARRAY['client']::text[], false, 'Asked for a demo of the reporting features next week.', ''),
  ('c-marco', 'Marco Bianchi', 'marco@trattoriabianchi.it', '+39 06 5555 0111', 'Trattoria Bianchi', 'Owner', ARRAY['lead', 'events']::text[], false, 'Wants a quote for the summer tasting evenings.', to_char(current_date - 7, 'YYYY-MM-DD'));
