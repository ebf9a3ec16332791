/**
 * contract/webhook-deliveries.ts: the webhook delivery log of Settings › Integrations › Webhook
 * settings (docs/product/integrations.md, "Webhook delivery log"): the last deliveries, Resend of a
 * failed one, and Send test event. Scoped to the session's organization.
 */
import type { Hono } from 'hono';
import {
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendWebhookTestEvent,
} from '@contract/webhook-deliveries';
import { WEBHOOK_TEST_MESSAGE } from '@contract/webhook-events';
import { canResendDelivery, WEBHOOK_DELIVERY_LOG_SIZE } from '@domain/webhooks';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import {
  findEndpoint,
  findOrgDelivery,
  listDeliveries,
  restartDelivery,
  toWebhookDelivery,
} from './data';
import { emitWebhookEvents, enqueueDelivery } from './events';

export const WEBHOOK_DELIVERY_MESSAGES = {
  noEndpoint: 'Save a webhook URL first: events are sent to the saved URL.',
  disabled:
    'The webhook URL answered 410 Gone, so no events are sent to it. Save the URL again to turn deliveries back on.',
  notFound: 'This delivery is not in the log any more.',
  notFailed: 'Only a failed delivery can be sent again.',
  resent: 'The event is being sent again.',
  testQueued: 'A test event is being sent.',
} as const;

export function webhookDeliveryRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, listWebhookDeliveries, async ({ session }) => {
    const [rows, endpoint] = await Promise.all([
      listDeliveries(s.db, session.org.id, WEBHOOK_DELIVERY_LOG_SIZE),
      findEndpoint(s.db, session.org.id),
    ]);
    return {
      deliveries: rows.map(toWebhookDelivery),
      disabledAt: endpoint?.disabledAt?.toISOString() ?? null,
    };
  });

  route(app, resendWebhookDelivery, async ({ body, session }) => {
    const orgId = session.org.id;
    const row = await s.db.transaction(async (tx) => {
      const endpoint = await findEndpoint(tx, orgId);
      if (!endpoint) throw new HttpError(409, { error: WEBHOOK_DELIVERY_MESSAGES.noEndpoint });
      if (endpoint.disabledAt) {
        throw new HttpError(409, { error: WEBHOOK_DELIVERY_MESSAGES.disabled });
      }
      const found = await findOrgDelivery(tx, orgId, body.id);
      if (!found) throw new HttpError(404, { error: WEBHOOK_DELIVERY_MESSAGES.notFound });
      if (!canResendDelivery(found)) {
        throw new HttpError(409, { error: WEBHOOK_DELIVERY_MESSAGES.notFailed });
      }
      // The same event, body and webhook-id: a receiver that got it before drops the repeat.
      const restarted = await restartDelivery(tx, found.id);
      await enqueueDelivery(s.queue, tx, restarted);
      return restarted;
    });
    return { delivery: toWebhookDelivery(row), success: WEBHOOK_DELIVERY_MESSAGES.resent };
  });

  route(app, sendWebhookTestEvent, async ({ session }) => {
    const orgId = session.org.id;
    const [row] = await s.db.transaction(async (tx) => {
      const endpoint = await findEndpoint(tx, orgId);
      if (!endpoint) throw new HttpError(409, { error: WEBHOOK_DELIVERY_MESSAGES.noEndpoint });
      if (endpoint.disabledAt) {
        throw new HttpError(409, { error: WEBHOOK_DELIVERY_MESSAGES.disabled });
      }
      return emitWebhookEvents(s.queue, tx, orgId, [
        {
          type: 'webhook.test',
          timestamp: s.now().toISOString(),
          data: { message: WEBHOOK_TEST_MESSAGE },
        },
      ]);
    });
    if (!row) throw new Error('the test event was not logged');
    return { delivery: toWebhookDelivery(row), success: WEBHOOK_DELIVERY_MESSAGES.testQueued };
  });
}
