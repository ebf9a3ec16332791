-- Sign-in security (docs/decisions/015-sign-in-security.md).
--
-- 1. The throttle counts an attempt BEFORE the password is verified, with one atomic upsert per
--    scope (server/data/login-throttle.ts), so parallel guesses cannot pass the limit. It replaces
--    login_attempts (one row per failure, counted and then inserted: not atomic).
--    scope 'pair'    = account + client address (5 attempts, then a growing delay)
--    scope 'address' = client address           (20 attempts per 15 minutes)
--    scope 'account' = account, from addresses that never signed it in (50 per 15 minutes)
DROP TABLE login_attempts;

CREATE TABLE login_throttle (
  scope text NOT NULL CHECK (scope IN ('pair', 'address', 'account')),
  key text NOT NULL,
  -- Start of the current counting window; attempts counted in it.
  window_start timestamptz NOT NULL,
  attempts integer NOT NULL CHECK (attempts >= 0),
  -- While in the future, every attempt of this scope is refused without counting.
  locked_until timestamptz,
  -- How many locks in a row (the delay doubles with each); reset by a success or a quiet day.
  strikes integer NOT NULL DEFAULT 0 CHECK (strikes >= 0),
  -- The last successful sign-in of this pair: its address is "familiar" to the account.
  last_success_at timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX login_throttle_window_idx ON login_throttle (window_start);

-- 2. Idle timeout: a session unused for SESSION_IDLE_MINUTES ends (refreshed at most once a minute).
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET NOT NULL;
