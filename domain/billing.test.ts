import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  ACCEPTED_PAYMENT_STATUSES,
  isAcceptedPaymentStatus,
  PLAN_STATUS_LABELS,
  PLAN_STATUSES,
  planActionsFor,
  SUBSCRIPTION_STATUSES,
} from './billing';

describe('planActionsFor', () => {
  it('canceled: reactivate and delete', () => {
    expect(planActionsFor('canceled')).toEqual(['reactivate', 'delete']);
  });

  it('none: delete only', () => {
    expect(planActionsFor('none')).toEqual(['delete']);
  });

  it('invoice: no actions', () => {
    expect(planActionsFor('invoice')).toEqual([]);
  });

  it.each(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'something_new', ''])(
    '%j: cancel',
    (status) => {
      expect(planActionsFor(status)).toEqual(['cancel']);
    },
  );

  it('ignores case and surrounding spaces', () => {
    expect(planActionsFor(' Canceled ')).toEqual(['reactivate', 'delete']);
    expect(planActionsFor('NONE')).toEqual(['delete']);
    expect(planActionsFor('Invoice')).toEqual([]);
  });

  it('property: any other status offers exactly cancel', () => {
    fc.assert(
      fc.property(
        fc
          .string()
          .filter((s) => !['canceled', 'none', 'invoice'].includes(s.trim().toLowerCase())),
        (status) => {
          expect(planActionsFor(status)).toEqual(['cancel']);
        },
      ),
    );
  });
});

describe('plan statuses', () => {
  it('the plan statuses are the subscription statuses and invoice; each has its text', () => {
    expect(PLAN_STATUSES).toEqual([...SUBSCRIPTION_STATUSES, 'invoice']);
    expect(Object.keys(PLAN_STATUS_LABELS).sort()).toEqual([...PLAN_STATUSES].sort());
    expect(PLAN_STATUS_LABELS.none).toBe('No plan');
  });

  it('a payment update may end active, trialing or past due, nothing else', () => {
    for (const status of SUBSCRIPTION_STATUSES) {
      expect(isAcceptedPaymentStatus(status)).toBe(
        (ACCEPTED_PAYMENT_STATUSES as readonly string[]).includes(status),
      );
    }
    expect([...ACCEPTED_PAYMENT_STATUSES]).toEqual(['active', 'trialing', 'past_due']);
    expect(isAcceptedPaymentStatus('Active')).toBe(false);
    expect(isAcceptedPaymentStatus('invoice')).toBe(false);
  });

  it('every stored status offers something but invoice (a status, not a subscription)', () => {
    for (const status of SUBSCRIPTION_STATUSES)
      expect(planActionsFor(status).length).toBeGreaterThan(0);
    expect(planActionsFor('invoice')).toEqual([]);
  });
});
