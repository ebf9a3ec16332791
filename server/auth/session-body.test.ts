import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@contract/errors';
import type { SubscriptionStatus } from '@domain/billing';
import { sessionErrorFor } from './session-body';

describe('sessionErrorFor: the billing banner of a session', () => {
  it('canceled, past due and unpaid carry update-billing; a new organization update-payment', () => {
    const banner = (status: SubscriptionStatus, hasDefaultCard: boolean) =>
      sessionErrorFor({ status, hasDefaultCard })?.type ?? null;
    for (const status of ['canceled', 'past_due', 'unpaid'] as const) {
      expect(banner(status, true), status).toBe('update-billing');
      expect(sessionErrorFor({ status, hasDefaultCard: true })).toEqual({
        type: 'update-billing',
        ...ERROR_CATALOGUE['update-billing'],
        severity: 'warning',
      });
    }
    expect(banner('none', false)).toBe('update-payment');
    expect(banner('none', true)).toBeNull();
    for (const status of ['active', 'trialing', 'incomplete'] as const) {
      expect(banner(status, true), status).toBeNull();
    }
  });
});
