/**
 * Conditional access acting on devices (docs/product/integrations.md, 'Policy';
 * docs/decisions/053-policies-and-reminders.md). `evaluateMemberAccess` runs in the transaction
 * of a device report (enrolment, scan) and in the periodic job (./jobs.ts): it records the newest
 * OS version seen per platform, then quarantines the members whose devices break the
 * organization's ACTIVE policy and releases those whose devices comply again, each change an
 * audit event by the system.
 *
 * Quarantine is `members.ca_blocked` (what the identity provider's conditional access blocks, what
 * deactivation and removal unblock) with `ca_reason` and `ca_blocked_at`. A member blocked
 * without a reason (before policies acted) is released only by deactivation or removal. For one member it costs
 * a handful of indexed reads (policy by key, the member's devices by `devices_member_id_idx`,
 * their open alerts by `alerts_device_id_idx`, the org's few OS-version rows by key, the members
 * by key) and writes only what changed.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ConditionalAccessPolicy } from '@domain/conditional-access';
import type { DevicePlatform } from '@domain/devices';
import {
  alertSeverityLevel,
  evaluateDevice,
  osVersionKey,
  policyQuarantines,
  quarantineReason,
  type SeenOs,
} from '@domain/quarantine';
import { appendEvent, type AuditActorInput } from '../audit/data';
import type { Database } from '../db';
import { alerts, conditionalAccess, devices, members, osVersionsSeen } from '../db/schema';

/** The actor of every quarantine and release (docs/decisions/018-audit-log.md, 'Actors'). */
export const POLICY_ACTOR: AuditActorInput = {
  type: 'system',
  id: 'conditional-access',
  display: 'Conditional access',
};

/** A configuration that acts: active, no removal pending. */
const activeWhere = and(
  eq(conditionalAccess.active, true),
  isNull(conditionalAccess.removalRequestedAt),
);

/** The organization's policy when it acts (configuration active, no removal pending), else null. */
export async function activePolicy(
  db: Database,
  orgId: number,
): Promise<ConditionalAccessPolicy | null> {
  const [row] = await db
    .select({
      alertSeverity: conditionalAccess.alertSeverity,
      outdatedOSPeriod: conditionalAccess.outdatedOSPeriod,
      deviceIntegrityPeriod: conditionalAccess.deviceIntegrityPeriod,
      screenLockEnabled: conditionalAccess.screenLockEnabled,
    })
    .from(conditionalAccess)
    .where(and(eq(conditionalAccess.orgId, orgId), activeWhere))
    .limit(1);
  return row ?? null;
}

/**
 * Records the devices' OS versions the organization has not seen yet (read first, inserted only
 * when new: a report with a known version writes nothing), and answers the versions seen per
 * platform.
 */
async function recordOsVersions(
  tx: Database,
  orgId: number,
  reported: ReadonlyArray<{ platform: DevicePlatform | null; osVersion: string | null }>,
  now: Date,
): Promise<Map<DevicePlatform, SeenOs[]>> {
  const rows = await tx
    .select({
      platform: osVersionsSeen.platform,
      versionKey: osVersionsSeen.versionKey,
      version: osVersionsSeen.version,
      since: osVersionsSeen.firstSeenAt,
    })
    .from(osVersionsSeen)
    .where(eq(osVersionsSeen.orgId, orgId));
  const known = new Set(rows.map((r) => `${r.platform}:${r.versionKey.join('.')}`));
  for (const d of reported) {
    const key = osVersionKey(d.osVersion);
    if (!d.platform || !key || d.osVersion === null) continue;
    const id = `${d.platform}:${key.join('.')}`;
    if (known.has(id)) continue;
    known.add(id);
    const version = d.osVersion.trim();
    // Another report may have recorded it meanwhile: the first one stays.
    const [written] = await tx
      .insert(osVersionsSeen)
      .values({ orgId, platform: d.platform, versionKey: key, version, firstSeenAt: now })
      .onConflictDoNothing()
      .returning({
        platform: osVersionsSeen.platform,
        versionKey: osVersionsSeen.versionKey,
        version: osVersionsSeen.version,
        since: osVersionsSeen.firstSeenAt,
      });
    if (written) rows.push(written);
  }
  const out = new Map<DevicePlatform, SeenOs[]>();
  for (const r of rows) out.set(r.platform, [...(out.get(r.platform) ?? []), r]);
  return out;
}

/** The label of a device in a reason: its model, else its code. */
const deviceLabel = (d: { model: string | null; code: string }) => d.model?.trim() || d.code;

export interface AccessChange {
  memberId: number;
  change: 'quarantined' | 'released' | 'reason';
  reason: string | null;
}

/**
 * Evaluates the members' devices against the organization's active policy and quarantines or
 * releases them, in `tx` (the caller's transaction). Members of other organizations are ignored.
 */
export async function evaluateMemberAccess(
  tx: Database,
  orgId: number,
  memberIds: number[],
  now: Date,
): Promise<void> {
  await evaluateMembers(tx, orgId, memberIds, now);
}

