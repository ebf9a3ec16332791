import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { cardNetwork, cardNumberLength, luhnCheckDigit } from '@domain/cards';

import {
  CARD_ERRORS,
  cardFieldState,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  limitCardNumber,
  limitCvc,
  parseExpiry,
  sameCardFieldState,
  validateCard,
  visibleCardError,
  type CardInput,
} from './card-validation';

/** Mid-June 2026, local time. */
const NOW = new Date(2026, 5, 15, 12);

const VALID: CardInput = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

describe('formatCardNumber', () => {
  it('groups in 4s, amex 4-6-5', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822')).toBe('3782 822');
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('42-42 x42')).toBe('4242 42');
  });

  it('property: formatting never changes the digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 -/x') }), (input) => {
        const formatted = formatCardNumber(input);
        expect(digitsOnly(formatted)).toBe(digitsOnly(input));
        // Only digits and single inner spaces.
        expect(formatted).toMatch(/^(\d+( \d+)*)?$/);
        // Idempotent.
        expect(formatCardNumber(formatted)).toBe(formatted);
      }),
    );
  });

  it('property: a number cut to its brand length shows 4-4-4-4 (or 4-6-5) groups', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,20}$/), (input) => {
        const limited = limitCardNumber(input);
        expect(limited.length).toBeLessThanOrEqual(cardNumberLength(cardNetwork(input)));
        expect(input.startsWith(limited)).toBe(true);
        const sizes = formatCardNumber(limited)
          .split(' ')
          .map((g) => g.length);
        const pattern = cardNetwork(limited) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
        sizes.slice(0, -1).forEach((size, i) => expect(size).toBe(pattern[i]));
      }),
    );
  });
});

describe('expiry', () => {
  it('formats as MM / YY while typing', () => {
    expect(formatExpiry('')).toBe('');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('426')).toBe('04 / 26');
    expect(formatExpiry('0')).toBe('0');
  });

  it('parses month and a four-digit year', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('0128')).toEqual({ month: 1, year: 2028 });
    expect(parseExpiry('07/2031')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('1')).toEqual({ month: null, year: null });
    expect(parseExpiry('13')).toEqual({ month: 13, year: null });
    expect(parseExpiry('12 / 3')).toEqual({ month: 12, year: null });
  });
});

describe('validateCard', () => {
  it('reports a complete card with its details', () => {
    const result = validateCard(VALID, NOW);
    expect(result).toMatchObject({ brand: 'visa', empty: false, complete: true });
    expect(result.card).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
  });

  it('is empty with nothing typed, and never complete then', () => {
    const result = validateCard({ number: '', expiry: '', cvc: '' }, NOW);
    expect(result).toMatchObject({ empty: true, complete: false, brand: 'unknown' });
    expect(result.card).toBeUndefined();
    expect(result.number).toEqual({ state: 'empty' });
  });

  it('number: incomplete, then invalid when full but failing Luhn', () => {
    expect(validateCard({ ...VALID, number: '4242 4242' }, NOW).number).toEqual({
      state: 'incomplete',
      error: CARD_ERRORS.numberIncomplete,
    });
    expect(validateCard({ ...VALID, number: '4242 4242 4242 4241' }, NOW).number).toEqual({
      state: 'invalid',
      error: CARD_ERRORS.numberInvalid,
    });
  });

  it('amex: 15 digits and a 4-digit CVC', () => {
    const amex = { number: '3782 822463 10005', expiry: '01 / 30', cvc: '1234' };
    expect(validateCard(amex, NOW).complete).toBe(true);
    expect(validateCard({ ...amex, cvc: '123' }, NOW).cvc).toEqual({
      state: 'incomplete',
      error: CARD_ERRORS.cvcIncomplete,
    });
    expect(validateCard({ ...VALID, cvc: '1234' }, NOW).cvc.state).toBe('invalid');
  });

  it('expiry: incomplete, month 1-12, not in the past, not absurdly far', () => {
    const expiry = (value: string) => validateCard({ ...VALID, expiry: value }, NOW).expiry;
    expect(expiry('1')).toEqual({ state: 'incomplete', error: CARD_ERRORS.expiryIncomplete });
    expect(expiry('12 / 3')).toEqual({ state: 'incomplete', error: CARD_ERRORS.expiryIncomplete });
    expect(expiry('13')).toEqual({ state: 'invalid', error: CARD_ERRORS.expiryMonthInvalid });
    expect(expiry('00 / 30')).toEqual({ state: 'invalid', error: CARD_ERRORS.expiryMonthInvalid });
    expect(expiry('12 / 25')).toEqual({ state: 'invalid', error: CARD_ERRORS.expiryYearPast });
    expect(expiry('05 / 26')).toEqual({ state: 'invalid', error: CARD_ERRORS.expiryDatePast });
    // The current month is still valid: a card expires at the end of its month.
    expect(expiry('06 / 26')).toEqual({ state: 'complete' });
    expect(expiry('01 / 27')).toEqual({ state: 'complete' });
    // Up to 50 years ahead.
    expect(expiry('01 / 2076')).toEqual({ state: 'complete' });
    expect(validateCard({ ...VALID, expiry: '01 / 2076' }, NOW).card?.expYear).toBe(2076);
    expect(expiry('01 / 2077')).toEqual({
      state: 'invalid',
      error: CARD_ERRORS.expiryYearInvalid,
    });
  });

  it('property: any Luhn-valid 16-digit visa with a future expiry and 3-digit CVC is complete', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{14}$/),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 27, max: 75 }),
        fc.stringMatching(/^\d{3}$/),
        (middle, month, year, cvc) => {
          const payload = `4${middle}`;
          const number = formatCardNumber(`${payload}${luhnCheckDigit(payload)}`);
          const expiry = formatExpiry(`${String(month).padStart(2, '0')}${year}`);
          const result = validateCard({ number, expiry, cvc }, NOW);
          expect(result.complete).toBe(true);
          expect(result.card?.expYear).toBe(2000 + year);
          expect(digitsOnly(number)).toBe(result.card?.number);
        },
      ),
    );
  });
});

