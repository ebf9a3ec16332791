/**
 * Pure pieces of the offline card processor: the Luhn check, the network of a card number, card
 * expiry, and the random ids and client secrets it hands out. A card number never leaves this
 * module's callers except as its network and last four digits.
 */
import { randomBytes } from 'node:crypto';
import { TEST_CARDS } from '@contract/billing';

export type CardNetwork = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';
export type CardOutcome = 'succeeds' | 'incomplete';

/** The texts the processor answers in `{ error }` (shown under the card field). */
export const CARD_MESSAGES = {
  incorrectNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
  declined: 'Your card was declined.',
  setupInvalid: 'This card form has expired or was already used. Reload the page and try again.',
} as const;

/** The Luhn (mod 10) check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card network by the number's prefix (IIN ranges of the four networks we name). */
export function cardNetwork(digits: string): CardNetwork {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || two === 65) return 'discover';
  return 'unknown';
}

/** A card is valid through the last day of its expiry month (UTC). */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** How a subscription paid with this card ends (contract TEST_CARDS). */
export function cardOutcome(digits: string): CardOutcome {
  return digits === TEST_CARDS.incomplete ? 'incomplete' : 'succeeds';
}

export function isDeclinedCard(digits: string): boolean {
  return digits === TEST_CARDS.declined;
}

/** 'pm_' + 24 hex characters. */
export function newPaymentMethodId(): string {
  return `pm_${randomBytes(12).toString('hex')}`;
}

/**
 * A card setup's client secret, shaped like the provider's: 'seti_{id}_secret_{secret}' (96-bit
 * id, 192-bit secret, both hex). Only its sha256 is stored.
 */
export function newClientSecret(): string {
  return `seti_${randomBytes(12).toString('hex')}_secret_${randomBytes(24).toString('hex')}`;
}
