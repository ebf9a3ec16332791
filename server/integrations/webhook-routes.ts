/**
 * contract/webhook.ts: webhook settings. The secret ('whsec_…') is created on first request and
 * kept retrievable (the card shows it on every visit); a URL is saved only after a signed test
 * delivery to it answered 2xx in time (integrations/webhook-delivery.ts). Secrets and URLs are
 * never logged.
 */
import type { Hono } from 'hono';
import { deleteWebhook, getWebhook, getWebhookSecret, saveWebhook } from '@contract/webhook';
import { WEBHOOK_TEST_MESSAGE } from '@contract/webhook-events';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { HttpError } from '../http/http-error';
import { clearWebhook, ensureWebhookSecret, findWebhook, saveWebhookUrl } from './webhooks-data';
import { sendTestEvent } from './webhook-delivery';
import { newWebhookSecret } from './webhook-signature';

export const WEBHOOK_MESSAGES = {
  saved: 'Successfully saved webhook settings.',
  noSecret: 'Turn webhooks on first: the webhook secret has not been created yet.',
  changed:
    'Webhooks were deactivated while the URL was being verified. Turn them on again and save.',
} as const;

export function webhookRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, getWebhook, async ({ session }) => findWebhook(s.db, session.org.id));

  route(app, getWebhookSecret, async ({ session }) => ({
    secret: await ensureWebhookSecret(s.db, session.org.id, newWebhookSecret(), s.now()),
  }));

  // The URL must answer a signed test event before it is saved. That waits on the customer's
  // server (up to the webhook timeout), so it runs in the route's `prepare` step, before the
  // call's transaction opens (docs/decisions/018-audit-log.md, 'Same transaction'); the save
  // then refuses if the secret changed meanwhile.
  route(app, saveWebhook, {
    prepare: async ({ body, session }) => {
      const { secret } = await findWebhook(s.db, session.org.id);
      if (!secret) throw new HttpError(409, { error: WEBHOOK_MESSAGES.noSecret });
      const url = body.url.trim();
      const delivery = await sendTestEvent(
        url,
        secret,
        {
          type: 'webhook.test',
          timestamp: s.now().toISOString(),
          data: { message: WEBHOOK_TEST_MESSAGE },
        },
        {
          production: s.production,
          timeoutMs: s.integrations.webhookTimeoutMs,
          resolveHost: s.integrations.resolveHost,
        },
      );
      if (!delivery.ok) throw new HttpError(400, { error: delivery.error });
      return { url, secret };
    },
    handle: async ({ session, prepared: { url, secret } }) => {
      const saved = await saveWebhookUrl(s.db, {
        orgId: session.org.id,
        url,
        secret,
        now: s.now(),
      });
      if (!saved) throw new HttpError(409, { error: WEBHOOK_MESSAGES.changed });
      return { url, secret, success: WEBHOOK_MESSAGES.saved };
    },
  });

  route(app, deleteWebhook, async ({ session }) => {
    await clearWebhook(s.db, session.org.id);
    return { url: null, secret: null };
  });
}
