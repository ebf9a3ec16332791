-- Initial schema: organizations, their administrators (users) and members, sign-in state, mail.
-- Timestamps are timestamptz; the application writes them from its own clock so tests can move time.

CREATE TABLE organizations (
  id serial PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  sso_provider text CHECK (sso_provider IN ('okta', 'azure')),
  redirect_url text,
  api_access boolean NOT NULL DEFAULT false,
  threat_hunter_access boolean NOT NULL DEFAULT false,
  plan_status text NOT NULL DEFAULT 'none',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Administrators of an organization: the people who sign in to the portal.
CREATE TABLE users (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  -- NULL for administrators who sign in only through their organization's identity provider.
  password_hash text,
  login_blocked boolean NOT NULL DEFAULT false,
  invite_accepted boolean NOT NULL DEFAULT true,
  invite_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_org_id_idx ON users (org_id);

CREATE TABLE members (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX members_org_email_idx ON members (org_id, lower(email));

-- id is the sha256 (hex) of the cookie token; the token itself is never stored.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id);

-- Failed sign-in attempts, for throttling (kept in the database so every server process agrees).
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX login_attempts_email_idx ON login_attempts (email, attempted_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, attempted_at);

-- The development mailbox: every e-mail the server sent.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX outbox_sent_at_idx ON outbox (sent_at);
