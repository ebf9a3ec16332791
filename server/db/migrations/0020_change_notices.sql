-- Change notices of the live console (docs/decisions/052-live-console.md): one row per change
-- that committed (devices changed, alerts opened or updated), written in the change's transaction
-- with a NOTIFY on `portal_notices`. The rows let a reconnecting console resume after the last id it
-- saw (Last-Event-ID); housekeeping deletes those older than a few minutes.
CREATE TABLE change_notices (
  id bigserial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  topic text NOT NULL CHECK (topic IN ('devices', 'alerts')),
  opened integer NOT NULL DEFAULT 0 CHECK (opened >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX change_notices_org_idx ON change_notices (org_id, id);
CREATE INDEX change_notices_created_idx ON change_notices (created_at);
