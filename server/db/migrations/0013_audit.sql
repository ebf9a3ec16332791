-- The audit log (docs/decisions/018-audit-log.md): every state-changing call and sign-in of an
-- organization, append-only, each organization's events a hash chain.

-- One row per organization that has a log: its retention setting and the head of its chain (the
-- last event's number and hash, and the hash before it). Recording an event moves the head in
-- the same statement that writes the event (INSERT … ON CONFLICT DO UPDATE locks the row until
-- the transaction ends), so the events of one organization are numbered and chained one after
-- another.
CREATE TABLE audit_logs (
  org_id integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  retention text NOT NULL DEFAULT 'ONE_YEAR'
    CHECK (retention IN ('SIX_MONTHS', 'ONE_YEAR', 'NEVER')),
  head_seq bigint NOT NULL DEFAULT 0,
  head_hash text NOT NULL,
  head_prev_hash text,
  CONSTRAINT audit_logs_head_seq_check CHECK (head_seq >= 0)
);

-- The events. `seq` numbers an organization's events 1, 2, 3… with no gaps; `hash` is
-- sha256(prev_hash || canonical JSON of the event) in hex (server/audit/chain.ts). The action
-- and target type are not CHECKed: the catalogue grows and renames, old events stay as written.
CREATE TABLE audit_events (
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  actor_type text NOT NULL CHECK (actor_type IN ('user', 'api_key', 'scim', 'system')),
  actor_id text NOT NULL,
  actor_display text NOT NULL,
  action text NOT NULL,
  target_type text,
  target_id text,
  target_display text,
  outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
  message text,
  ip text,
  user_agent text,
  request_id text,
  changes jsonb,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (org_id, seq)
);

-- Newest first is the primary key read backwards; these serve the actor and action filters
-- (and the list of actors, a skip scan) and the retention job's cut-off.
CREATE INDEX audit_events_actor_idx ON audit_events (org_id, actor_type, actor_id, seq);
CREATE INDEX audit_events_action_idx ON audit_events (org_id, action, seq);
CREATE INDEX audit_events_time_idx ON audit_events (org_id, occurred_at);

-- Where a retention run cut the chain: the events up to `seq` were deleted, the last of them had
-- `hash`, so the first event kept must have prev_hash = hash. The newest checkpoint is where
-- verification starts.
CREATE TABLE audit_checkpoints (
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  hash text NOT NULL,
  deleted integer NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, seq),
  CONSTRAINT audit_checkpoints_deleted_check CHECK (deleted >= 0)
);

-- Append-only: no UPDATE, and no DELETE except by the retention job (which sets
-- portal.audit_retention = 'on' for its transaction) or by the deletion of the organization
-- itself (its row is already gone when the cascade reaches the events).
CREATE FUNCTION audit_events_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF current_setting('portal.audit_retention', true) = 'on' THEN
      RETURN OLD;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.org_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit events are append-only (% refused on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_events_append_only
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();

CREATE TRIGGER audit_checkpoints_append_only
  BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
