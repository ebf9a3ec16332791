/**
 * The job queue's row states (server/queue/; docs/decisions/017-job-queue.md), listed here because the database checks
 * them (server/db/check-constraints.test.ts maps every CHECK list to a domain list).
 *
 * queued: waiting for `run_at`; running: claimed by a worker until `run_at` (its lease), after
 * which another worker may take it over; done; failed: its last attempt failed, or it failed for
 * good at once.
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
