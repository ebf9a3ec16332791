import { describe, expect, it } from 'vitest';

import { planStatusLabel, planStatusTone } from './plan-status';

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
