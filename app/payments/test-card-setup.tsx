import { useState } from 'react';
import { devConfirmCardSetup } from '@contract/billing';
import { TestCardField, type TestCardFieldState } from '@ui/portal/card-field/card-field';
import { api } from '../api/api';
import { reportUnexpected } from '../errors/error-reporting';
import type { CardSetupProps } from './processor';

export const TEST_PROCESSOR_UNAVAILABLE =
  'The test card processor did not answer. Please try again.';

/**
 * The built-in test processor (development, tests, machines without Stripe): the test card field
 * validates like Stripe's element, and the reference server confirms the setup with Stripe's
 * published test numbers (contract/billing.ts `TEST_CARDS`).
 */
export default function TestCardSetup({ disabled, children }: CardSetupProps) {
  const [state, setState] = useState<TestCardFieldState>({
    empty: true,
    complete: false,
    brand: 'unknown',
  });
  return children({
    cardField: <TestCardField disabled={disabled} onChange={setState} />,
    cardState: { empty: state.empty, complete: state.complete, error: state.error },
    async confirm(clientSecret, billingName) {
      if (!state.card) return { error: state.error ?? 'Your card number is incomplete.' };
      try {
        const result = await api.call(devConfirmCardSetup, {
          body: { clientSecret, card: state.card, billingName },
          // A declined card answers `{ error }` with 200, like the processor's browser API: the
          // form shows it, so the generic handler must not toast it as well.
          skipGenericMessages: true,
        });
        return 'error' in result
          ? { error: result.error }
          : { paymentMethodId: result.paymentMethod.id };
      } catch (error) {
        // Like the processor's browser API, confirm never throws: the form shows the failure.
        reportUnexpected(error, { action: 'confirmCardSetup' });
        return { error: TEST_PROCESSOR_UNAVAILABLE };
      }
    },
  });
}
