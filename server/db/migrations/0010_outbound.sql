-- Outbound for real (docs/decisions/017-job-queue.md): the job queue, webhook deliveries and their log, e-mails with an
-- HTML part, and webhook secrets in the Standard Webhooks format.

-- 1. The job queue (server/queue/). A job is inserted in the same transaction as the change that
--    causes it (transactional outbox) and run by a worker of any server process:
--    queued  → due at run_at;
--    running → claimed (FOR UPDATE SKIP LOCKED) by `locked_by` until run_at, its lease: a job whose
--              lease ran out (its process died mid-run) is claimed again, as a new attempt;
--    done / failed → finished_at set; housekeeping deletes them after a while.
--    dedupe_key: at most one queued job per key (the recurring housekeeping run).
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  org_id integer REFERENCES organizations (id) ON DELETE CASCADE,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL CHECK (max_attempts >= 1),
  run_at timestamptz NOT NULL,
  locked_by text,
  dedupe_key text,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
-- The claim: due jobs in order, and nothing else is read.
CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE status IN ('queued', 'running');
CREATE UNIQUE INDEX jobs_dedupe_key_idx ON jobs (dedupe_key) WHERE status = 'queued';
CREATE INDEX jobs_org_id_idx ON jobs (org_id);
CREATE INDEX jobs_finished_at_idx ON jobs (finished_at) WHERE status IN ('done', 'failed');

-- 2. Webhook deliveries: one row per event sent to an organization's endpoint, with the exact body
--    that is signed, its state and the last attempt's outcome (the delivery log in Settings).
--    webhook_id ('msg_…') is the `webhook-id` header of every attempt, so receivers can drop repeats.
CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  webhook_id text NOT NULL UNIQUE,
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  event_type text NOT NULL CHECK (
    event_type IN (
      'alert.created',
      'alert.updated',
      'device.unenrolled',
      'member.created',
      'member.invited',
      'webhook.test'
    )
  ),
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'retrying', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_status_code integer,
  last_duration_ms integer,
  last_error text,
  created_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  next_attempt_at timestamptz
);
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (org_id, id DESC);
CREATE INDEX webhook_deliveries_created_at_idx ON webhook_deliveries (created_at);

-- 3. An endpoint that answered 410 Gone is disabled: no more events until its URL is saved again.
ALTER TABLE webhooks ADD COLUMN disabled_at timestamptz;

-- 4. The development mailbox keeps both parts and the Message-ID.
ALTER TABLE outbox ADD COLUMN html text;
ALTER TABLE outbox ADD COLUMN message_id text;

-- 5. Webhook secrets become the Standard Webhooks format: 'whsec_' + standard base64 of random
--    bytes (the HMAC key is those bytes). The earlier ones were base64url text used as the key
--    itself, so no receiver could verify the new signatures with them anyway: every existing
--    secret is re-issued (the administrator copies the new one from the Webhook settings card).
--    32 random bytes: the first 6 bytes (12 hex digits, before the version digit) of five
--    version-4 UUIDs and 2 of a sixth. gen_random_uuid() draws from the server's strong random
--    source (pg_strong_random; core since PostgreSQL 13, no extension needed).
UPDATE webhooks
SET secret = 'whsec_' || encode(
  decode(
    substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 4),
    'hex'
  ),
  'base64'
)
WHERE secret IS NOT NULL;
