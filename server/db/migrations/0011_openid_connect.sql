-- OpenID Connect sign-in (docs/decisions/019-openid-connect.md).

-- 1. The relying party's sign-in transactions: a row from /api/oauth/login to its callback, at
--    most 10 minutes; the callback deletes it (single use) before it does anything else.
CREATE TABLE oidc_transactions (
  -- sha256 of the `state` sent to the provider (the state itself is never stored).
  state_hash text PRIMARY KEY,
  -- sha256 of the browser binding cookie: only the browser that started may finish.
  browser_hash text NOT NULL,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  -- The redirect_uri of the authorization request (the token request repeats it).
  redirect_uri text NOT NULL,
  -- The provider and client the flow started with: settings changed meanwhile end the flow.
  issuer text NOT NULL,
  client_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX oidc_transactions_expires_idx ON oidc_transactions (expires_at);

-- 2. The development OpenID Provider's keys (never used in production): its ID token signing key
--    (a private JWK) and the keys that sign its cookies, made on first use and kept.
CREATE TABLE dev_idp_keys (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL
);

-- 3. The sign-in throttle also counts single sign-on starts per client address.
ALTER TABLE login_throttle DROP CONSTRAINT login_throttle_scope_check;
ALTER TABLE login_throttle ADD CONSTRAINT login_throttle_scope_check
  CHECK (scope IN ('pair', 'address', 'account', 'sso-start'));

-- 4. The Redirect URL is one for every organization, built from PUBLIC_URL (or the request's own
--    origin in development): a stored copy per organization could only go stale.
ALTER TABLE organizations DROP COLUMN redirect_url;
