import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  CARD_IIN_RANGES,
  CARD_NETWORK_LABELS,
  CARD_NETWORKS,
  cardNetwork,
  cardNumberLength,
  cvcLength,
  isCardExpired,
  luhnCheck,
  luhnCheckDigit,
  type CardNetwork,
} from './cards';

/*
 * The network rule had two implementations before domain/ (decision 013): the card field's (ui) and
 * the offline card processor's (server), which missed Discover's 644–649 and 622126–622925. The
 * domain's rule is their union, checked here against the networks' published IIN ranges written a
 * second, independent way (regular expressions), and against frozen copies of both old rules.
 */

/** The published IIN ranges (Visa, Mastercard, American Express, Discover), as prefixes. */
const PUBLISHED: Record<Exclude<CardNetwork, 'unknown'>, RegExp> = {
  // Visa: 4.
  visa: /^4/,
  // Mastercard: 51–55 and 2221–2720.
  mastercard: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/,
  // American Express: 34, 37.
  amex: /^3[47]/,
  // Discover: 6011, 644–649, 65, and 622126–622925 (China UnionPay co-branded).
  discover: /^(6011|64[4-9]|65|6221(2[6-9]|[3-9]\d)|622[2-8]\d\d|6229([01]\d|2[0-5]))/,
};

function publishedNetwork(digits: string): CardNetwork {
  const hits = (Object.keys(PUBLISHED) as (keyof typeof PUBLISHED)[]).filter((n) =>
    PUBLISHED[n].test(digits),
  );
  expect(hits.length, `${digits} matches ${hits.join(', ')}`).toBeLessThanOrEqual(1);
  return hits[0] ?? 'unknown';
}

/** The server's rule before decision 013 (then server/billing/cards.ts), frozen. */
function legacyServerNetwork(digits: string): CardNetwork {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || two === 65) return 'discover';
  return 'unknown';
}

/** The card field's rule before decision 013 (ui/portal/card-field/card-validation.ts), frozen. */
function legacyUiNetwork(d: string): CardNetwork {
  const inRange = (length: number, min: number, max: number) =>
    d.length >= length && Number(d.slice(0, length)) >= min && Number(d.slice(0, length)) <= max;
  if (d.startsWith('4')) return 'visa';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^5[1-5]/.test(d) || inRange(4, 2221, 2720)) return 'mastercard';
  if (
    d.startsWith('6011') ||
    d.startsWith('65') ||
    inRange(3, 644, 649) ||
    inRange(6, 622126, 622925)
  ) {
    return 'discover';
  }
  return 'unknown';
}

/** Starts inside, or right next to, a published range (and a few of other networks). */
const PREFIXES = [
  '4',
  '34',
  '37',
  '33',
  '35',
  '36',
  '38',
  '2220',
  '2221',
  '2720',
  '2721',
  '50',
  '51',
  '55',
  '56',
  '6010',
  '6011',
  '6012',
  '643',
  '644',
  '649',
  '650',
  '659',
  '66',
  '622125',
  '622126',
  '622925',
  '622926',
  '62',
  '3528',
  '3589',
  '300',
  '305',
  '9',
  '1',
];

/** Card numbers of 12–19 digits, most of them starting near a range boundary. */
const cardNumbers = fc
  .tuple(fc.oneof(fc.constantFrom(...PREFIXES), fc.constant('')), fc.stringMatching(/^\d{12,19}$/))
  .map(([prefix, rest]) => (prefix + rest).slice(0, rest.length));