describe('limitCvc', () => {
  it('keeps 3 digits, 4 for amex', () => {
    expect(limitCvc('12345', 'visa')).toBe('123');
    expect(limitCvc('12a345', 'amex')).toBe('1234');
  });
});

describe('visibleCardError', () => {
  const incomplete = validateCard({ number: '4242', expiry: '1', cvc: '1' }, NOW);

  it('hides incomplete errors until the input is left', () => {
    expect(visibleCardError(incomplete, { touched: {}, focused: 'number' })).toBeUndefined();
    expect(
      visibleCardError(incomplete, { touched: { number: true }, focused: 'number' }),
    ).toBeUndefined();
    expect(visibleCardError(incomplete, { touched: { number: true }, focused: 'expiry' })).toEqual({
      part: 'number',
      error: CARD_ERRORS.numberIncomplete,
    });
    expect(visibleCardError(incomplete, { touched: { cvc: true }, focused: null })).toEqual({
      part: 'cvc',
      error: CARD_ERRORS.cvcIncomplete,
    });
  });

  it('shows invalid errors at once, even while typing', () => {
    const invalid = validateCard({ ...VALID, number: '4242 4242 4242 4241' }, NOW);
    expect(visibleCardError(invalid, { touched: {}, focused: 'number' })).toEqual({
      part: 'number',
      error: CARD_ERRORS.numberInvalid,
    });
  });

  it('never shows an error for empty inputs', () => {
    const empty = validateCard({ number: '', expiry: '', cvc: '' }, NOW);
    const touched = { number: true, expiry: true, cvc: true };
    expect(visibleCardError(empty, { touched, focused: null })).toBeUndefined();
  });

  it('the first part in reading order wins', () => {
    const touched = { number: true, expiry: true, cvc: true };
    expect(visibleCardError(incomplete, { touched, focused: null })?.part).toBe('number');
  });
});

describe('cardFieldState', () => {
  it('has card only when complete, and compares by value', () => {
    const complete = cardFieldState(validateCard(VALID, NOW), { touched: {}, focused: null });
    expect(complete).toEqual({
      empty: false,
      complete: true,
      error: undefined,
      brand: 'visa',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    const again = cardFieldState(validateCard({ ...VALID }, NOW), {
      touched: { number: true },
      focused: 'cvc',
    });
    expect(sameCardFieldState(complete, again)).toBe(true);

    const partial = cardFieldState(validateCard({ ...VALID, cvc: '12' }, NOW), {
      touched: {},
      focused: 'cvc',
    });
    expect(partial).not.toHaveProperty('card');
    expect(sameCardFieldState(complete, partial)).toBe(false);
  });
});
