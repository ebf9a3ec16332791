/**
 * Pure card-number, expiry and CVC logic for the built-in TEST card field (the stand-in for
 * Stripe's CardElement). No React here, so every rule is unit-tested. Which network a number
 * belongs to, the Luhn check and the lengths per network are the domain's (domain/cards.ts),
 * shared with the server's card processor.
 */
import {
  cardNetwork,
  cardNumberLength,
  cvcLength,
  isCardExpired,
  luhnCheck,
  type CardNetwork,
} from '@domain/cards';

/** The card's network, named as Stripe's card element names it ('brand'). */
export type CardBrand = CardNetwork;

/** Stripe's wording, so the test field reads like the real element. */
export const CARD_ERRORS = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryDatePast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
} as const;

/** Years ahead of `now` after which an expiry year is rejected (Stripe does the same). */
export const MAX_EXPIRY_YEARS_AHEAD = 50;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** Group sizes for display: amex 4-6-5, others 4-4-4-4. */
export function cardNumberGroups(brand: CardBrand): number[] {
  return brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
}

/** Keeps the digits of `input`, at most as many as the brand's complete length. */
export function limitCardNumber(input: string): string {
  const digits = digitsOnly(input);
  return digits.slice(0, cardNumberLength(cardNetwork(digits)));
}

/**
 * Groups the digits of `input` for display ('4242 4242 4242 4242', amex '3782 822463 10005').
 * Never adds, drops or reorders digits: digits beyond the brand's pattern go on in groups of 4.
 * No trailing space.
 */
export function formatCardNumber(input: string): string {
  const digits = digitsOnly(input);
  const groups = cardNumberGroups(cardNetwork(digits));
  const parts: string[] = [];
  let at = 0;
  let g = 0;
  while (at < digits.length) {
    const size = groups[g] ?? 4;
    parts.push(digits.slice(at, at + size));
    at += size;
    g += 1;
  }
  return parts.join(' ');
}

/**
 * Display form of the expiry while typing: 'MM / YY'. A first digit 2-9 is a month on its own
 * and gets a leading zero ('4' → '04'). At most 4 digits.
 */
export function formatExpiry(input: string): string {
  let digits = digitsOnly(input);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export type ParsedExpiry = {
  /** 1-12 when valid; the raw number (e.g. 0 or 13) when two digits were typed; else null. */
  month: number | null;
  /** Four-digit year ('34' → 2034, '2034' → 2034); null until the year is complete. */
  year: number | null;
};

/** Reads 'MM / YY', 'MM/YY', 'MMYY' or 'MM / YYYY'. */
export function parseExpiry(input: string): ParsedExpiry {
  const digits = digitsOnly(input);
  const month = digits.length >= 2 ? Number(digits.slice(0, 2)) : null;
  const rest = digits.slice(2);
  let year: number | null = null;
  if (rest.length === 2) year = 2000 + Number(rest);
  else if (rest.length === 4) year = Number(rest);
  return { month, year };
}

/** Keeps the digits of a CVC, at most as many as the brand needs. */
export function limitCvc(input: string, brand: CardBrand): string {
  return digitsOnly(input).slice(0, cvcLength(brand));
}

export type CardPart = 'number' | 'expiry' | 'cvc';
export const CARD_PARTS: readonly CardPart[] = ['number', 'expiry', 'cvc'];

export type CardPartState = 'empty' | 'incomplete' | 'invalid' | 'complete';

export type CardPartResult = { state: CardPartState; error?: string };

/** What the user typed, as shown in the three inputs. */
export type CardInput = { number: string; expiry: string; cvc: string };

export type CardDetails = {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
};

export type CardValidation = {
  brand: CardBrand;
  number: CardPartResult;
  expiry: CardPartResult;
  cvc: CardPartResult;
  /** All three inputs are empty. */
  empty: boolean;
  /** All three are complete and valid. */
  complete: boolean;
  /** Present only when complete. */
  card?: CardDetails;
};

function validateNumber(digits: string, brand: CardBrand): CardPartResult {
  if (digits.length === 0) return { state: 'empty' };
  const length = cardNumberLength(brand);
  if (digits.length < length) return { state: 'incomplete', error: CARD_ERRORS.numberIncomplete };
  if (digits.length > length || !luhnCheck(digits)) {
    return { state: 'invalid', error: CARD_ERRORS.numberInvalid };
  }
  return { state: 'complete' };
}

function validateExpiry(input: string, now: Date): CardPartResult {
  const digits = digitsOnly(input);
  if (digits.length === 0) return { state: 'empty' };
  const { month, year } = parseExpiry(input);
  if (month !== null && (month < 1 || month > 12)) {
    return { state: 'invalid', error: CARD_ERRORS.expiryMonthInvalid };
  }
  if (year === null) return { state: 'incomplete', error: CARD_ERRORS.expiryIncomplete };
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear) return { state: 'invalid', error: CARD_ERRORS.expiryYearPast };
  if (isCardExpired(month ?? 0, year, { year: thisYear, month: thisMonth })) {
    return { state: 'invalid', error: CARD_ERRORS.expiryDatePast };
  }
  if (year > thisYear + MAX_EXPIRY_YEARS_AHEAD) {
    return { state: 'invalid', error: CARD_ERRORS.expiryYearInvalid };
  }
  return { state: 'complete' };
}

