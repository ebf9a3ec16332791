/**
 * Scan reports written a batch at a time (docs/product/device-api.md, 'What a report changes';
 * docs/decisions/051-device-api.md; why batches: docs/decisions/056-scan-ingestion-throughput.md).
 * Every report of the batch gets exactly what it got alone — its report id recorded once, its new
 * findings opened as alerts (with `alert.created`), its vanished findings recorded, its device
 * updated, `scan.completed`, the live notices, conditional access — but in one transaction and a
 * fixed number of statements for the whole batch: one lock, one report-id insert, one open-alerts
 * read, per organization one `openAlerts` and one webhook look-up, one device update (so the
 * device list's triggers run once), one notice and one policy evaluation.
 *
 * The batch holds at most one report per device (./scan-batches.ts), so the device's row lock and
 * the order of its reports are as when each report had its own transaction.
 */
import { randomUUID } from 'node:crypto';
import type { ScanReportBody as ScanReport } from '@contract/device-api';
import type { WebhookEvent } from '@contract/webhook-events';
import type { Database } from '../db';
import type { JobQueue } from '../queue/queue';
import { openAlerts, type NewAlert } from '../alerts/open-alert';
import { toDevice } from '../devices/data';
import { publishNotice } from '../events/notices';
import { emitWebhookEvents } from '../webhooks/events';
import { afterDeviceReport } from './after-report';
import {
  lockDevicesByCredential,
  openAlertsOfDevices,
  recordFindingsBack,
  recordFindingsGone,
  recordReports,
  reportKey,
  updateReportedDevices,
  type LockedDevice,
  type ReportedFacts,
} from './data';
import { ALERT_SEVERITY_OF_FINDING, deviceSeverityOf, isNewestReport, planReport } from './report';

/** A report as the route has read it: authenticated by hash only, not yet looked up. */
export interface IncomingReport {
  credentialHash: string;
  report: ScanReport;
  /** The report's scan time, never later than its arrival. */
  scannedAt: Date;
  /** Its arrival. */
  now: Date;
}

/**
 * What a report came to: `unknown` is a wrong or revoked credential (401); `duplicate` a report
 * id processed already (202, nothing changes); `accepted` processed now (202).
 */
export type ReportOutcome = 'accepted' | 'duplicate' | 'unknown';

/** What a processed report leaves for its organization's per-batch steps. */
interface Processed {
  incoming: IncomingReport;
  locked: LockedDevice;
  newAlerts: NewAlert[];
  /** The device's open alerts' severities before this report. */
  openSeverities: string[];
}

/**
 * Applies the batch (at most one report per device) in one transaction of `db`; answers each
 * report's outcome, in order, after the commit.
 */
