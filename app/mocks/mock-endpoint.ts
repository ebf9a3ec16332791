import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { Endpoint, ResponseOf } from '@contract/endpoint';
import { config } from '../config';

type Resolved<E extends Endpoint> =
  | ResponseOf<E>
  | { status: number; body?: unknown }
  | ((request: Request) => ResponseOf<E> | { status: number; body?: unknown });

function isStatus(value: unknown): value is { status: number; body?: unknown } {
  return Boolean(
    value &&
    typeof value === 'object' &&
    'status' in value &&
    typeof (value as { status: unknown }).status === 'number',
  );
}

/**
 * An MSW handler for one contract endpoint (stories and component tests only). The answer is
 * checked against the endpoint's response schema, so a story cannot drift from the contract.
 *
 *   mockEndpoint(lookupOrg, { sso: false, hasSSO: false })
 *   mockEndpoint(lookupOrg, { status: 404, body: { error: 'Organization not found.' } })
 */
export function mockEndpoint<E extends Endpoint>(
  endpoint: E,
  answer: Resolved<E>,
  options: { delayMs?: number | 'infinite' } = {},
): HttpHandler {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](`${config.apiUrl}${endpoint.path}`, async ({ request }) => {
    if (options.delayMs !== undefined) await delay(options.delayMs);
    const value =
      typeof answer === 'function' ? (answer as (r: Request) => unknown)(request) : answer;
    if (isStatus(value)) return HttpResponse.json(value.body ?? {}, { status: value.status });
    const checked = endpoint.response.safeParse(value);
    if (!checked.success) throw new Error(`Mock of ${endpoint.path} breaks the contract`);
    return HttpResponse.json(value as Record<string, unknown>);
  });
}
