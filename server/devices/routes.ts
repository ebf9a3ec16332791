/** contract/devices.ts: the dashboard's device list (GET /orgs) and unenrolment. */
import type { Hono } from 'hono';
import {
  DEVICE_CSV_COLUMNS,
  DEVICE_NOT_FOUND,
  exportDevicesCsv,
  getDeviceDetail,
  listDevices,
  unenrollDevices,
  type Device,
} from '@contract/devices';
import { DEVICE_PLATFORM_LABELS, DEVICE_SEVERITY_LABELS, ENROLMENT_LABELS } from '@domain/devices';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { mapRows, streamCsv, type CsvValue } from '../http/csv-export';
import {
  eachDevice,
  listDevicePage,
  newDeviceListCache,
  unenrollDevices as removeDevices,
} from './data';
import { emitWebhookEvents } from '../webhooks/events';
import { publishNotice } from '../events/notices';
import { withQuarantine } from '../policies/quarantine-data';
import { HttpError } from '../http/http-error';
import { findDeviceDetail } from './detail-data';

/** A device as a row of the export: the texts the dashboard shows, times in ISO 8601 (UTC). */
function csvValues(d: Device): CsvValue[] {
  return [
    d.memberName,
    d.memberEmail,
    d.model,
    d.platform ? DEVICE_PLATFORM_LABELS[d.platform] : null,
    d.osVersion,
    d.enrolled === undefined
      ? null
      : d.enrolled
        ? ENROLMENT_LABELS.enrolled
        : ENROLMENT_LABELS.notEnrolled,
    d.severity ? DEVICE_SEVERITY_LABELS[d.severity] : null,
    d.lastScanAt,
    d.code,
  ];
}

export function devicesRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  // Page anchors of this process (docs/decisions/024-device-list.md, 055-lists-under-change.md).
  const anchors = newDeviceListCache();

  // Scoped to the caller's organization.
  // Each device of the page says whether its member is quarantined (server/policies/).
  route(app, listDevices, async ({ query, session }) => {
    const page = await listDevicePage(s.db, anchors, session.org, query);
    return { ...page, devices: await withQuarantine(s.db, session.org.id, page.devices) };
  });

  // The device drawer (docs/product/dashboard.md, 'Device detail'): scoped to the caller's
  // organization; another organization's code is as unknown as a made-up one.
  route(app, getDeviceDetail, async ({ query, session }) => {
    const detail = await findDeviceDetail(s.db, session.org.id, query.code);
    if (!detail) throw new HttpError(404, { error: DEVICE_NOT_FOUND });
    return detail;
  });

  // Export CSV (docs/product/dashboard.md, 'Export'): the list's filter, search and order, every
  // page, streamed in keyset batches with formula cells neutralised (server/http/csv-export.ts).
  route(app, exportDevicesCsv, ({ query, session, c }) =>
    streamCsv(
      c,
      `devices-${session.org.slug}-${s.now().toISOString().slice(0, 10)}.csv`,
      DEVICE_CSV_COLUMNS,
      mapRows(eachDevice(s.db, session.org.id, query), csvValues),
    ),
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
      // Open consoles fetch their page again (server/events/notices.ts).
      if (removed.length > 0) await publishNotice(tx, session.org.id, { topic: 'devices' });
    });
    return {};
  });
}
