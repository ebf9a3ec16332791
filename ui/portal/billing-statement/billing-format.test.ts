import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  formatCents,
  formatLongDate,
  formatSecondsDate,
  networkLabel,
  statementKind,
  type BillingSubscription,
} from './billing-format';

/** Noon UTC, so the calendar day is the same in every time zone from UTC-11 to UTC+11. */
const DEC_12_2026 = 1797076800;
const MAR_5_2025 = 1741176000;

describe('formatCents', () => {
  it('shows cents as US dollars with 2 decimals', () => {
    expect(formatCents(12000)).toBe('$120.00');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(199)).toBe('$1.99');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-2500)).toBe('-$25.00');
  });

  it('treats a missing amount as zero', () => {
    expect(formatCents(Number.NaN)).toBe('$0.00');
  });

  it('property: the digits are the cents, always with 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        const text = formatCents(cents);
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(text.replace(/[$,.]/g, ''))).toBe(cents);
      }),
    );
  });
});

describe('dates', () => {
  it('formats seconds like "December 12th, 2026"', () => {
    expect(formatSecondsDate(DEC_12_2026)).toBe('December 12th, 2026');
    expect(formatSecondsDate(MAR_5_2025)).toBe('March 5th, 2025');
  });

  it('uses ordinals', () => {
    expect(formatLongDate(new Date(2025, 2, 1))).toBe('March 1st, 2025');
    expect(formatLongDate(new Date(2025, 2, 2))).toBe('March 2nd, 2025');
    expect(formatLongDate(new Date(2025, 2, 3))).toBe('March 3rd, 2025');
    expect(formatLongDate(new Date(2025, 2, 11))).toBe('March 11th, 2025');
    expect(formatLongDate(new Date(2025, 2, 22))).toBe('March 22nd, 2025');
  });
});

describe('networkLabel', () => {
  it.each([
    ['visa', 'Visa'],
    ['VISA', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['amex', 'American Express'],
    ['american_express', 'American Express'],
    ['American Express', 'American Express'],
    ['discover', 'Discover'],
    ['diners', 'Diners Club'],
    ['jcb', 'JCB'],
    ['unionpay', 'UnionPay'],
    ['cartes_bancaires', 'Cartes Bancaires'],
    ['some_new-network', 'Some New Network'],
    ['', 'Card'],
    ['unknown', 'Card'],
    [null, 'Card'],
  ])('%s → %s', (network, label) => {
    expect(networkLabel(network)).toBe(label);
  });
});

describe('statementKind', () => {
  const active: BillingSubscription = {
    status: 'active',
    invoice: false,
    renewDate: DEC_12_2026,
    amountDue: 12000,
  };

  it('shows the next payment for active, trialing and past due plans', () => {
    expect(statementKind(active)).toBe('scheduled');
    expect(statementKind({ ...active, status: 'trialing' })).toBe('scheduled');
    expect(statementKind({ ...active, status: 'past_due' })).toBe('scheduled');
  });

  it('has no payment scheduled without a subscription or when canceled', () => {
    expect(statementKind(null)).toBe('none');
    expect(statementKind({ ...active, status: 'canceled' })).toBe('none');
    expect(statementKind({ ...active, status: 'canceled', invoice: true, amountDue: 0 })).toBe(
      'none',
    );
  });

  it('is custom billing only for an invoice with nothing due', () => {
    expect(statementKind({ ...active, invoice: true, amountDue: 0 })).toBe('custom');
    expect(statementKind({ ...active, invoice: true, amountDue: 5000 })).toBe('scheduled');
    expect(statementKind({ ...active, amountDue: 0 })).toBe('scheduled');
  });
});
