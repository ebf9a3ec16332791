import { PLAN_STATUS_LABELS, type PlanStatus } from '@domain/billing';

export type PlanStatusTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

const normalize = (status: string) => status.trim().toLowerCase();

const isKnown = (status: string): status is PlanStatus => Object.hasOwn(PLAN_STATUS_LABELS, status);

/** 'active' → 'Active', 'none' → 'No plan'; unknown statuses read as words ('incomplete_expired' → 'Incomplete expired'). */
export function planStatusLabel(status: string): string {
  const key = normalize(status);
  if (isKnown(key)) return PLAN_STATUS_LABELS[key];
  const words = key.replace(/[_-]+/g, ' ').trim();
  if (!words) return 'Unknown';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TONES: Record<PlanStatus, PlanStatusTone> = {
  active: 'success',
  trialing: 'info',
  invoice: 'info',
  past_due: 'warning',
  unpaid: 'warning',
  incomplete: 'warning',
  canceled: 'danger',
  none: 'neutral',
};

export function planStatusTone(status: string): PlanStatusTone {
  const key = normalize(status);
  return isKnown(key) ? TONES[key] : 'neutral';
}
