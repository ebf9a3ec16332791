import { getSession } from '@contract/session';
import { api } from '../api/api';
import { reportUnexpected } from '../errors/error-reporting';
import { sessionStore } from '../session/session';

/**
 * Fetches the session again after a change it reflects: the plan's status (the billing banner)
 * or a new payment method (PaymentUpdated keeps user, organization and preferences and takes the
 * rest from the server, docs/product/billing.md, 'Payment update'). A failure leaves the stored
 * session as it is: the next page load revalidates it anyway (a 401 follows the API client's rule;
 * a bug is reported).
 */
export async function refreshSession(
  action: 'FetchSessionData' | 'PaymentUpdated' = 'FetchSessionData',
): Promise<void> {
  const session = await api.call(getSession).catch((error: unknown) => {
    reportUnexpected(error, { action: 'refreshSession' });
    return null;
  });
  if (session) sessionStore.dispatch({ type: action, session });
}
