-- The public API's request budget per API key (docs/decisions/054-public-api.md): one row per
-- organization (an organization has one key), counting the requests of the current minute. Kept in
-- the database so every server process draws on one budget; one upsert per request.
CREATE TABLE api_rate_limits (
  org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  -- The sha256 of the key counted: a new key starts a fresh budget.
  key_hash text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL CHECK (count >= 0)
);