/** {@link evaluateMemberAccess}, answering what changed (the periodic job counts it). */
export async function evaluateMembers(
  tx: Database,
  orgId: number,
  memberIds: readonly number[],
  now: Date,
): Promise<AccessChange[]> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return [];
  // The members with the organization's active policy beside each (the same on every row), in
  // one statement: this runs in every batch of scan reports
  // (docs/decisions/056-scan-ingestion-throughput.md).
  const own = await tx
    .select({
      id: members.id,
      name: members.name,
      email: members.email,
      caBlocked: members.caBlocked,
      caReason: members.caReason,
      policyOrgId: conditionalAccess.orgId,
      alertSeverity: conditionalAccess.alertSeverity,
      outdatedOSPeriod: conditionalAccess.outdatedOSPeriod,
      deviceIntegrityPeriod: conditionalAccess.deviceIntegrityPeriod,
      screenLockEnabled: conditionalAccess.screenLockEnabled,
    })
    .from(members)
    .leftJoin(conditionalAccess, and(eq(conditionalAccess.orgId, members.orgId), activeWhere))
    .where(and(eq(members.orgId, orgId), inArray(members.id, ids)));
  if (own.length === 0) return [];
  const first = own[0]!;
  const policy: ConditionalAccessPolicy | null =
    first.policyOrgId === null
      ? null
      : ({
          alertSeverity: first.alertSeverity,
          outdatedOSPeriod: first.outdatedOSPeriod,
          deviceIntegrityPeriod: first.deviceIntegrityPeriod,
          screenLockEnabled: first.screenLockEnabled,
        } as ConditionalAccessPolicy);

  const wanted = new Map<number, string | null>();
  if (policy && policyQuarantines(policy)) {
    // Enrolled, active devices only: a device not enrolled (or deactivated with its member) no
    // longer reports, so it neither quarantines nor keeps anyone quarantined.
    const rows = await tx
      .select({
        id: devices.id,
        memberId: devices.memberId,
        code: devices.code,
        model: devices.model,
        platform: devices.platform,
        osVersion: devices.osVersion,
        lastScanAt: devices.lastScanAt,
        lastSeenAt: devices.lastSeenAt,
        screenLock: devices.screenLock,
      })
      .from(devices)
      .where(
        and(
          eq(devices.orgId, orgId),
          inArray(
            devices.memberId,
            own.map((m) => m.id),
          ),
          eq(devices.enrolled, true),
          isNull(devices.deactivatedAt),
        ),
      );
    const seenOs = await recordOsVersions(tx, orgId, rows, now);
    const worst = new Map<number, 0 | 1>();
    if (policy.alertSeverity !== 'NONE' && rows.length > 0) {
      const open = await tx
        .selectDistinct({ deviceId: alerts.deviceId, severity: alerts.severity })
        .from(alerts)
        .where(
          and(
            eq(alerts.orgId, orgId),
            inArray(
              alerts.deviceId,
              rows.map((d) => d.id),
            ),
            eq(alerts.status, 'Open'),
          ),
        );
      for (const a of open) {
        const level = alertSeverityLevel(a.severity);
        if (a.deviceId === null || level === null) continue;
        const before = worst.get(a.deviceId);
        if (before === undefined || level < before) worst.set(a.deviceId, level);
      }
    }
    for (const m of own) {
      const theirs = rows
        .filter((d) => d.memberId === m.id)
        .sort((a, b) => a.id - b.id)
        .map((d) => ({
          label: deviceLabel(d),
          violations: evaluateDevice(
            { ...d, worstOpenAlertLevel: worst.get(d.id) ?? null },
            policy,
            now,
            d.platform ? (seenOs.get(d.platform) ?? []) : [],
          ),
        }));
      wanted.set(m.id, quarantineReason(theirs));
    }
  }

  const changes: AccessChange[] = [];
  for (const m of own) {
    const reason = wanted.get(m.id) ?? null;
    if (reason === null && !m.caBlocked) continue;
    // Blocked before policies were evaluated (no reason recorded): not the policy's to release;
    // deactivation and removal do (docs/decisions/053-policies-and-reminders.md).
    if (reason === null && m.caReason === null) continue;
    if (reason !== null && m.caBlocked && m.caReason === reason) continue;
    const change: AccessChange['change'] =
      reason === null ? 'released' : m.caBlocked ? 'reason' : 'quarantined';
    await tx
      .update(members)
      .set(
        reason === null
          ? { caBlocked: false, caReason: null, caBlockedAt: null }
          : change === 'quarantined'
            ? { caBlocked: true, caReason: reason, caBlockedAt: now }
            : { caReason: reason },
      )
      .where(and(eq(members.orgId, orgId), eq(members.id, m.id)));
    await appendEvent(tx, {
      orgId,
      time: now,
      actor: POLICY_ACTOR,
      action:
        change === 'released'
          ? 'member.released'
          : change === 'quarantined'
            ? 'member.quarantined'
            : 'member.quarantine_updated',
      target: { type: 'member', id: String(m.id), display: m.name.trim() || m.email },
      outcome: 'success',
      changes:
        change === 'released'
          ? { reason: m.caReason }
          : change === 'quarantined'
            ? { reason }
            : { before: m.caReason, after: reason },
    });
    changes.push({ memberId: m.id, change, reason });
  }
  return changes;
}

/**
 * Releases every quarantined member of the organization (deactivation and removal of
 * conditional access), each with its audit event by the system; returns how many.
 */
export async function releaseAllMembers(tx: Database, orgId: number, now: Date): Promise<number> {
  const blocked = await tx
    .select({ id: members.id, name: members.name, email: members.email, reason: members.caReason })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.caBlocked, true)))
    .orderBy(members.id)
    .for('no key update');
  if (blocked.length === 0) return 0;
  await tx
    .update(members)
    .set({ caBlocked: false, caReason: null, caBlockedAt: null })
    .where(and(eq(members.orgId, orgId), eq(members.caBlocked, true)));
  for (const m of blocked) {
    await appendEvent(tx, {
      orgId,
      time: now,
      actor: POLICY_ACTOR,
      action: 'member.released',
      target: { type: 'member', id: String(m.id), display: m.name.trim() || m.email },
      outcome: 'success',
      changes: { reason: m.reason, because: 'conditional access turned off or removed' },
    });
  }
  return blocked.length;
}
