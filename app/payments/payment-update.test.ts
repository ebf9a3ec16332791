import { describe, expect, it, vi } from 'vitest';
import { messages } from '../messages/messages';
import { paymentFailureMessage, runPaymentUpdate, type PaymentUpdateSteps } from './payment-update';

function steps(overrides: Partial<PaymentUpdateSteps> = {}): PaymentUpdateSteps {
  return {
    getClientSecret: vi.fn(async () => 'seti_1_secret_x'),
    confirm: vi.fn(async () => ({ paymentMethodId: 'pm_1' })),
    updateDefaultPayment: vi.fn(async () => 'active'),
    ...overrides,
  };
}

describe('runPaymentUpdate', () => {
  it('confirms with the client secret and the trimmed name, then sets the default method', async () => {
    const s = steps();
    await expect(runPaymentUpdate(s, '  Avery Admin ')).resolves.toEqual({
      kind: 'updated',
      status: 'active',
    });
    expect(s.confirm).toHaveBeenCalledWith('seti_1_secret_x', 'Avery Admin');
    expect(s.updateDefaultPayment).toHaveBeenCalledWith('pm_1');
  });

  it.each(['active', 'trialing', 'past_due'])('accepts the status %s', async (status) => {
    const outcome = await runPaymentUpdate(
      steps({ updateDefaultPayment: async () => status }),
      'A',
    );
    expect(outcome.kind).toBe('updated');
    expect(paymentFailureMessage(outcome)).toBeNull();
  });

  it.each(['incomplete', 'unpaid', 'canceled', 'none'])('refuses the status %s', async (status) => {
    const outcome = await runPaymentUpdate(
      steps({ updateDefaultPayment: async () => status }),
      'A',
    );
    expect(outcome).toEqual({ kind: 'not-accepted', status });
    expect(paymentFailureMessage(outcome)).toBe(messages.updatePaymentTryAnotherCard);
  });

  it('stops when the client secret cannot be fetched', async () => {
    const s = steps({ getClientSecret: vi.fn(async () => Promise.reject(new Error('500'))) });
    const outcome = await runPaymentUpdate(s, 'A');
    expect(outcome).toEqual({ kind: 'key-failed' });
    expect(s.confirm).not.toHaveBeenCalled();
    expect(paymentFailureMessage(outcome)).toBe(messages.paymentUpdateKeyFailed);
  });

  it('keeps the processor error of a declined card and sends no update', async () => {
    const s = steps({ confirm: vi.fn(async () => ({ error: 'Your card was declined.' })) });
    const outcome = await runPaymentUpdate(s, 'A');
    expect(outcome).toEqual({ kind: 'declined', cardError: 'Your card was declined.' });
    expect(s.updateDefaultPayment).not.toHaveBeenCalled();
    expect(paymentFailureMessage(outcome)).toBe(messages.updatePaymentTryAnotherCard);
  });

  it('reports a failed update call', async () => {
    const outcome = await runPaymentUpdate(
      steps({ updateDefaultPayment: async () => Promise.reject(new Error('500')) }),
      'A',
    );
    expect(outcome).toEqual({ kind: 'update-failed' });
    expect(paymentFailureMessage(outcome)).toBe(messages.updatePaymentFailed);
  });
});
