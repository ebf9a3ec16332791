-- Conditional access acts on devices (docs/decisions/053-policies-and-reminders.md).
--
-- A member quarantined by the policy is `ca_blocked` (what the identity provider's conditional
-- access blocks, and what deactivation and removal already unblock) with the reason shown on the
-- dashboard and the Members page, and since when. A member blocked without a reason (before
-- policies were evaluated) keeps a null reason.
ALTER TABLE members ADD COLUMN ca_reason text;
ALTER TABLE members ADD COLUMN ca_blocked_at timestamptz;
ALTER TABLE members ADD CONSTRAINT members_ca_reason_check
  CHECK (ca_blocked OR (ca_reason IS NULL AND ca_blocked_at IS NULL));

-- The OS versions seen per organization and platform, each with when it was first seen: "outdated
-- OS" is a version older than the newest seen for longer than the policy's period, counted from
-- when the first newer version appeared (a device left behind by 15 stays outdated when 16
-- arrives). Per organization, so one organization's devices never decide another's quarantines.
-- A few rows per platform and year.
CREATE TABLE os_versions_seen (
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  platform text NOT NULL CONSTRAINT os_versions_seen_platform_check CHECK (platform IN ('ios', 'android')),
  -- The version's numbers without trailing zeros ('17.0' and '17' are the same version).
  version_key integer[] NOT NULL,
  -- As the first device reported it.
  version text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, platform, version_key)
);

-- Scan reminders sent to members (docs/product/notifications.md, "Device scan reminder"): the
-- e-mails queued and the push notifications recorded (not delivered while no push provider is
-- configured). The newest row of a member says when the next reminder may go.
CREATE TABLE scan_reminders (
  id bigserial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  channel text NOT NULL CONSTRAINT scan_reminders_channel_check CHECK (channel IN ('PUSH', 'EMAIL')),
  status text NOT NULL CONSTRAINT scan_reminders_status_check CHECK (status IN ('queued', 'not_delivered')),
  sent_at timestamptz NOT NULL
);
CREATE INDEX scan_reminders_member_idx ON scan_reminders (member_id, sent_at DESC);
CREATE INDEX scan_reminders_org_idx ON scan_reminders (org_id, sent_at DESC);
