-- Alerts: detections of the threat-scanning service, one row per scan finding, shown in
-- the alerts console and closed or reopened there in bulk.
--
-- Design (docs/decisions/025-alerts.md): an alert is a record of what a scan found on a device at
-- scan time. It keeps a copy of the device's display text and of its member's name, taken when the
-- alert is written (trigger below), so the alert still reads the same after the device is
-- unenrolled (its row deleted: device_id becomes NULL) or the member leaves. device_id stays as a
-- link while the device exists.

CREATE TABLE alerts (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- The alert's public id (the API's scanId; update-alerts sends these as alertIds).
  scan_id text NOT NULL UNIQUE CHECK (scan_id <> ''),
  device_id integer REFERENCES devices (id) ON DELETE SET NULL,
  -- The device as shown (its model, else its enrolment code) and its member's name at scan time.
  device_label text NOT NULL,
  member_name text,
  alert_name text NOT NULL,
  -- JSON text: a list of {"threat": "…"}. Stored as text, not jsonb: it is passed through as the
  -- scanner wrote it, and a malformed one must not be refused (the console copes with it).
  alert_description text NOT NULL,
  -- 'Critical', 'High', 'Suspicious', 'Low' have their own badge; others show in the default style.
  severity text NOT NULL CHECK (severity <> ''),
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Closed')),
  scan_time timestamptz NOT NULL
);

-- The console's list: newest scan first, then id; with a status filter and without one.
CREATE INDEX alerts_status_order_idx ON alerts (org_id, status, scan_time DESC, id);
CREATE INDEX alerts_order_idx ON alerts (org_id, scan_time DESC, id);
-- ON DELETE SET NULL of a device looks its alerts up by device.
CREATE INDEX alerts_device_id_idx ON alerts (device_id);

-- The copies: written from the device when an alert is inserted with a device_id (the values the
-- writer passed are replaced); a device of another organization is refused. Later changes to the
-- device or member do not reach existing alerts: they describe the scan as it happened.
CREATE FUNCTION alerts_copy_device() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d devices%ROWTYPE;
BEGIN
  IF NEW.device_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO d FROM devices WHERE id = NEW.device_id;
  IF NOT FOUND OR d.org_id <> NEW.org_id THEN
    RAISE EXCEPTION 'alert % refers to device % of another organization', NEW.scan_id, NEW.device_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  NEW.device_label := coalesce(d.model, d.code);
  NEW.member_name := d.member_name;
  RETURN NEW;
END;
$$;
CREATE TRIGGER alerts_copy_device BEFORE INSERT ON alerts
  FOR EACH ROW EXECUTE FUNCTION alerts_copy_device();
