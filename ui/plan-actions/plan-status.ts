/** What the plan tab can do with a plan (spec §2.6). */
export type PlanAction = 'cancel' | 'reactivate' | 'delete';

export type PlanStatusTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

const normalize = (status: string) => status.trim().toLowerCase();

/**
 * Spec §2.6: canceled → reactivate and delete; none → delete only; invoice → nothing; any other
 * status (active, trialing, past_due, unknown ones…) → cancel.
 */
export function planActionsFor(status: string): PlanAction[] {
  switch (normalize(status)) {
    case 'canceled':
      return ['reactivate', 'delete'];
    case 'none':
      return ['delete'];
    case 'invoice':
      return [];
    default:
      return ['cancel'];
  }
}

const LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  canceled: 'Canceled',
  none: 'No plan',
  invoice: 'Invoice',
};

/** 'active' → 'Active', 'none' → 'No plan'; unknown statuses read as words ('incomplete_expired' → 'Incomplete expired'). */
export function planStatusLabel(status: string): string {
  const key = normalize(status);
  const known = LABELS[key];
  if (known) return known;
  const words = key.replace(/[_-]+/g, ' ').trim();
  if (!words) return 'Unknown';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TONES: Record<string, PlanStatusTone> = {
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
  return TONES[normalize(status)] ?? 'neutral';
}
