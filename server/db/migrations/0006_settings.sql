-- Settings (docs/decisions/027-administrators-credentials-threat-hunters.md): administrator
-- invitations, SCIM and MDM credentials, threat hunter users.

-- Invitation links reuse the password-reset token table (same hashing, single use, same
-- /update-password page) with a purpose, so the hourly cap on reset e-mails counts resets only.
ALTER TABLE password_reset_tokens
  ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'invite'));

-- Pending administrators (invited, no password yet) are listed by organization.
CREATE INDEX users_org_pending_idx ON users (org_id) WHERE NOT invite_accepted;

-- SCIM bearer token and MDM token: one row per organization and kind while it is enabled; disabling
-- deletes the row (the credential is revoked). `secret` is kept retrievable because the Settings
-- screens show it on every visit (docs/decisions/027-administrators-credentials-threat-hunters.md);
-- `secret_hash` (sha256 hex) is what a SCIM or MDM endpoint looks a presented credential up by.
CREATE TABLE org_credentials (
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('scim', 'mdm')),
  secret text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, kind)
);

-- Threat hunter users: a separate provisioned list (docs/product/settings.md), not portal sign-ins.
CREATE TABLE threat_hunter_users (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL CHECK (email = lower(email)),
  access_code text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'Invited' CHECK (status IN ('Invited', 'Active', 'Expired')),
  created_at timestamptz NOT NULL,
  UNIQUE (org_id, email)
);
