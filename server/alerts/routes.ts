/** contract/alerts.ts: the alerts console's list and the bulk status change. */
import type { Hono } from 'hono';
import {
  ALERT_CSV_COLUMNS,
  ALERT_NOT_FOUND,
  exportAlertsCsv,
  getAlertDetail,
  listAlerts,
  parseAlertThreats,
  updateAlerts,
  type Alert,
} from '@contract/alerts';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { mapRows, streamCsv, type CsvValue } from '../http/csv-export';
import { eachAlert, listAlertPage, setAlertStatus } from './data';
import { emitWebhookEvents } from '../webhooks/events';
import { publishNotice } from '../events/notices';
import { followAlertState } from './device-severity';
import { HttpError } from '../http/http-error';
import { findAlertDetail } from './detail-data';

/** An alert as a row of the export; threats one per line (the description as stored if malformed). */
function csvValues(a: Alert): CsvValue[] {
  const threats = parseAlertThreats(a.alertDescription);
  return [
    a.alertName,
    a.severity,
    a.alertStatus,
    a.device,
    a.memberName,
    a.scanTime,
    threats ? threats.join('\n') : a.alertDescription,
    a.scanId,
  ];
}

export function alertsRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  // Scoped to the caller's organization.
  route(app, listAlerts, ({ query, session }) => listAlertPage(s.db, session.org.id, query));

  // The alert drawer (docs/product/alerts.md, 'Alert detail'): scoped to the caller's
  // organization; another organization's id is as unknown as a made-up one.
  route(app, getAlertDetail, async ({ query, session }) => {
    const detail = await findAlertDetail(s.db, session.org.id, query.id);
    if (!detail) throw new HttpError(404, { error: ALERT_NOT_FOUND });
    return detail;
  });

  // Export CSV (docs/product/alerts.md, 'Export'): every alert of the status filter, newest first,
  // streamed in keyset batches with formula cells neutralised (server/http/csv-export.ts).
  route(app, exportAlertsCsv, ({ query, session, c }) =>
    streamCsv(
      c,
      `alerts-${session.org.slug}-${s.now().toISOString().slice(0, 10)}.csv`,
      ALERT_CSV_COLUMNS,
      mapRows(eachAlert(s.db, session.org.id, query.status), csvValues),
    ),
  );

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
        changed.alerts.map((data) => ({ type: 'alert.updated' as const, timestamp, data })),
      );
      // Open consoles fetch their page again (server/events/notices.ts).
      if (changed.alerts.length > 0)
        await publishNotice(tx, session.org.id, { topic: 'alerts', opened: 0 });
      // The devices' severity follows their open alerts (./device-severity.ts).
      await followAlertState(tx, session.org.id, changed.deviceIds, s.now());
    });
    return {};
  });
}
