-- An administrator's own preferences (docs/decisions/060-column-chooser-and-command-palette.md):
-- the theme and the column layouts of the device and alert tables, one row per administrator,
-- written on the first change (no row: the defaults). The layouts are the contract's shapes
-- (contract/preferences.ts), validated there; NULL is the table's default layout.
CREATE TABLE admin_preferences (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- The administrator's organization, in every WHERE beside user_id (server/preferences/data.ts).
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  theme text NOT NULL DEFAULT 'system' CHECK (theme IN ('system', 'light', 'dark')),
  device_columns jsonb,
  alert_columns jsonb,
  updated_at timestamptz NOT NULL
);
CREATE INDEX admin_preferences_org_id_idx ON admin_preferences (org_id);
