-- The device API (server/device-api/, docs/product/device-api.md, docs/decisions/051-device-api.md):
-- devices enrol with their member's code and then report scans with a credential of their own.

-- 1. The device's credential: only its SHA-256 is stored (as the SCIM token's and the API key's);
--    the credential itself is answered once, at enrolment. Unenrolment deletes the row, so the
--    credential dies with it. When the device enrolled (null: pending, or enrolled before this).
ALTER TABLE devices ADD COLUMN credential_hash text UNIQUE;
ALTER TABLE devices ADD COLUMN enrolled_at timestamptz;

-- 2. The reports a device has sent, by the id the app gives each one: a retried upload of the
--    same report finds its id here and changes nothing.
CREATE TABLE device_reports (
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  report_id uuid NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (device_id, report_id)
);

-- 3. Alerts opened by a report know the finding (the threat id the app reported) that opened
--    them, so the same finding on the same device opens nothing while its alert is open; and when
--    a later report no longer has the finding, the alert records when (null: still reported).
ALTER TABLE alerts ADD COLUMN threat_id text;
ALTER TABLE alerts ADD COLUMN finding_cleared_at timestamptz;
CREATE INDEX alerts_device_open_threat_idx ON alerts (device_id, threat_id)
  WHERE status = 'Open';

-- 4. Two more webhook events, and devices as actors of the audit log.
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_type_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_type_check CHECK (
  event_type IN (
    'alert.created',
    'alert.updated',
    'device.enrolled',
    'device.unenrolled',
    'member.created',
    'member.invited',
    'scan.completed',
    'webhook.test'
  )
);
ALTER TABLE audit_events DROP CONSTRAINT audit_events_actor_type_check;
ALTER TABLE audit_events ADD CONSTRAINT audit_events_actor_type_check CHECK (
  actor_type IN ('user', 'api_key', 'scim', 'system', 'device')
);

-- 5. Enrolment attempts per client address join the sign-in throttle's counts (a guessed code is
--    a guessed password: server/auth/login-throttle.ts).
ALTER TABLE login_throttle DROP CONSTRAINT login_throttle_scope_check;
ALTER TABLE login_throttle ADD CONSTRAINT login_throttle_scope_check
  CHECK (scope IN ('pair', 'address', 'account', 'sso-start', 'device-enrol'));
