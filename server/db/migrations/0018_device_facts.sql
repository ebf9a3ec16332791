-- Facts a device reports about itself (docs/product/device-api.md): whether a screen lock is set
-- (null: never reported) and when the device was last heard from (enrolment, scan or heartbeat).
-- Conditional access reads the first (docs/product/integrations.md, "Conditional access").
ALTER TABLE devices ADD COLUMN screen_lock boolean;
ALTER TABLE devices ADD COLUMN last_seen_at timestamptz;
