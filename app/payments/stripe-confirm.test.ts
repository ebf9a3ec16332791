import type { Stripe, StripeCardElement, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import {
  cardStateFromStripe,
  confirmWithStripe,
  STRIPE_FAILED,
  STRIPE_NOT_READY,
} from './stripe-confirm';

// Stripe's object is replaced at the boundary: only `confirmCardSetup` is used.
const card = { elementType: 'card' } as unknown as StripeCardElement;

function fakeStripe(answer: Awaited<ReturnType<Stripe['confirmCardSetup']>>) {
  return { confirmCardSetup: vi.fn(async () => answer) };
}

describe('confirmWithStripe', () => {
  it('confirms with the card and the billing name, and answers the payment method id', async () => {
    const stripe = fakeStripe({
      setupIntent: { payment_method: 'pm_123' },
    } as Awaited<ReturnType<Stripe['confirmCardSetup']>>);
    await expect(
      confirmWithStripe(stripe, card, 'seti_1_secret_2', 'Avery Admin'),
    ).resolves.toEqual({
      paymentMethodId: 'pm_123',
    });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_2', {
      payment_method: { card, billing_details: { name: 'Avery Admin' } },
    });
  });

  it('reads an expanded payment method object', async () => {
    const stripe = fakeStripe({
      setupIntent: { payment_method: { id: 'pm_456' } },
    } as Awaited<ReturnType<Stripe['confirmCardSetup']>>);
    await expect(confirmWithStripe(stripe, card, 's', 'n')).resolves.toEqual({
      paymentMethodId: 'pm_456',
    });
  });

  it("answers Stripe's error text for a declined card, without throwing", async () => {
    const stripe = fakeStripe({
      error: { type: 'card_error', message: 'Your card was declined.' },
    } as Awaited<ReturnType<Stripe['confirmCardSetup']>>);
    await expect(confirmWithStripe(stripe, card, 's', 'n')).resolves.toEqual({
      error: 'Your card was declined.',
    });
  });

  it('falls back to a generic text when the error has none or no method came back', async () => {
    const noText = fakeStripe({ error: { type: 'api_error' } } as Awaited<
      ReturnType<Stripe['confirmCardSetup']>
    >);
    await expect(confirmWithStripe(noText, card, 's', 'n')).resolves.toEqual({
      error: STRIPE_FAILED,
    });
    const noMethod = fakeStripe({ setupIntent: { payment_method: null } } as Awaited<
      ReturnType<Stripe['confirmCardSetup']>
    >);
    await expect(confirmWithStripe(noMethod, card, 's', 'n')).resolves.toEqual({
      error: STRIPE_FAILED,
    });
  });

  it('refuses politely while Stripe or the card element is not ready', async () => {
    await expect(confirmWithStripe(null, card, 's', 'n')).resolves.toEqual({
      error: STRIPE_NOT_READY,
    });
    const stripe = fakeStripe({} as Awaited<ReturnType<Stripe['confirmCardSetup']>>);
    await expect(confirmWithStripe(stripe, null, 's', 'n')).resolves.toEqual({
      error: STRIPE_NOT_READY,
    });
    expect(stripe.confirmCardSetup).not.toHaveBeenCalled();
  });
});

describe('cardStateFromStripe', () => {
  it("maps the card element's change event", () => {
    const event = {
      elementType: 'card',
      empty: false,
      complete: false,
      error: {
        type: 'validation_error',
        code: 'invalid_number',
        message: 'Your card number is invalid.',
      },
    } as StripeCardElementChangeEvent;
    expect(cardStateFromStripe(event)).toEqual({
      empty: false,
      complete: false,
      error: 'Your card number is invalid.',
    });
    expect(
      cardStateFromStripe({
        ...event,
        complete: true,
        error: undefined,
      } as StripeCardElementChangeEvent),
    ).toEqual({ empty: false, complete: true, error: undefined });
  });
});
