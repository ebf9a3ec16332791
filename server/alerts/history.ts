/**
 * An alert's status history for its drawer (docs/product/alerts.md, 'Alert detail'): opened by the
 * scan that found it, then each close and reopen the audit log recorded (the console's bulk
 * change and the public API record one event naming every alert they were asked to change).
 * Pure: the alert's scan time and its events (oldest first) come in.
 *
 * A bulk change names alerts that already had the status (they are left as they are, and the event
 * still names them): such an event changed nothing for this alert and is not an entry.
 */
import type { AlertHistoryEntry, AlertStatus } from '@contract/alerts';

export interface AlertStatusEvent {
  status: AlertStatus;
  at: Date;
  by: string;
}

export function alertHistory(
  scanTime: Date,
  events: readonly AlertStatusEvent[],
): AlertHistoryEntry[] {
  const history: AlertHistoryEntry[] = [{ status: 'Open', at: scanTime.toISOString(), by: null }];
  let current: AlertStatus = 'Open';
  for (const event of events) {
    if (event.status === current) continue;
    current = event.status;
    history.push({ status: event.status, at: event.at.toISOString(), by: event.by });
  }
  return history;
}

/**
 * The alert's threats with their state: a report's alert has one finding, whose clearing is
 * recorded on the alert (`findingClearedAt`); an alert of several threats (not a report's) has no
 * recorded clearing, so each is still found.
 */
export function alertThreats(
  findings: ReadonlyArray<{ name: string; category?: string; threatId?: string }>,
  threatId: string | null,
  findingClearedAt: Date | null,
) {
  return findings.map((f) => {
    const cleared =
      findingClearedAt !== null &&
      (threatId !== null ? f.threatId === threatId : findings.length === 1);
    return cleared ? { ...f, clearedAt: findingClearedAt.toISOString() } : { ...f };
  });
}
