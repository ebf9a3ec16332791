/**
 * Which entry of the error catalogue (docs/product/messages.md; contract/errors.ts) a failed
 * single sign-on shows, at `/error?type=…` (docs/decisions/019-openid-connect.md):
 *
 * | what happened                                                  | type                  |
 * | -------------------------------------------------------------- | --------------------- |
 * | the provider answered `error=access_denied` (the person said no) | oauth-access-denied |
 * | the provider cannot be reached, discovery fails, a time-out    | oauth-unavailable     |
 * | any other provider error, a refused token request, an invalid  | oauth-server-error    |
 * | ID token (signature, iss, aud, exp, nonce, alg …)              |                       |
 * | no administrator of the organization has the token's e-mail, the e-mail is missing or not verified, the sign-in started elsewhere, expired or was used | oauth-unauthorized |
 * | the administrator is refused by a login policy                 | sso-unauthorized      |
 *
 * Pure: the error classes are openid-client's and our own, recognised by name and code.
 */
import * as client from 'openid-client';
import type { ErrorType } from '@contract/session';
import { ProviderRequestError } from './provider-fetch';

export const SSO_FAILURES = [
  'oauth-access-denied',
  'oauth-unavailable',
  'oauth-server-error',
  'oauth-unauthorized',
  'sso-unauthorized',
] as const satisfies readonly ErrorType[];
export type SsoFailureType = (typeof SSO_FAILURES)[number];

/** A sign-in that ends on the error page; `reason` is for the log only (never a token or claim). */
export class SsoFailure extends Error {
  constructor(
    readonly type: SsoFailureType,
    readonly reason: string,
  ) {
    super(`${type}: ${reason}`);
    this.name = 'SsoFailure';
  }
}

/** openid-client's codes for "the request did not get an answer in time". */
const TIMEOUT_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT']);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** Whether the error means the provider could not be reached (or did not answer in time). */
export function isUnreachable(error: unknown): boolean {
  return causes(error).some(
    (e) =>
      e instanceof ProviderRequestError ||
      (e instanceof client.ClientError && TIMEOUT_CODES.has(e.code ?? '')) ||
      (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')),
  );
}

/** The catalogue type of an error thrown while talking to the provider. */
export function failureOf(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  if (error instanceof client.AuthorizationResponseError) {
    // The provider's own answer on the redirect: the person (or a policy there) said no, or
    // the provider failed (server_error, temporarily_unavailable, invalid_request, …).
    return error.error === 'access_denied'
      ? new SsoFailure('oauth-access-denied', 'the provider answered access_denied')
      : new SsoFailure('oauth-server-error', `the provider answered error=${safe(error.error)}`);
  }
  if (isUnreachable(error)) {
    return new SsoFailure(
      'oauth-unavailable',
      `the provider could not be reached (${describe(error)})`,
    );
  }
  if (error instanceof client.ResponseBodyError) {
    return new SsoFailure(
      'oauth-server-error',
      `the token request was refused: HTTP ${error.status} error=${safe(error.error)}`,
    );
  }
  return new SsoFailure('oauth-server-error', describe(error));
}

/** A provider's error code as it may appear in a log line: short, printable ASCII. */
function safe(value: unknown): string {
  return String(value)
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 64);
}

/**
 * The error's message and code for the log: openid-client's messages name the check that failed
 * ('unexpected JWT claim value encountered'); their `cause` holds the token's claims and is
 * never logged.
 */
export function describe(error: unknown): string {
  if (error instanceof client.ClientError) {
    const inner =
      error.cause instanceof Error && !(error.cause instanceof ProviderRequestError)
        ? error.cause
        : null;
    const detail = inner && inner.message !== error.message ? `; ${safe(inner.message)}` : '';
    return `${safe(error.message)}${error.code ? ` (${error.code})` : ''}${detail}`;
  }
  if (error instanceof Error) return `${error.name}: ${safe(error.message)}`;
  return 'unknown error';
}
