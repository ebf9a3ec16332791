-- Integrations and notifications (docs/decisions/028-integrations-and-notifications.md): API key,
-- webhook, conditional access, e-mail and notification preferences, the custom enrolment e-mail.
-- One row per organization (and type / topic); every table goes with its organization.

-- API key: only its sha256 (hex) is stored, plus a display form ('mdsk_…AbCd') the Settings card
-- shows; the key itself is answered once, when generated. One key per organization: generating
-- replaces the row (the old hash is gone, so the old key stops working); revoking deletes it.
-- `expires_at` NULL: never expires.
CREATE TABLE api_keys (
  org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  key_hash text NOT NULL UNIQUE,
  display text NOT NULL,
  expires_at timestamptz,
  created_at timestamptz NOT NULL
);

-- Webhook: the signing secret ('whsec_…') is kept retrievable (the card shows it on every visit);
-- the URL is saved only after a signed test delivery answered 2xx. Both NULL: inactive.
CREATE TABLE webhooks (
  org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  url text,
  secret text,
  updated_at timestamptz NOT NULL,
  CHECK (url IS NULL OR secret IS NOT NULL)
);

-- Conditional access: configuration and quarantine policy of one organization. No row: the
-- defaults (nothing configured, policy NONE / NEVER / NEVER / false). `removal_requested_at` is
-- set by DELETE /orgs/conditional-access and cleared by the job that unblocks the members and
-- resets the row.
CREATE TABLE conditional_access (
  org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  provider text CHECK (provider IN ('azure', 'okta')),
  tenant text,
  client_id text,
  client_secret text,
  user_extension text,
  group_id text,
  active boolean NOT NULL DEFAULT false,
  alert_severity text NOT NULL DEFAULT 'NONE'
    CHECK (alert_severity IN ('CRITICAL_ONLY', 'HIGH_AND_CRITICAL', 'NONE')),
  outdated_os_period text NOT NULL DEFAULT 'NEVER'
    CHECK (outdated_os_period IN ('THREE_DAYS', 'SEVEN_DAYS', 'TWO_WEEKS', 'NEVER')),
  device_integrity_period text NOT NULL DEFAULT 'NEVER'
    CHECK (device_integrity_period IN ('THREE_DAYS', 'SEVEN_DAYS', 'TWO_WEEKS', 'NEVER')),
  screen_lock_enabled boolean NOT NULL DEFAULT false,
  removal_requested_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX conditional_access_removal_idx ON conditional_access (removal_requested_at)
  WHERE removal_requested_at IS NOT NULL;

-- Members blocked by conditional access (the identity provider's user extension is set for
-- them); the removal job and deactivation unblock them.
ALTER TABLE members ADD COLUMN ca_blocked boolean NOT NULL DEFAULT false;
CREATE INDEX members_ca_blocked_idx ON members (org_id) WHERE ca_blocked;

-- E-mail preferences: a NULL column is a preference the organization is not offered (its control
-- is hidden). No row: the defaults of server/data/notifications.ts.
CREATE TABLE email_preferences (
  org_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  weekly_summary boolean,
  threat_alerts boolean,
  enrollment_emails_frequency text
    CHECK (enrollment_emails_frequency IN ('ONCE', 'EVERY_SECOND_DAY', 'WEEKLY', 'NEVER')),
  outdated_os_emails_frequency text
    CHECK (outdated_os_emails_frequency IN ('DAILY', 'EVERY_SECOND_DAY', 'WEEKLY', 'NEVER')),
  updated_at timestamptz NOT NULL
);

-- Custom e-mail templates (OrgEnrollment): subject and body as the administrator sent them (the
-- body is turned into plain text when an e-mail is composed); NULL means the default text.
CREATE TABLE email_templates (
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('OrgEnrollment')),
  subject text,
  body text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, type)
);

-- Device scan notifications (topic OpenAppToScan). No row: the defaults.
CREATE TABLE notification_preferences (
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  topic text NOT NULL CHECK (topic IN ('OpenAppToScan')),
  notification_type text NOT NULL CHECK (notification_type IN ('PUSH', 'EMAIL')),
  device_integrity_period text NOT NULL
    CHECK (device_integrity_period IN ('THREE_DAYS', 'SEVEN_DAYS', 'TWO_WEEKS', 'NEVER')),
  notification_frequency text NOT NULL
    CHECK (notification_frequency IN ('DAILY', 'EVERY_SECOND_DAY', 'WEEKLY')),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, topic)
);
