-- Devices of an organization's members (the dashboard's list), and what keeps that list fast.
--
-- Design (docs/decisions/024-device-list.md): every sortable column has a composite index
-- (org_id, <sort key>, id), so a page is an index range scan that starts at the sort key of the
-- previous page's last row (keyset pagination); the page-number API is served by an in-process
-- cache of those "page anchors", keyed by organizations.devices_version, which the triggers below
-- bump in the same transaction as every change to an organization's devices.
--
-- Sort keys are never NULL (a missing value sorts as the lowest: first ascending, last descending)
-- and text keys use the "C" collation, so the order is the same on every machine and engine.

ALTER TABLE organizations ADD COLUMN devices_version bigint NOT NULL DEFAULT 0;

-- Lets devices reference a member of their own organization only (checked by the trigger below).
CREATE UNIQUE INDEX members_org_id_id_idx ON members (org_id, id);

CREATE TABLE devices (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- NULL: a code not (or no longer) assigned to a member.
  member_id integer REFERENCES members (id) ON DELETE SET NULL,
  -- The enrolment code: the device's identifier in the API.
  code text NOT NULL UNIQUE CHECK (code <> ''),
  model text,
  platform text CHECK (platform IN ('ios', 'android')),
  os_version text,
  -- false: the code was issued but no device uses it (not installed yet, or protection removed).
  enrolled boolean NOT NULL DEFAULT false,
  -- NULL: no scan result yet.
  severity text CHECK (severity IN ('secure', 'warning', 'critical')),
  last_scan_at timestamptz,
  -- Copies of the member's name and e-mail, kept by triggers: sort keys with their own indexes,
  -- and the answer needs no join. Never written by the application.
  member_name text,
  member_email text,
  -- Default order: critical first, then warning, secure, no result.
  severity_rank smallint NOT NULL GENERATED ALWAYS AS (
    CASE severity WHEN 'critical' THEN 0 WHEN 'warning' THEN 1 WHEN 'secure' THEN 2 ELSE 3 END
  ) STORED,
  -- '17.6.1' -> {17,6,1}, so 9 sorts before 10; anything else sorts first (by its text next).
  os_version_key integer[] NOT NULL GENERATED ALWAYS AS (
    CASE
      WHEN os_version ~ '^[0-9]{1,9}(\.[0-9]{1,9}){0,5}$' THEN string_to_array(os_version, '.')::integer[]
      ELSE '{}'::integer[]
    END
  ) STORED
);

CREATE INDEX devices_member_id_idx ON devices (member_id);

-- One index per order. Each query names exactly these expressions (server/data/devices.ts).
-- Default order, and sort=severity (descending = default, ascending = the same index backwards).
CREATE INDEX devices_default_order_idx ON devices
  (org_id, severity_rank, lower(coalesce(member_name, '')) COLLATE "C", code COLLATE "C", id);
CREATE INDEX devices_code_order_idx ON devices (org_id, code COLLATE "C", id);
CREATE INDEX devices_member_name_order_idx ON devices
  (org_id, lower(coalesce(member_name, '')) COLLATE "C", id);
CREATE INDEX devices_member_email_order_idx ON devices
  (org_id, lower(coalesce(member_email, '')) COLLATE "C", id);
CREATE INDEX devices_model_order_idx ON devices (org_id, lower(coalesce(model, '')) COLLATE "C", id);
CREATE INDEX devices_platform_order_idx ON devices (org_id, coalesce(platform, '') COLLATE "C", id);
CREATE INDEX devices_os_version_order_idx ON devices
  (org_id, os_version_key, coalesce(os_version, '') COLLATE "C", id);
CREATE INDEX devices_enrolled_order_idx ON devices (org_id, enrolled, id);
CREATE INDEX devices_last_scan_order_idx ON devices
  (org_id, coalesce(last_scan_at, '-infinity'::timestamptz), id);

-- The member copy: set from members whenever member_id is written; a member of another
-- organization is refused.
CREATE FUNCTION devices_copy_member() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m members%ROWTYPE;
BEGIN
  IF NEW.member_id IS NULL THEN
    NEW.member_name := NULL;
    NEW.member_email := NULL;
    RETURN NEW;
  END IF;
  SELECT * INTO m FROM members WHERE id = NEW.member_id;
  IF NOT FOUND OR m.org_id <> NEW.org_id THEN
    RAISE EXCEPTION 'device % refers to member % of another organization', NEW.code, NEW.member_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  NEW.member_name := m.name;
  NEW.member_email := m.email;
  RETURN NEW;
END;
$$;
CREATE TRIGGER devices_copy_member BEFORE INSERT OR UPDATE OF member_id, org_id ON devices
  FOR EACH ROW EXECUTE FUNCTION devices_copy_member();

-- A member's new name or e-mail reaches the copies (and, through them, bumps the version).
CREATE FUNCTION members_refresh_device_copies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE devices SET member_name = NEW.name, member_email = NEW.email
  WHERE member_id = NEW.id AND (member_name, member_email) IS DISTINCT FROM (NEW.name, NEW.email);
  RETURN NULL;
END;
$$;
CREATE TRIGGER members_refresh_device_copies AFTER UPDATE OF name, email ON members
  FOR EACH ROW EXECUTE FUNCTION members_refresh_device_copies();

-- Any change to an organization's devices (by any code path, including ON DELETE SET NULL of a
-- member) bumps its devices_version in the same transaction: cached page anchors are then unused.
CREATE FUNCTION devices_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE organizations SET devices_version = devices_version + 1
    WHERE id IN (SELECT DISTINCT org_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE organizations SET devices_version = devices_version + 1
    WHERE id IN (SELECT DISTINCT org_id FROM old_rows);
  ELSE
    UPDATE organizations SET devices_version = devices_version + 1
    WHERE id IN (SELECT org_id FROM new_rows UNION SELECT org_id FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER devices_bump_version_insert AFTER INSERT ON devices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION devices_bump_version();
CREATE TRIGGER devices_bump_version_update AFTER UPDATE ON devices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION devices_bump_version();
CREATE TRIGGER devices_bump_version_delete AFTER DELETE ON devices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION devices_bump_version();

-- Demo data steps that run once on a database seeded earlier (server/seed.ts).
CREATE TABLE seed_steps (
  name text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