describe('cardNetwork: the published IIN ranges', () => {
  it.each([
    // Published test numbers of each network.
    ['4242424242424242', 'visa'],
    ['4000056655665556', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['6011000990139424', 'discover'],
    ['6445644564456445', 'discover'],
    ['6500000000000002', 'discover'],
    ['6221260000000000', 'discover'],
    ['6229250000000000', 'discover'],
    // Other networks are not named.
    ['3566002020360505', 'unknown'], // JCB
    ['36227206271667', 'unknown'], // Diners Club
    ['6200000000000005', 'unknown'], // UnionPay outside the co-branded range
    // Edges of each range.
    ['2220999999999999', 'unknown'],
    ['2721000000000000', 'unknown'],
    ['5000000000000000', 'unknown'],
    ['5600000000000000', 'unknown'],
    ['6010999999999999', 'unknown'],
    ['6012000000000000', 'unknown'],
    ['6430000000000000', 'unknown'],
    ['6490000000000000', 'discover'],
    ['6221259999999999', 'unknown'],
    ['6229260000000000', 'unknown'],
  ])('%s → %s', (number, network) => {
    expect(cardNetwork(number)).toBe(network);
    expect(publishedNetwork(number)).toBe(network);
  });

  it('property: every number gets the network of the published range it starts with', () => {
    fc.assert(
      fc.property(cardNumbers, (digits) => {
        expect(cardNetwork(digits)).toBe(publishedNetwork(digits));
      }),
      { numRuns: 2000 },
    );
  });

  it('property: it is the union of the two earlier rules (the server missed Discover ranges)', () => {
    fc.assert(
      fc.property(cardNumbers, (digits) => {
        const server = legacyServerNetwork(digits);
        const ui = legacyUiNetwork(digits);
        // Where both named a network they agreed…
        if (server !== 'unknown' && ui !== 'unknown') expect(server).toBe(ui);
        // …and the domain names whatever either of them named.
        expect(cardNetwork(digits)).toBe(server !== 'unknown' ? server : ui);
      }),
      { numRuns: 2000 },
    );
    // Where they disagreed: Discover's 644–649 and 622126–622925.
    for (const n of ['6445644564456445', '6221260000000000']) {
      expect(legacyServerNetwork(n)).toBe('unknown');
      expect(legacyUiNetwork(n)).toBe('discover');
      expect(cardNetwork(n)).toBe('discover');
    }
  });

  it('property: while typing, a named network never changes as digits are added', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,19}$/), fc.stringMatching(/^\d{0,8}$/), (d, more) => {
        const now = cardNetwork(d);
        if (now !== 'unknown') expect(cardNetwork(d + more)).toBe(now);
      }),
    );
  });

  it('the ranges are well formed and do not overlap', () => {
    for (const r of CARD_IIN_RANGES) {
      expect(r.from).toMatch(/^\d+$/);
      expect(r.from.length).toBe(r.to.length);
      expect(Number(r.from)).toBeLessThanOrEqual(Number(r.to));
      expect(CARD_NETWORKS).toContain(r.network);
    }
    for (const a of CARD_IIN_RANGES) {
      for (const b of CARD_IIN_RANGES) {
        if (a === b) continue;
        // Compare on the longer prefix length: a's span must not meet b's.
        const length = Math.max(a.from.length, b.from.length);
        const span = (r: typeof a) => [
          Number(r.from.padEnd(length, '0')),
          Number(r.to.padEnd(length, '9')),
        ];
        const [aLow, aHigh] = span(a) as [number, number];
        const [bLow, bHigh] = span(b) as [number, number];
        expect(aHigh < bLow || bHigh < aLow, `${a.from}–${a.to} meets ${b.from}–${b.to}`).toBe(
          true,
        );
      }
    }
  });

  it('every network has a label; unknown has none', () => {
    for (const n of CARD_NETWORKS) expect(typeof CARD_NETWORK_LABELS[n]).toBe('string');
    expect(CARD_NETWORK_LABELS.unknown).toBe('');
    expect(CARD_NETWORK_LABELS.amex).toBe('American Express');
  });
});

