/**
 * Conditional access acting on devices (docs/product/integrations.md, 'Policy';
 * docs/decisions/053-policies-and-reminders.md): whether one device breaks the organization's
 * quarantine policy, and why, in words the console shows. Pure: the facts, the policy, the newest
 * OS version seen and the time come in; nothing is read here.
 */
import {
  QUARANTINE_PERIOD_LABELS,
  type AlertSeverityThreshold,
  type ConditionalAccessPolicy,
} from './conditional-access';
import type { DevicePlatform } from './devices';
import type { Period } from './periods';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each period lasts; null: never. */
export const PERIOD_MS: Readonly<Record<Period, number | null>> = {
  THREE_DAYS: 3 * DAY_MS,
  SEVEN_DAYS: 7 * DAY_MS,
  TWO_WEEKS: 14 * DAY_MS,
  NEVER: null,
};

/** The badge a quarantined member shows on the dashboard and the Members page. */
export const QUARANTINED_LABEL = 'Quarantined';
/** A member blocked before policies were evaluated (no reason was recorded). */
export const QUARANTINE_REASON_UNKNOWN = 'Blocked by conditional access';

/**
 * How severe an alert's severity is: 0 critical, 1 high (the device API's 'warning' is the level
 * below critical, so it counts as high), null for anything milder or unknown. Case-insensitive:
 * alerts keep the severity as their source wrote it.
 */
export function alertSeverityLevel(severity: string): 0 | 1 | null {
  const s = severity.trim().toLowerCase();
  if (s === 'critical') return 0;
  if (s === 'high' || s === 'warning') return 1;
  return null;
}

/** The worst level an open alert must reach to quarantine; null: alerts never quarantine. */
export const ALERT_THRESHOLD_LEVEL: Readonly<Record<AlertSeverityThreshold, 0 | 1 | null>> = {
  CRITICAL_ONLY: 0,
  HIGH_AND_CRITICAL: 1,
  NONE: null,
};

/**
 * A version's numbers without trailing zeros ('17.0.0' → [17]), so '17' and '17.0' are one
 * version; null when the text is not dotted numbers (such a version is never called outdated).
 */
export function osVersionKey(version: string | null | undefined): number[] | null {
  if (!version || !/^[0-9]{1,9}(\.[0-9]{1,9}){0,5}$/.test(version.trim())) return null;
  const parts = version.trim().split('.').map(Number);
  while (parts.length > 1 && parts[parts.length - 1] === 0) parts.pop();
  return parts;
}

/** Negative when `a` is older than `b`, 0 when equal, positive when newer. */
export function compareOsKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** What a device has reported about itself (an enrolled, active device). */
export interface DeviceFacts {
  platform: DevicePlatform | null;
  osVersion: string | null;
  /** The last scan; null: never scanned. */
  lastScanAt: Date | null;
  /** When the device was last heard from (enrolment, scan, heartbeat); the no-scan clock starts at
   * enrolment for a device that never scanned. */
  lastSeenAt: Date | null;
  /** Null: never reported (not known to be missing, so it never quarantines). */
  screenLock: boolean | null;
  /** The most severe open alert's level ({@link alertSeverityLevel}); null: none that counts. */
  worstOpenAlertLevel: 0 | 1 | null;
}

/** An OS version seen in the organization for the device's platform, and since when. */
export interface SeenOs {
  version: string;
  since: Date;
}

/**
 * Since when the device's version has been outdated: when the first newer version was seen; and
 * the newest version. Null when no newer version was seen (or the version is not numbers).
 */
export function outdatedSince(
  osVersion: string | null,
  seen: readonly SeenOs[],
): { since: Date; newest: string } | null {
  const own = osVersionKey(osVersion);
  if (!own) return null;
  let since: Date | null = null;
  let newest: { key: number[]; version: string } | null = null;
  for (const v of seen) {
    const key = osVersionKey(v.version);
    if (!key || compareOsKeys(key, own) <= 0) continue;
    if (since === null || v.since < since) since = v.since;
    if (newest === null || compareOsKeys(key, newest.key) > 0) newest = { key, version: v.version };
  }
  return since && newest ? { since, newest: newest.version } : null;
}

export type PolicyRule = 'alertSeverity' | 'outdatedOS' | 'noScans' | 'screenLock';

export interface Violation {
  rule: PolicyRule;
  /** One short sentence for the console. */
  text: string;
}

const periodWords = (period: Period) => QUARANTINE_PERIOD_LABELS[period].toLowerCase();

/**
 * The rules the device breaks, in the dropdowns' order (empty: it complies). Each rule is off at
 * its 'None' / 'Never' / 'Disabled' value.
 */
export function evaluateDevice(
  facts: DeviceFacts,
  policy: ConditionalAccessPolicy,
  now: Date,
  /** The versions seen in the organization for the device's platform. */
  seenOs: readonly SeenOs[],
): Violation[] {
  const out: Violation[] = [];

  const threshold = ALERT_THRESHOLD_LEVEL[policy.alertSeverity];
  if (threshold !== null && facts.worstOpenAlertLevel !== null) {
    if (facts.worstOpenAlertLevel <= threshold) {
      out.push({
        rule: 'alertSeverity',
        text: facts.worstOpenAlertLevel === 0 ? 'Open critical alert' : 'Open high alert',
      });
    }
  }

  const outdatedMs = PERIOD_MS[policy.outdatedOSPeriod];
  if (outdatedMs !== null) {
    const outdated = outdatedSince(facts.osVersion, seenOs);
    if (outdated && now.getTime() - outdated.since.getTime() > outdatedMs) {
      out.push({
        rule: 'outdatedOS',
        text: `OS ${facts.osVersion} outdated for more than ${periodWords(policy.outdatedOSPeriod)} (newest: ${outdated.newest})`,
      });
    }
  }

  const noScanMs = PERIOD_MS[policy.deviceIntegrityPeriod];
  if (noScanMs !== null) {
    const since = facts.lastScanAt ?? facts.lastSeenAt;
    if (since && now.getTime() - since.getTime() > noScanMs) {
      out.push({
        rule: 'noScans',
        text: `No scan for more than ${periodWords(policy.deviceIntegrityPeriod)}`,
      });
    }
  }

  if (policy.screenLockEnabled && facts.screenLock === false) {
    out.push({ rule: 'screenLock', text: 'No screen lock' });
  }
  return out;
}

/** Longest reason kept (a member with many failing devices). */
export const QUARANTINE_REASON_MAX_LENGTH = 500;

/**
 * A member's reason: each failing device ('Pixel 8a: Open critical alert; No screen lock'), one
 * after another; null when none fails.
 */
export function quarantineReason(
  devices: ReadonlyArray<{ label: string; violations: readonly Violation[] }>,
): string | null {
  const parts = devices
    .filter((d) => d.violations.length > 0)
    .map((d) => `${d.label}: ${d.violations.map((v) => v.text).join('; ')}`);
  if (parts.length === 0) return null;
  const text = parts.join(' · ');
  return text.length > QUARANTINE_REASON_MAX_LENGTH
    ? `${text.slice(0, QUARANTINE_REASON_MAX_LENGTH - 1)}…`
    : text;
}

/** Whether a policy can quarantine anybody at all (every rule off: nothing to evaluate). */
export function policyQuarantines(policy: ConditionalAccessPolicy): boolean {
  return (
    policy.alertSeverity !== 'NONE' ||
    policy.outdatedOSPeriod !== 'NEVER' ||
    policy.deviceIntegrityPeriod !== 'NEVER' ||
    policy.screenLockEnabled
  );
}
