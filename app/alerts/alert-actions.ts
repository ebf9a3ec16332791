import type { Alert, AlertStatus } from '@contract/alerts';

/**
 * The bulk action (docs/product/alerts.md, 'Bulk actions'): when every selected alert already has
 * the target status, nothing is sent and the console says so; otherwise the selected alerts are
 * updated.
 */
export type AlertActionPlan =
  | { kind: 'nothing-selected' }
  | { kind: 'already'; message: string }
  | { kind: 'update'; alertIds: string[]; status: AlertStatus };

export function alreadyMessage(count: number, status: AlertStatus): string {
  return `${count === 1 ? 'Alert' : 'Alerts'} already ${status === 'Closed' ? 'closed' : 'open'}`;
}

export function planAlertAction(selected: readonly Alert[], status: AlertStatus): AlertActionPlan {
  if (selected.length === 0) return { kind: 'nothing-selected' };
  if (selected.every((a) => a.alertStatus === status)) {
    return { kind: 'already', message: alreadyMessage(selected.length, status) };
  }
  return { kind: 'update', alertIds: selected.map((a) => a.scanId), status };
}
