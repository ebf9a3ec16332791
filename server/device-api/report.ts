/**
 * What a scan report does to a device and its alerts, as pure rules (docs/product/device-api.md,
 * 'What a report changes'; docs/decisions/051-device-api.md). The data access applies the plan in
 * the report's transaction (./scans.ts).
 */
import type { DeviceSeverity } from '@domain/devices';
import type { Finding, FindingSeverity } from '@contract/device-api';

/** An open alert of the device, as the plan needs it. */
export interface OpenAlert {
  id: number;
  /** The finding that opened it; null for an alert that no report opened (it never clears). */
  threatId: string | null;
  severity: string;
  findingClearedAt: Date | null;
}

/** The console's severity text of an alert a finding opens. */
export const ALERT_SEVERITY_OF_FINDING: Readonly<Record<FindingSeverity, string>> = {
  critical: 'Critical',
  warning: 'Warning',
};

export interface ReportPlan {
  /** Findings that open an alert: no open alert of the device has their threat id. */
  open: Finding[];
  /** Open alerts whose finding this report no longer has (their finding is recorded as cleared). */
  cleared: number[];
  /** Open alerts recorded as cleared whose finding is back. */
  returned: number[];
}

/**
 * The plan of one report. A finding already open on the device opens nothing (the first of two
 * findings with one threat id in a report counts). Only the device's newest report says what is
 * still found: an older one arriving late (`newest` false) opens its new findings but clears and
 * restores nothing. Nothing is ever closed: administrators close alerts.
 */
export function planReport(
  openAlerts: readonly OpenAlert[],
  findings: readonly Finding[],
  newest: boolean,
): ReportPlan {
  const openThreats = new Set(openAlerts.flatMap((a) => (a.threatId === null ? [] : [a.threatId])));
  const reported = new Set<string>();
  const open: Finding[] = [];
  for (const finding of findings) {
    if (reported.has(finding.threatId)) continue;
    reported.add(finding.threatId);
    if (!openThreats.has(finding.threatId)) open.push(finding);
  }
  const cleared: number[] = [];
  const returned: number[] = [];
  if (newest) {
    for (const alert of openAlerts) {
      if (alert.threatId === null) continue;
      const found = reported.has(alert.threatId);
      if (!found && alert.findingClearedAt === null) cleared.push(alert.id);
      if (found && alert.findingClearedAt !== null) returned.push(alert.id);
    }
  }
  return { open, cleared, returned };
}

/**
 * The device's severity: its worst OPEN alert ('Critical' → critical, any other → warning), and
 * secure with none. A cleared finding keeps its alert open, so the device stays as severe until an
 * administrator closes the alert: the console and the dashboard never disagree.
 */
export function deviceSeverityOf(openAlertSeverities: readonly string[]): DeviceSeverity {
  if (openAlertSeverities.length === 0) return 'secure';
  return openAlertSeverities.some((s) => s.toLowerCase() === 'critical') ? 'critical' : 'warning';
}

/** Whether a report scanned at `scannedAt` is the device's newest (ties count as newest). */
export function isNewestReport(scannedAt: Date, lastScanAt: Date | null): boolean {
  return lastScanAt === null || scannedAt.getTime() >= lastScanAt.getTime();
}
