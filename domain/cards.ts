/**
 * Payment cards: the networks the portal names, which numbers belong to which network, the Luhn
 * check, the lengths of a complete number and security code, and card expiry. The test card
 * field (ui) and the offline card processor (server) both decide by these, so a number the field
 * calls Discover is stored as Discover.
 *
 * Networks are recognised by their issuer identification number (IIN) ranges as the networks
 * publish them (docs/decisions/013-domain-values-and-rules.md). A number of any other network
 * (JCB, Diners Club, UnionPay outside Discover's co-branded range, …) is 'unknown': it is still
 * accepted, just not named.
 */

/** The networks we name; 'unknown' is any other. Stored as `payment_methods.network`. */
export const CARD_NETWORKS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardNetwork = (typeof CARD_NETWORKS)[number];

/** How people write them (the card field's brand, the billing statement). */
export const CARD_NETWORK_LABELS: Readonly<Record<CardNetwork, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: '',
};

/**
 * IIN ranges: a number belongs to `network` when its first `from.length` digits, read as a
 * number, lie in [from, to] (both ends have the same number of digits). The ranges do not
 * overlap, so their order does not matter.
 */
export const CARD_IIN_RANGES: readonly {
  network: Exclude<CardNetwork, 'unknown'>;
  from: string;
  to: string;
}[] = [
  { network: 'visa', from: '4', to: '4' },
  { network: 'mastercard', from: '51', to: '55' },
  { network: 'mastercard', from: '2221', to: '2720' },
  { network: 'amex', from: '34', to: '34' },
  { network: 'amex', from: '37', to: '37' },
  { network: 'discover', from: '6011', to: '6011' },
  { network: 'discover', from: '644', to: '649' },
  { network: 'discover', from: '65', to: '65' },
  // China UnionPay cards co-branded with Discover, accepted on the Discover network.
  { network: 'discover', from: '622126', to: '622925' },
];

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * The network of a card number from its leading digits (non-digits are ignored). It works
 * while the number is being typed: 'unknown' until enough digits tell ('6' or '62212' are not
 * yet Discover, '6011' is).
 */
export function cardNetwork(number: string): CardNetwork {
  const digits = digitsOf(number);
  for (const range of CARD_IIN_RANGES) {
    if (digits.length < range.from.length) continue;
    const prefix = Number(digits.slice(0, range.from.length));
    if (prefix >= Number(range.from) && prefix <= Number(range.to)) return range.network;
  }
  return 'unknown';
}

/** Digits of a complete number: 15 for amex, 16 otherwise. */
export function cardNumberLength(network: CardNetwork): number {
  return network === 'amex' ? 15 : 16;
}

/** Digits of the security code: 4 for amex, 3 otherwise. */
export function cvcLength(network: CardNetwork): number {
  return network === 'amex' ? 4 : 3;
}

/**
 * Luhn (mod 10) check of a string of digits. Anything that is not only digits (including the
 * empty string) fails; strip spaces first.
 */
export function luhnCheck(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that makes `payload + digit` pass `luhnCheck` (to build test numbers). */
export function luhnCheckDigit(payload: string): number {
  if (!/^\d*$/.test(payload)) throw new Error('luhnCheckDigit: payload must be digits only');
  for (let d = 0; d <= 9; d += 1) {
    if (luhnCheck(`${payload}${d}`)) return d;
  }
  /* c8 ignore next */
  throw new Error('unreachable');
}

/** Expiry years a card may carry at all (the processor's and the database's bounds). */
export const CARD_EXPIRY_YEAR_MIN = 2000;
export const CARD_EXPIRY_YEAR_MAX = 2100;

/**
 * A card is valid through the last day of its expiry month: expired once `today` (a year and a
 * month 1–12, in whichever time zone the caller decides by) is past that month.
 */
export function isCardExpired(
  expMonth: number,
  expYear: number,
  today: { year: number; month: number },
): boolean {
  return expYear < today.year || (expYear === today.year && expMonth < today.month);
}

/**
 * How the offline test processor lets a subscription paid with a card end: 'succeeds' (active,
 * or trialing during a trial) or 'incomplete' (the contract's TEST_CARDS.incomplete).
 */
export const TEST_CARD_OUTCOMES = ['succeeds', 'incomplete'] as const;
export type TestCardOutcome = (typeof TEST_CARD_OUTCOMES)[number];