function validateCvc(digits: string, brand: CardBrand): CardPartResult {
  if (digits.length === 0) return { state: 'empty' };
  const length = cvcLength(brand);
  if (digits.length < length) return { state: 'incomplete', error: CARD_ERRORS.cvcIncomplete };
  if (digits.length > length) return { state: 'invalid', error: CARD_ERRORS.cvcInvalid };
  return { state: 'complete' };
}

/**
 * Validates the three inputs against `now` (the card expires at the end of its month, so the
 * current month is still valid).
 */
export function validateCard(input: CardInput, now: Date): CardValidation {
  const numberDigits = digitsOnly(input.number);
  const cvcDigits = digitsOnly(input.cvc);
  const brand = cardNetwork(numberDigits);
  const number = validateNumber(numberDigits, brand);
  const expiry = validateExpiry(input.expiry, now);
  const cvc = validateCvc(cvcDigits, brand);
  const parts = [number, expiry, cvc];
  const empty = parts.every((p) => p.state === 'empty');
  const complete = parts.every((p) => p.state === 'complete');
  const result: CardValidation = { brand, number, expiry, cvc, empty, complete };
  if (complete) {
    const { month, year } = parseExpiry(input.expiry);
    result.card = { number: numberDigits, expMonth: month!, expYear: year!, cvc: cvcDigits };
  }
  return result;
}

export type CardInteraction = {
  /** Inputs the user has left at least once. */
  touched: Partial<Record<CardPart, boolean>>;
  /** The input that has focus now, if any. */
  focused: CardPart | null;
};

/**
 * The error to show, like Stripe: an invalid part (complete but wrong, e.g. a failed Luhn check,
 * a past year) shows at once; an incomplete part only once the user has left it and is not back
 * in it. Empty parts never show an error. The first part in reading order wins.
 */
export function visibleCardError(
  validation: CardValidation,
  { touched, focused }: CardInteraction,
): { part: CardPart; error: string } | undefined {
  for (const part of CARD_PARTS) {
    const { state, error } = validation[part];
    if (!error) continue;
    if (state === 'invalid') return { part, error };
    if (state === 'incomplete' && touched[part] && focused !== part) return { part, error };
  }
  return undefined;
}

/** What the field reports through `onChange`, shaped like Stripe's change event. */
export type CardFieldState = {
  empty: boolean;
  complete: boolean;
  /** The error to show under the field (Stripe's wording); undefined when there is none. */
  error?: string | undefined;
  brand: CardBrand;
  /** Present only when complete. */
  card?: CardDetails;
};

export function cardFieldState(
  validation: CardValidation,
  interaction: CardInteraction,
): CardFieldState {
  const state: CardFieldState = {
    empty: validation.empty,
    complete: validation.complete,
    error: visibleCardError(validation, interaction)?.error,
    brand: validation.brand,
  };
  if (validation.card) state.card = validation.card;
  return state;
}

export function sameCardFieldState(a: CardFieldState, b: CardFieldState): boolean {
  return (
    a.empty === b.empty &&
    a.complete === b.complete &&
    a.error === b.error &&
    a.brand === b.brand &&
    a.card?.number === b.card?.number &&
    a.card?.expMonth === b.card?.expMonth &&
    a.card?.expYear === b.card?.expYear &&
    a.card?.cvc === b.card?.cvc
  );
}
