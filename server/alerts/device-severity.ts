/**
 * A device's severity follows its open alerts (docs/product/alerts.md, 'Closing and reopening';
 * docs/decisions/057-alert-emails-and-severity.md): when administrators close or reopen alerts (the
 * console's bulk status change, the public API's close / reopen), each affected device's severity
 * is computed again with the scan path's rule (`deviceSeverityOf`: the worst open alert, secure
 * with none), in the transaction of the status change. Writing the device row bumps the
 * organization's device list version and logs the change (0023_lists_under_change.sql, decision
 * 055), a `devices` notice tells open dashboards, and conditional access evaluates the devices'
 * members again: closing the last critical alert may release a quarantined member.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DeviceSeverity } from '@domain/devices';
import type { Database } from '../db';
import { alerts, devices } from '../db/schema';
import { deviceSeverityOf } from '../device-api/report';
import { afterDeviceReport } from '../device-api/after-report';
import { publishNotice } from '../events/notices';

export interface SeverityChange {
  deviceId: number;
  from: DeviceSeverity;
  to: DeviceSeverity;
}

/**
 * Recomputes the severity of the organization's devices `deviceIds` from their open alerts, in
 * `tx`, and writes the ones that differ. Devices of other organizations, and devices that never
 * reported (no severity yet: the dashboard shows them as not scanned), are left alone. Returns
 * the changes.
 */
export async function followAlertState(
  tx: Database,
  orgId: number,
  deviceIds: readonly number[],
  now: Date,
): Promise<SeverityChange[]> {
  const ids = [...new Set(deviceIds)];
  if (ids.length === 0) return [];
  // One read: each device with the severities of its open alerts (alerts_device_open_threat_idx).
  const rows = await tx
    .select({
      id: devices.id,
      memberId: devices.memberId,
      severity: devices.severity,
      alertSeverity: alerts.severity,
    })
    .from(devices)
    .leftJoin(alerts, and(eq(alerts.deviceId, devices.id), eq(alerts.status, 'Open')))
    .where(and(eq(devices.orgId, orgId), inArray(devices.id, ids)));
  const byDevice = new Map<
    number,
    { memberId: number | null; severity: DeviceSeverity | null; open: string[] }
  >();
  for (const row of rows) {
    const entry = byDevice.get(row.id) ?? {
      memberId: row.memberId,
      severity: row.severity,
      open: [],
    };
    if (row.alertSeverity !== null) entry.open.push(row.alertSeverity);
    byDevice.set(row.id, entry);
  }
  const changes: SeverityChange[] = [];
  const members = new Set<number>();
  for (const [deviceId, entry] of byDevice) {
    // Every affected member is evaluated again (the policy reads the open alerts themselves).
    if (entry.memberId !== null) members.add(entry.memberId);
    const to = deviceSeverityOf(entry.open);
    if (entry.severity === null || to === entry.severity) continue;
    changes.push({ deviceId, from: entry.severity, to });
  }
  // One UPDATE per new severity (at most three): the trigger logs each device's change.
  const bySeverity = new Map<DeviceSeverity, number[]>();
  for (const c of changes) bySeverity.set(c.to, [...(bySeverity.get(c.to) ?? []), c.deviceId]);
  for (const [severity, changed] of bySeverity) {
    await tx
      .update(devices)
      .set({ severity })
      .where(and(eq(devices.orgId, orgId), inArray(devices.id, changed)));
  }
  if (changes.length > 0) await publishNotice(tx, orgId, { topic: 'devices' });
  // As after a scan report: the members' access follows their devices.
  await afterDeviceReport(tx, orgId, [...members], now);
  return changes;
}
