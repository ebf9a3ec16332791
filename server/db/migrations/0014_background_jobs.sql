-- The server's own background work moves onto the job queue
-- (docs/decisions/017b-background-work-on-the-queue.md): conditional access removal requests are
-- processed by a job queued with the request, and housekeeping is a recurring job.

-- Removal requests recorded before this release had no job (an in-process timer ran them, and
-- housekeeping picked up those a restart interrupted): each pending one gets its job now, due at
-- once. 6 attempts: the default DELIVERY_RETRY_SCHEDULE's count (a changed schedule applies to
-- jobs queued from now on).
INSERT INTO jobs (kind, org_id, payload, run_at, max_attempts, created_at)
SELECT 'conditional-access-removal', org_id, '{}'::jsonb, now(), 6, now()
FROM conditional_access
WHERE removal_requested_at IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM jobs
    WHERE jobs.kind = 'conditional-access-removal'
      AND jobs.org_id = conditional_access.org_id
      AND jobs.status IN ('queued', 'running')
  );
