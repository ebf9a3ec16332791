/**
 * Pure pieces of the offline card processor: card expiry on the server's clock, the test cards'
 * behaviour, and the random ids and client secrets it hands out. The Luhn check and the network
 * of a number are the card field's own (domain/cards.ts). A card number never leaves this
 * module's callers except as its network and last four digits.
 */
import { randomBytes } from 'node:crypto';
import { TEST_CARDS } from '@contract/billing';
import { isCardExpired as isExpiredAt, type TestCardOutcome } from '@domain/cards';

/** The texts the processor answers in `{ error }` (shown under the card field). */
export const CARD_MESSAGES = {
  incorrectNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
  declined: 'Your card was declined.',
  setupInvalid: 'This card form has expired or was already used. Reload the page and try again.',
} as const;

/** A card is valid through the last day of its expiry month (UTC). */
export function isCardExpired(expMonth: number, expYear: number, now: Date): boolean {
  return isExpiredAt(expMonth, expYear, {
    year: now.getUTCFullYear(),
    month: now.getUTCMonth() + 1,
  });
}

/** How a subscription paid with this card ends (contract TEST_CARDS). */
export function cardOutcome(digits: string): TestCardOutcome {
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
