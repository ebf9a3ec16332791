/**
 * The webhook job: one attempt to deliver a logged event (server/webhooks/events.ts) to the
 * organization's endpoint, signed per Standard Webhooks with the same `webhook-id` every time.
 * A 2xx answer within 10 s is delivered; 410 Gone disables the endpoint and fails the delivery;
 * anything else (another status, a timeout, a refused connection) is retried on the queue's
 * schedule (DELIVERY_RETRY_SCHEDULE). The URL checks (no private or loopback targets in
 * production) run again on every attempt (integrations/webhook-delivery.ts). The delivery log row
 * follows every attempt in the transaction that records it.
 */
import type { Database } from '../db';
import type { Logger } from '../deps';
import {
  deliverWebhook,
  type AttemptResult,
  type WebhookDeliveryOptions,
} from '../integrations/webhook-delivery';
import {
  JobAttemptError,
  PermanentJobError,
  type AttemptOutcome,
  type JobDefinition,
  type JobQueue,
} from '../queue/queue';
import { disableEndpoint, findDelivery, findEndpoint, recordAttempt } from './data';
import { WEBHOOK_JOB, type WebhookJobPayload } from './events';

export interface WebhookJobServices {
  db: Database;
  logger: Logger;
  delivery: WebhookDeliveryOptions;
}

/** What an attempt leaves for the log: the answer's status and how long it took. */
interface AttemptDetail {
  status: number | null;
  durationMs: number | null;
  gone?: boolean;
}

const detailOf = (result: AttemptResult): AttemptDetail => ({
  status: result.status,
  durationMs: result.durationMs,
});

export function webhookJobDefinition(s: WebhookJobServices): JobDefinition<WebhookJobPayload> {
  return {
    async run(job) {
      const delivery = await findDelivery(s.db, job.payload.deliveryId);
      if (!delivery) throw new PermanentJobError('the delivery no longer exists');
      const endpoint = await findEndpoint(s.db, delivery.orgId);
      if (!endpoint) throw new PermanentJobError('No webhook URL is saved any more.');
      if (endpoint.disabledAt) {
        throw new PermanentJobError('The endpoint is disabled: it answered 410 Gone.');
      }
      const result = await deliverWebhook(
        endpoint.url,
        endpoint.secret,
        { id: delivery.webhookId, body: delivery.body },
        s.delivery,
      );
      if (result.ok) return detailOf(result);
      if (result.status === 410) {
        throw new PermanentJobError(
          'The webhook URL answered 410 Gone: the endpoint is disabled until its URL is saved again.',
          { ...detailOf(result), gone: true },
        );
      }
      throw new JobAttemptError(result.error, detailOf(result));
    },

    async recorded(tx, job, outcome: AttemptOutcome) {
      const detail = (outcome.detail ?? {}) as Partial<AttemptDetail>;
      const delivery = await findDelivery(tx, job.payload.deliveryId);
      if (!delivery) return;
      await recordAttempt(tx, delivery.id, {
        status:
          outcome.state === 'done'
            ? 'delivered'
            : outcome.state === 'queued'
              ? 'retrying'
              : 'failed',
        attempts: job.attempt,
        lastStatusCode: detail.status ?? null,
        lastDurationMs: detail.durationMs ?? null,
        lastError: outcome.state === 'done' ? null : outcome.error,
        lastAttemptAt: outcome.at,
        nextAttemptAt: outcome.state === 'queued' ? outcome.nextRunAt : null,
      });
      if (detail.gone) await disableEndpoint(tx, delivery.orgId, outcome.at);
      if (outcome.state === 'failed') {
        // The event type and the organization; never the URL (it may carry a token).
        s.logger.warn(
          `[webhooks] ${delivery.eventType} delivery ${delivery.webhookId} of organization ${delivery.orgId} failed after ${job.attempt} attempt(s)`,
        );
      }
    },
  };
}

export function defineWebhookJobs(queue: JobQueue, s: WebhookJobServices): void {
  queue.define(WEBHOOK_JOB, webhookJobDefinition(s));
}
