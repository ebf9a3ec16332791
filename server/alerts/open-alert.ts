/**
 * Opening alerts: the one way a new detection enters the console (docs/product/alerts.md). The
 * device API's scan reports (server/device-api/scans.ts) call {@link openAlerts}; the alerts and their
 * `alert.created` webhook events are written in one transaction, so an endpoint hears of exactly
 * the alerts that exist, at least once (server/webhooks/events.ts), and so are their threat alert
 * e-mails (./alert-emails.ts). The demo seed inserts its
 * history with `insertAlerts` instead: no events.
 */
import type { Alert } from '@contract/alerts';
import type { Database } from '../db';
import type { JobQueue } from '../queue/queue';
import { emitWebhookEvents } from '../webhooks/events';
import { insertAlerts } from './data';
import { publishNotice } from '../events/notices';
import { queueThreatAlertEmails } from './alert-emails';

export interface NewAlert {
  /** The scan's public id (the API's `scanId`); a scan id already stored opens nothing. */
  scanId: string;
  /** The device that reported it (its label and member name are copied onto the alert). */
  deviceId: number | null;
  /** Shown when there is no device row (a device deleted meanwhile). */
  deviceLabel?: string;
  alertName: string;
  /** JSON text of `[{ threat }]`, stored as reported. */
  alertDescription: string;
  severity: string;
  scanTime: Date;
  /** The reported finding's threat id (server/device-api/): one open alert per device and id. */
  threatId?: string;
}

/**
 * Opens the organization's alerts in `tx` (the caller's transaction: the scan that found them) and
 * queues one `alert.created` event per alert actually opened. Returns the opened alerts as the
 * console shows them. Call `queue.wake()` after the commit to deliver at once (the app does after
 * every request that changes data).
 */
export async function openAlerts(
  queue: JobQueue,
  tx: Database,
  orgId: number,
  newAlerts: readonly NewAlert[],
  now: Date,
): Promise<Alert[]> {
  const opened = await insertAlerts(
    tx,
    newAlerts.map((alert) => ({
      orgId,
      scanId: alert.scanId,
      deviceId: alert.deviceId,
      // The trigger replaces it with the device's label when there is a device.
      deviceLabel: alert.deviceLabel ?? '',
      alertName: alert.alertName,
      alertDescription: alert.alertDescription,
      severity: alert.severity,
      status: 'Open' as const,
      scanTime: alert.scanTime,
      threatId: alert.threatId ?? null,
    })),
  );
  const timestamp = now.toISOString();
  await emitWebhookEvents(
    queue,
    tx,
    orgId,
    opened.map((data) => ({ type: 'alert.created' as const, timestamp, data })),
  );
  // The threat alert e-mails (./alert-emails.ts): nothing to do, and no statement, when nothing
  // opened or the organization turned them off.
  await queueThreatAlertEmails(
    queue,
    tx,
    orgId,
    opened,
    now,
    new Map(newAlerts.map((a) => [a.scanId, a.deviceId])),
  );
  // Open consoles show "N new alerts" once this commits (server/events/notices.ts).
  if (opened.length > 0) {
    await publishNotice(tx, orgId, { topic: 'alerts', opened: opened.length });
  }
  return opened;
}

/** Opens one alert in a transaction of its own; null when its scan id was stored already. */
export async function openAlert(
  queue: JobQueue,
  db: Database,
  orgId: number,
  alert: NewAlert,
  now: Date,
): Promise<Alert | null> {
  const [opened] = await db.transaction((tx) => openAlerts(queue, tx, orgId, [alert], now));
  return opened ?? null;
}