describe('luhnCheck', () => {
  it('accepts the well-known test numbers', () => {
    for (const n of [
      '4242424242424242',
      '4000056655665556',
      '5555555555554444',
      '2223003122003222',
      '378282246310005',
      '371449635398431',
      '6011111111111117',
      '6011000990139424',
      '79927398713',
    ]) {
      expect(luhnCheck(n), n).toBe(true);
    }
  });

  it('rejects a changed digit, empty input and non-digits', () => {
    expect(luhnCheck('4242424242424241')).toBe(false);
    expect(luhnCheck('79927398710')).toBe(false);
    expect(luhnCheck('')).toBe(false);
    expect(luhnCheck('4242 4242 4242 4242')).toBe(false);
    expect(luhnCheck('abc')).toBe(false);
  });

  it('property: the generated check digit makes any prefix pass', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,24}$/), (payload) => {
        const digit = luhnCheckDigit(payload);
        expect(digit).toBeGreaterThanOrEqual(0);
        expect(digit).toBeLessThanOrEqual(9);
        expect(luhnCheck(`${payload}${digit}`)).toBe(true);
      }),
    );
  });

  it('property: changing any single digit of a valid number makes it fail', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,18}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (payload, position, delta) => {
          const valid = `${payload}${luhnCheckDigit(payload)}`;
          const at = position % valid.length;
          const changed = (Number(valid[at]) + delta) % 10;
          const mutated = `${valid.slice(0, at)}${changed}${valid.slice(at + 1)}`;
          expect(luhnCheck(mutated)).toBe(false);
        },
      ),
    );
  });
});

describe("cardNetwork: the card field's examples", () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['4', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['51', 'mastercard'],
    ['2221', 'mastercard'],
    ['2720', 'mastercard'],
    ['2220', 'unknown'],
    ['2721', 'unknown'],
    ['378282246310005', 'amex'],
    ['34', 'amex'],
    ['6011111111111117', 'discover'],
    ['65', 'discover'],
    ['644', 'discover'],
    ['622126', 'discover'],
    ['622125', 'unknown'],
    ['', 'unknown'],
    ['1234', 'unknown'],
    ['3', 'unknown'],
  ])('%s → %s', (number, brand) => {
    expect(cardNetwork(number)).toBe(brand);
  });

  it('ignores spaces', () => {
    expect(cardNetwork('3782 822463 10005')).toBe('amex');
  });
});

describe('card lengths', () => {
  it('amex: 15 digits and a 4-digit code; every other network 16 and 3', () => {
    for (const n of CARD_NETWORKS) {
      expect(cardNumberLength(n)).toBe(n === 'amex' ? 15 : 16);
      expect(cvcLength(n)).toBe(n === 'amex' ? 4 : 3);
    }
  });
});

describe("the offline processor's examples (formerly in server/billing/billing.test.ts)", () => {
  it('Luhn: the test cards pass, a changed digit fails', () => {
    for (const n of [
      '4242424242424242',
      '4000000000000002',
      '4000000000000341',
      '5555555555554444',
    ]) {
      expect(luhnCheck(n), n).toBe(true);
    }
    expect(luhnCheck('4242424242424241')).toBe(false);
    expect(luhnCheck('378282246310005')).toBe(true);
    expect(luhnCheck('abc')).toBe(false);
  });

  it('networks by prefix', () => {
    expect(cardNetwork('4242424242424242')).toBe('visa');
    expect(cardNetwork('5105105105105100')).toBe('mastercard');
    expect(cardNetwork('2223003122003222')).toBe('mastercard');
    expect(cardNetwork('2720990000000000')).toBe('mastercard');
    expect(cardNetwork('2721000000000000')).toBe('unknown');
    expect(cardNetwork('378282246310005')).toBe('amex');
    expect(cardNetwork('340000000000009')).toBe('amex');
    expect(cardNetwork('6011111111111117')).toBe('discover');
    expect(cardNetwork('6500000000000002')).toBe('discover');
    expect(cardNetwork('3530111333300000')).toBe('unknown');
  });
});

describe('isCardExpired', () => {
  it('a card is valid through its expiry month', () => {
    const today = { year: 2030, month: 1 };
    expect(isCardExpired(1, 2030, today)).toBe(false);
    expect(isCardExpired(12, 2029, today)).toBe(true);
    expect(isCardExpired(2, 2030, today)).toBe(false);
  });

  it('property: expired exactly when the expiry month lies before this month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2000, max: 2100 }),
        (expMonth, expYear, month, year) => {
          const expiry = expYear * 12 + expMonth;
          const now = year * 12 + month;
          expect(isCardExpired(expMonth, expYear, { year, month })).toBe(expiry < now);
        },
      ),
    );
  });
});
