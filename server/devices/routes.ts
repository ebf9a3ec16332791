/** contract/devices.ts: the dashboard's device list (GET /orgs) and unenrolment. */
import type { Hono } from 'hono';
import { listDevices, unenrollDevices } from '@contract/devices';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { listDevicePage, newDeviceListCache, unenrollDevices as removeDevices } from './data';
import { emitWebhookEvents } from '../webhooks/events';

export function devicesRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  // Page anchors of this process (docs/decisions/024-device-list.md, 055-lists-under-change.md).
  const anchors = newDeviceListCache();

  // Scoped to the caller's organization.
  route(app, listDevices, ({ query, session }) =>
    listDevicePage(s.db, anchors, session.org, query),
  );

  // Codes of other organizations (or unknown ones) are ignored; the answer is the same.
  route(app, unenrollDevices, async ({ body, session }) => {
    // The removal and its `device.unenrolled` events in one transaction (server/webhooks/).
    await s.db.transaction(async (tx) => {
      const removed = await removeDevices(tx, session.org.id, body.codes);
      const timestamp = s.now().toISOString();
      await emitWebhookEvents(
        s.queue,
        tx,
        session.org.id,
        removed.map((data) => ({ type: 'device.unenrolled' as const, timestamp, data })),
      );
    });
    return {};
  });
}
