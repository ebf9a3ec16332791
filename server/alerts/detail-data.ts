/**
 * One alert of an organization for its drawer (docs/product/alerts.md, 'Alert detail'): the alert,
 * its device's code, its threats and its status history from the audit log. Every query is
 * limited to the organization: another organization's id reads as unknown.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { parseAlertFindings, type AlertDetail } from '@contract/alerts';
import type { Database } from '../db';
import { alerts, auditEvents, devices } from '../db/schema';
import { alertColumns, toAlert } from './data';
import { alertHistory, alertThreats } from './history';

export async function findAlertDetail(
  db: Database,
  orgId: number,
  scanId: string,
): Promise<AlertDetail | null> {
  const [row] = await db
    .select({
      ...alertColumns,
      deviceId: alerts.deviceId,
      threatId: alerts.threatId,
      findingClearedAt: alerts.findingClearedAt,
    })
    .from(alerts)
    .where(and(eq(alerts.orgId, orgId), eq(alerts.scanId, scanId)))
    .limit(1);
  if (!row) return null;
  const [device, events] = await Promise.all([
    row.deviceId === null
      ? Promise.resolve([])
      : db
          .select({ code: devices.code })
          .from(devices)
          .where(and(eq(devices.orgId, orgId), eq(devices.id, row.deviceId)))
          .limit(1),
    // The closes and reopens naming this alert (audit_events_action_idx narrows to the two
    // actions of the organization; the JSON containment picks this alert's).
    db
      .select({
        action: auditEvents.action,
        at: auditEvents.occurredAt,
        by: auditEvents.actorDisplay,
      })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.orgId, orgId),
          inArray(auditEvents.action, ['alert.closed', 'alert.reopened']),
          eq(auditEvents.outcome, 'success'),
          sql`${auditEvents.changes} @> jsonb_build_object('alertIds', jsonb_build_array(${scanId}::text))`,
        ),
      )
      .orderBy(asc(auditEvents.seq)),
  ]);
  const findings = parseAlertFindings(row.alertDescription) ?? [];
  const detail: AlertDetail = {
    alert: toAlert(row),
    threats: alertThreats(findings, row.threatId, row.findingClearedAt),
    history: alertHistory(
      row.scanTime,
      events.map((e) => ({
        status: e.action === 'alert.closed' ? 'Closed' : 'Open',
        at: e.at,
        by: e.by,
      })),
    ),
  };
  const code = device[0]?.code;
  if (code !== undefined) detail.deviceCode = code;
  return detail;
}
