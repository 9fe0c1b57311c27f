-- The visitor accounts of a generated app (spec §3 "Generated auth tables"): Auth.js's adapter tables under the
-- spec's names, plus a password column (an argon2id hash) on the account row of the e-mail + password account.
-- Made in each branch of the app's own database the first time a visitor signs in or up.
CREATE TABLE IF NOT EXISTS auth_users (
  id text PRIMARY KEY,
  name text,
  email text UNIQUE,
  "emailVerified" timestamptz,
  image text
);
CREATE TABLE IF NOT EXISTS auth_accounts (
  id text PRIMARY KEY,
  "userId" text NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  type text NOT NULL,
  provider text NOT NULL,
  "providerAccountId" text NOT NULL,
  refresh_token text,
  access_token text,
  expires_at bigint,
  id_token text,
  scope text,
  session_state text,
  token_type text,
  password text,
  UNIQUE (provider, "providerAccountId")
);
CREATE TABLE IF NOT EXISTS auth_sessions (
  id text PRIMARY KEY,
  "userId" text NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  expires timestamptz NOT NULL,
  "sessionToken" text NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS auth_verification_token (
  identifier text NOT NULL,
  expires timestamptz NOT NULL,
  token text NOT NULL,
  PRIMARY KEY (identifier, token)
);
