/** contract/alerts.ts: the alerts console's list and the bulk status change. */
import type { Hono } from 'hono';
import { listAlerts, updateAlerts } from '@contract/alerts';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { listAlertPage, setAlertStatus } from './data';

export function alertsRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  // Scoped to the caller's organization.
  route(app, listAlerts, ({ query, session }) => listAlertPage(s.db, session.org.id, query));

  // Ids of other organizations (or unknown ones) are ignored; the answer is the same. The app
  // shows its own message ('Updated N alert(s)').
  route(app, updateAlerts, async ({ body, session }) => {
    await setAlertStatus(s.db, session.org.id, body.alertIds, body.status);
    return {};
  });
}
