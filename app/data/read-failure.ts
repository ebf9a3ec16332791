import type { Endpoint } from '@contract/endpoint';
import { isExpectedFailure, reportError } from '../errors/error-reporting';
import { notify } from '../messages/toasts';

/**
 * The `onError` of a read (SWR): its catalogued 'Failed to get …' toast (docs/product/messages.md)
 * and, as for a change (useMutation), the failure rule: what is not an API failure (a TypeError, an
 * answer that breaks the contract) is also reported, named after the call.
 */
export function readFailure(
  endpoint: Endpoint,
  message: string | ((error: unknown) => string),
): (error: unknown) => void {
  return (error) => {
    if (!isExpectedFailure(error)) {
      reportError(error, { action: `${endpoint.method} ${endpoint.path}` });
    }
    notify.error(typeof message === 'function' ? message(error) : message);
  };
}
