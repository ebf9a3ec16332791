-- The device drawer (docs/product/dashboard.md, 'Device detail'; docs/decisions/059-detail-drawers.md)
-- lists a device's last scans and the OS versions it reported. A report's row (kept for its
-- idempotency since 0019) now also keeps what the report said: when the device scanned, its OS
-- version and how many findings it had. Null in rows received before this migration.
ALTER TABLE device_reports ADD COLUMN scanned_at timestamptz;
ALTER TABLE device_reports ADD COLUMN os_version text;
ALTER TABLE device_reports ADD COLUMN findings integer CONSTRAINT device_reports_findings_check CHECK (findings >= 0);
-- The drawer reads a device's newest reports first.
CREATE INDEX device_reports_device_time_idx ON device_reports (device_id, received_at DESC);
