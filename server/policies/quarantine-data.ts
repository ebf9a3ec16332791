/**
 * The quarantine of the dashboard's devices (docs/decisions/053-policies-and-reminders.md): which
 * devices of a page belong to a member conditional access quarantines, and why. One indexed
 * look-up by the page's codes (at most a page of them), kept out of the device list's own query.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Device } from '@contract/devices';
import { QUARANTINE_REASON_UNKNOWN } from '@domain/quarantine';
import type { Database } from '../db';
import { devices, members } from '../db/schema';

/** The page's devices, each with `quarantine` (the reason) while its member is quarantined. */
export async function withQuarantine(
  db: Database,
  orgId: number,
  page: Device[],
): Promise<Device[]> {
  if (page.length === 0) return page;
  const rows = await db
    .select({ code: devices.code, reason: members.caReason })
    .from(devices)
    .innerJoin(members, eq(members.id, devices.memberId))
    .where(
      and(
        eq(devices.orgId, orgId),
        inArray(
          devices.code,
          page.map((d) => d.code),
        ),
        eq(members.orgId, orgId),
        eq(members.caBlocked, true),
      ),
    );
  if (rows.length === 0) return page;
  const reasons = new Map(rows.map((r) => [r.code, r.reason ?? QUARANTINE_REASON_UNKNOWN]));
  return page.map((d) => {
    const reason = reasons.get(d.code);
    return reason === undefined ? d : { ...d, quarantine: reason };
  });
}
