-- The device list while devices change (docs/decisions/055-lists-under-change.md).
--
-- Page anchors (docs/decisions/024-device-list.md) are computed at one devices_version. Instead of
-- recomputing them after every change (a pass over every device: ~300 ms at 100,000), a server
-- reads what changed since that version from this log and corrects the anchors' positions and the
-- count in memory. Each row is one device as it was before and after one statement (NULL: it did
-- not exist), under the devices_version that statement's transaction made; the version bump holds
-- the organization row's lock until commit, so versions commit in order and a snapshot that sees
-- version V sees exactly the changes up to V. A statement touching more than 1,000 devices of an
-- organization logs one row with both sides NULL instead: "recompute" (bulk imports, seeds).
-- Changes that move no list key nor filter (last_seen_at, screen_lock, deactivated_at) are not
-- logged. Rows are kept 10 minutes (housekeeping deletes older ones); a server whose anchors are
-- older than that recomputes them.
CREATE TABLE device_list_changes (
  id bigserial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  version bigint NOT NULL,
  old_row jsonb,
  new_row jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_list_changes_org_version_idx ON device_list_changes (org_id, version);
CREATE INDEX device_list_changes_created_at_idx ON device_list_changes (created_at);

CREATE OR REPLACE FUNCTION devices_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH bumped AS (
      UPDATE organizations SET devices_version = devices_version + 1
      WHERE id IN (SELECT DISTINCT org_id FROM new_rows)
      RETURNING id, devices_version
    ), counted AS (
      SELECT b.id, b.devices_version, (SELECT count(*) FROM new_rows n WHERE n.org_id = b.id) AS row_count
      FROM bumped b
    )
    INSERT INTO device_list_changes (org_id, version, old_row, new_row)
    SELECT c.id, c.devices_version, NULL::jsonb, to_jsonb(n)
    FROM counted c JOIN new_rows n ON n.org_id = c.id WHERE c.row_count <= 1000
    UNION ALL
    SELECT c.id, c.devices_version, NULL::jsonb, NULL::jsonb FROM counted c WHERE c.row_count > 1000;
  ELSIF TG_OP = 'DELETE' THEN
    WITH bumped AS (
      UPDATE organizations SET devices_version = devices_version + 1
      WHERE id IN (SELECT DISTINCT org_id FROM old_rows)
      RETURNING id, devices_version
    ), counted AS (
      SELECT b.id, b.devices_version, (SELECT count(*) FROM old_rows o WHERE o.org_id = b.id) AS row_count
      FROM bumped b
    )
    INSERT INTO device_list_changes (org_id, version, old_row, new_row)
    SELECT c.id, c.devices_version, to_jsonb(o), NULL::jsonb
    FROM counted c JOIN old_rows o ON o.org_id = c.id WHERE c.row_count <= 1000
    UNION ALL
    SELECT c.id, c.devices_version, NULL::jsonb, NULL::jsonb FROM counted c WHERE c.row_count > 1000;
  ELSE
    WITH bumped AS (
      UPDATE organizations SET devices_version = devices_version + 1
      WHERE id IN (SELECT org_id FROM new_rows UNION SELECT org_id FROM old_rows)
      RETURNING id, devices_version
    ), moved AS (
      -- One row per device and organization side (a device moved between organizations leaves
      -- one list and enters another), only where a list key or filter column changed.
      SELECT b.id AS org_id, b.devices_version,
             CASE WHEN o.org_id = b.id THEN to_jsonb(o) END AS old_row,
             CASE WHEN n.org_id = b.id THEN to_jsonb(n) END AS new_row
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN bumped b ON b.id IN (o.org_id, n.org_id)
      WHERE (o.org_id, o.code, o.model, o.platform, o.os_version, o.enrolled, o.severity,
             o.last_scan_at, o.member_name, o.member_email)
            IS DISTINCT FROM
            (n.org_id, n.code, n.model, n.platform, n.os_version, n.enrolled, n.severity,
             n.last_scan_at, n.member_name, n.member_email)
    ), counted AS (
      SELECT m.*, count(*) OVER (PARTITION BY m.org_id) AS row_count FROM moved m
    )
    INSERT INTO device_list_changes (org_id, version, old_row, new_row)
    SELECT c.org_id, c.devices_version, c.old_row, c.new_row FROM counted c WHERE c.row_count <= 1000
    UNION ALL
    SELECT DISTINCT c.org_id, c.devices_version, NULL::jsonb, NULL::jsonb
    FROM counted c WHERE c.row_count > 1000;
  END IF;
  RETURN NULL;
END;
$$;

-- The Members page's list (server/members/directory.ts): its page anchors and counts are cached
-- per organization and members_version, which the triggers below bump in the transaction of any
-- change to the organization's members, and of any device change that can change a member's
-- status (a device added, removed, enrolled or unenrolled, or given to another member). Scan
-- reports change none of these: the list's cache survives them.
ALTER TABLE organizations ADD COLUMN members_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION members_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE organizations SET members_version = members_version + 1
    WHERE id IN (SELECT DISTINCT org_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE organizations SET members_version = members_version + 1
    WHERE id IN (SELECT DISTINCT org_id FROM old_rows);
  ELSIF TG_TABLE_NAME = 'devices' THEN
    UPDATE organizations SET members_version = members_version + 1
    WHERE id IN (
      SELECT o.org_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.org_id, o.member_id, o.enrolled) IS DISTINCT FROM (n.org_id, n.member_id, n.enrolled)
      UNION
      SELECT n.org_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.org_id, o.member_id, o.enrolled) IS DISTINCT FROM (n.org_id, n.member_id, n.enrolled));
  ELSE
    UPDATE organizations SET members_version = members_version + 1
    WHERE id IN (SELECT org_id FROM new_rows UNION SELECT org_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER members_bump_version_insert AFTER INSERT ON members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION members_bump_version();
CREATE TRIGGER members_bump_version_update AFTER UPDATE ON members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION members_bump_version();
CREATE TRIGGER members_bump_version_delete AFTER DELETE ON members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION members_bump_version();
CREATE TRIGGER devices_bump_members_version_insert AFTER INSERT ON devices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION members_bump_version();
CREATE TRIGGER devices_bump_members_version_update AFTER UPDATE ON devices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION members_bump_version();
CREATE TRIGGER devices_bump_members_version_delete AFTER DELETE ON devices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION members_bump_version();

-- A status or source filter reads a range of its own in name order.
CREATE INDEX members_org_source_name_order_idx ON members
  (org_id, source, lower(name) COLLATE "C", id);