export async function ingestReports(
  db: Database,
  queue: JobQueue,
  batch: readonly IncomingReport[],
): Promise<ReportOutcome[]> {
  return db.transaction(async (tx) => {
    const outcomes: ReportOutcome[] = batch.map(() => 'unknown');
    // The devices' rows first, then the report ids: a second upload of one id waits here and
    // then finds the id recorded.
    const locked = await lockDevicesByCredential(
      tx,
      batch.map((b) => b.credentialHash),
    );
    const known = batch.flatMap((incoming, i) => {
      const device = locked.get(incoming.credentialHash);
      return device ? [{ i, incoming, locked: device }] : [];
    });
    if (known.length === 0) return outcomes;
    const batchNow = known.reduce(
      (latest, k) => (k.incoming.now > latest ? k.incoming.now : latest),
      known[0]!.incoming.now,
    );
    const recorded = await recordReports(
      tx,
      known.map((k) => ({
        deviceId: k.locked.device.id,
        reportId: k.incoming.report.reportId,
        said: {
          scannedAt: k.incoming.scannedAt,
          osVersion: k.incoming.report.osVersion,
          findings: k.incoming.report.findings.length,
        },
      })),
      batchNow,
    );
    const fresh = known.filter((k) => {
      const isNew = recorded.has(
        reportKey({ deviceId: k.locked.device.id, reportId: k.incoming.report.reportId }),
      );
      outcomes[k.i] = isNew ? 'accepted' : 'duplicate';
      return isNew;
    });
    if (fresh.length === 0) return outcomes;

    const open = await openAlertsOfDevices(
      tx,
      fresh.map((k) => k.locked.device.id),
    );
    const gone: Array<{ alertId: number; at: Date }> = [];
    const back: number[] = [];
    const byOrg = new Map<number, Processed[]>();
    for (const { incoming, locked: device } of fresh) {
      const theirs = open.get(device.device.id) ?? [];
      const newest = isNewestReport(incoming.scannedAt, device.row.lastScanAt);
      const plan = planReport(theirs, incoming.report.findings, newest);
      for (const alertId of plan.cleared) gone.push({ alertId, at: incoming.scannedAt });
      back.push(...plan.returned);
      const processed: Processed = {
        incoming,
        locked: device,
        openSeverities: theirs.map((a) => a.severity),
        newAlerts: plan.open.map((finding) => ({
          scanId: randomUUID(),
          deviceId: device.device.id,
          alertName: finding.name,
          alertDescription: JSON.stringify([
            { threat: finding.name, category: finding.category, threatId: finding.threatId },
          ]),
          severity: ALERT_SEVERITY_OF_FINDING[finding.severity],
          scanTime: incoming.scannedAt,
          threatId: finding.threatId,
        })),
      };
      const list = byOrg.get(device.device.orgId) ?? [];
      list.push(processed);
      byOrg.set(device.device.orgId, list);
    }

    const facts: ReportedFacts[] = [];
    const completed = new Map<number, WebhookEvent[]>();
    for (const [orgId, reports] of byOrg) {
      // The one way alerts open, with their outbound side effects (alert.created, the alerts
      // notice): once per organization for the whole batch.
      const opened = await openAlerts(
        queue,
        tx,
        orgId,
        reports.flatMap((r) => r.newAlerts),
        batchNow,
      );
      const openedBy = new Map<number, string[]>();
      for (const alert of opened) {
        const deviceId = reports.find((r) => r.newAlerts.some((a) => a.scanId === alert.scanId))
          ?.locked.device.id;
        if (deviceId === undefined) continue;
        openedBy.set(deviceId, [...(openedBy.get(deviceId) ?? []), alert.severity]);
      }
      const events: WebhookEvent[] = [];
      for (const { incoming, locked: device, openSeverities } of reports) {
        const openedHere = openedBy.get(device.device.id) ?? [];
        const severity = deviceSeverityOf([...openSeverities, ...openedHere]);
        const newest = isNewestReport(incoming.scannedAt, device.row.lastScanAt)
          ? {
              osVersion: incoming.report.osVersion,
              screenLock: incoming.report.screenLock,
              scannedAt: incoming.scannedAt,
            }
          : null;
        facts.push({ deviceId: device.device.id, severity, now: incoming.now, newest });
        // The device as the update below leaves it (the update comes last: data.ts says why).
        const updated = toDevice({
          ...device.row,
          severity,
          ...(newest ? { osVersion: newest.osVersion, lastScanAt: newest.scannedAt } : {}),
        });
        events.push({
          type: 'scan.completed',
          timestamp: incoming.now.toISOString(),
          data: {
            device: updated,
            reportId: incoming.report.reportId,
            scannedAt: incoming.scannedAt.toISOString(),
            findings: incoming.report.findings.length,
            alertsOpened: openedHere.length,
          },
        });
      }
      completed.set(orgId, events);
    }
    await recordFindingsGone(tx, gone);
    await recordFindingsBack(tx, back);
    for (const [orgId, events] of completed) {
      await emitWebhookEvents(queue, tx, orgId, events);
      await publishNotice(tx, orgId, { topic: 'devices' });
    }
    await updateReportedDevices(tx, facts);
    for (const [orgId, reports] of byOrg) {
      await afterDeviceReport(
        tx,
        orgId,
        reports.flatMap((r) =>
          r.locked.device.memberId === null ? [] : [r.locked.device.memberId],
        ),
        batchNow,
      );
    }
    return outcomes;
  });
}
