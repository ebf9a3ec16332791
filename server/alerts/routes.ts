/** contract/alerts.ts: the alerts console's list and the bulk status change. */
import type { Hono } from 'hono';
import { listAlerts, updateAlerts } from '@contract/alerts';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { listAlertPage, setAlertStatus } from './data';
import { emitWebhookEvents } from '../webhooks/events';
import { publishNotice } from '../events/notices';

export function alertsRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  // Scoped to the caller's organization.
  route(app, listAlerts, ({ query, session }) => listAlertPage(s.db, session.org.id, query));

  // Ids of other organizations (or unknown ones) are ignored; the answer is the same. The app
  // shows its own message ('Updated N alert(s)').
  route(app, updateAlerts, async ({ body, session }) => {
    // The change and one `alert.updated` event per alert whose status changed, in one
    // transaction (server/webhooks/).
    await s.db.transaction(async (tx) => {
      const changed = await setAlertStatus(tx, session.org.id, body.alertIds, body.status);
      const timestamp = s.now().toISOString();
      await emitWebhookEvents(
        s.queue,
        tx,
        session.org.id,
        changed.map((data) => ({ type: 'alert.updated' as const, timestamp, data })),
      );
      // Open consoles fetch their page again (server/events/notices.ts).
      if (changed.length > 0)
        await publishNotice(tx, session.org.id, { topic: 'alerts', opened: 0 });
    });
    return {};
  });
}
