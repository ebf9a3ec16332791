import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { planActionsFor, planStatusLabel, planStatusTone } from './plan-status';

describe('planActionsFor (spec 2.6)', () => {
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

describe('planStatusLabel and planStatusTone', () => {
  it.each([
    ['active', 'Active', 'success'],
    ['trialing', 'Trialing', 'info'],
    ['past_due', 'Past due', 'warning'],
    ['unpaid', 'Unpaid', 'warning'],
    ['canceled', 'Canceled', 'danger'],
    ['none', 'No plan', 'neutral'],
    ['invoice', 'Invoice', 'info'],
    ['incomplete_expired', 'Incomplete expired', 'neutral'],
    ['', 'Unknown', 'neutral'],
  ])('%j → %s (%s)', (status, label, tone) => {
    expect(planStatusLabel(status)).toBe(label);
    expect(planStatusTone(status)).toBe(tone);
  });
});
