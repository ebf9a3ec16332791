import { describe, expect, it } from 'vitest';

import { cardFormReady } from './card-form-ready';

const complete = { complete: true };

describe('cardFormReady', () => {
  it('needs a name and a complete card without error', () => {
    expect(cardFormReady({ nameOnCard: 'Ada Lovelace', cardState: complete })).toBe(true);
  });

  it('ignores a name of only spaces', () => {
    expect(cardFormReady({ nameOnCard: '', cardState: complete })).toBe(false);
    expect(cardFormReady({ nameOnCard: '   \t', cardState: complete })).toBe(false);
    expect(cardFormReady({ nameOnCard: '  Ada ', cardState: complete })).toBe(true);
  });

  it('waits for the card to be complete', () => {
    expect(cardFormReady({ nameOnCard: 'Ada', cardState: { complete: false } })).toBe(false);
  });

  it('refuses a card with an error, even if complete', () => {
    expect(
      cardFormReady({
        nameOnCard: 'Ada',
        cardState: { complete: true, error: 'Your card number is invalid.' },
      }),
    ).toBe(false);
    expect(
      cardFormReady({ nameOnCard: 'Ada', cardState: { complete: true, error: undefined } }),
    ).toBe(true);
    expect(cardFormReady({ nameOnCard: 'Ada', cardState: { complete: true, error: '' } })).toBe(
      true,
    );
  });
});
