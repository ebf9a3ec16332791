/**
 * Signed webhook deliveries over HTTP(S): the test delivery that verifies a URL before it is saved
 * (`sendTestEvent`, 5 s) and every attempt of an event delivery (`deliverWebhook`, 10 s; the
 * webhooks' job, server/webhooks/jobs.ts). A POST of the JSON body with the Standard Webhooks
 * headers (webhook-signature.ts) that must answer 2xx in time. Redirects are not followed (the
 * answer's status counts). Before every attempt the URL is checked again (webhook-url.ts); in
 * production the host name is resolved, every address must be public, and the connection goes to
 * a checked address (the socket's lookup answers with them), so a second DNS answer cannot
 * redirect the request inward.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkResolvedAddresses, checkWebhookUrl } from './webhook-url';
import { newWebhookId, signatureHeaders } from './webhook-signature';

export const WEBHOOK_TIMEOUT_MS = 5000;
/** An event delivery counts as delivered on a 2xx answer within this time. */
export const WEBHOOK_DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookDeliveryOptions {
  production: boolean;
  /** How long the receiver has to answer (connection, TLS and status line together). */
  timeoutMs: number;
  /** Every address of a host name (used in production only). */
  resolveHost: (host: string) => Promise<string[]>;
}

export const defaultResolveHost = async (host: string): Promise<string[]> =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

export type DeliveryResult = { ok: true; status: number } | { ok: false; error: string };

/** The test event (README, "Webhook events"): the envelope of every event, with a message. */
export interface TestEvent {
  type: 'webhook.test';
  timestamp: string;
  data: { message: string };
}

/** One attempt's outcome: the answer's status (null: none came) and how long it took. */
export type AttemptResult =
  | { ok: true; status: number; durationMs: number }
  | { ok: false; status: number | null; error: string; durationMs: number };

const reach = (reason: string) => `Could not reach the webhook URL: ${reason}.`;

/** The seconds of a timeout as text: 5000 → '5 seconds', 1000 → '1 second', 250 → '0.25 seconds'. */
function secondsText(ms: number): string {
  const s = ms / 1000;
  return `${s} second${s === 1 ? '' : 's'}`;
}

/** A readable reason for a failed connection (never the URL: it may carry a token). */
export function connectionFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return reach('connection refused');
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return reach('the host name could not be resolved');
    case 'ECONNRESET':
    case 'EPIPE':
      return reach('the connection was closed before an answer');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return reach('the host is unreachable');
    case 'EPROTO':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return reach('the TLS handshake failed');
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_VERSION':
    case 'HPE_INVALID_STATUS':
      return reach('the answer was not HTTP');
  }
  if (
    typeof code === 'string' &&
    (/^(?:ERR_TLS_|CERT_|ERR_SSL_)/.test(code) || /SELF_SIGNED|UNABLE_TO_(?:VERIFY|GET)/.test(code))
  ) {
    return reach('its TLS certificate is not valid');
  }
  return reach('the connection failed');
}

/** A socket lookup that answers only with addresses checked beforehand. */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable = family ? entries.filter((e) => e.family === family) : entries;
    const first = usable[0];
    if (!first) {
      const error = Object.assign(new Error('no checked address of that family'), {
        code: 'ENOTFOUND',
      });
      callback(error, '', 0);
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  }) as LookupFunction;
}

function postOnce(
  url: URL,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  lookup: LookupFunction | undefined,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      signal,
      // A fresh connection, closed afterwards: no pooled socket to an earlier address.
      agent: false,
      ...(lookup ? { lookup } : {}),
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      // The status is all we need; the body is not read.
      res.on('error', () => undefined);
      res.destroy();
      resolve(status);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `work`, rejecting with the signal's reason once it aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * One signed attempt: `body` (the exact bytes signed) to `rawUrl` as webhook `id`, signed with
 * `secret` at the moment it is sent. ok only for a 2xx answer within `options.timeoutMs`.
 * Error texts name the problem, never the URL (it may carry a token).
 */
export async function deliverWebhook(
  rawUrl: string,
  secret: string,
  delivery: { id: string; body: string },
  options: WebhookDeliveryOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, status: number | null = null): AttemptResult => ({
    ok: false,
    status,
    error,
    durationMs: elapsed(),
  });
  const check = checkWebhookUrl(rawUrl, { production: options.production });
  if (!check.ok) return failed(check.error);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const timedOut = () =>
    failed(`The webhook URL did not answer within ${secondsText(options.timeoutMs)}.`);

  let lookup: LookupFunction | undefined;
  if (options.production && !check.ipLiteral) {
    let addresses: string[];
    try {
      addresses = await untilAborted(options.resolveHost(check.host), signal);
    } catch (error) {
      if (signal.aborted) return timedOut();
      return failed(connectionFailure(error));
    }
    const refused = checkResolvedAddresses(addresses);
    if (refused) return failed(refused);
    lookup = pinnedLookup(addresses);
  }

  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'mobile-security-portal-webhooks/1',
    // Signed now, per attempt: receivers refuse timestamps more than 5 minutes off their clock.
    ...signatureHeaders(secret, delivery.id, new Date(), delivery.body),
  };
  let status: number;
  try {
    status = await postOnce(check.url, headers, delivery.body, signal, lookup);
  } catch (error) {
    if (signal.aborted) return timedOut();
    return failed(connectionFailure(error));
  }
  if (status >= 200 && status < 300) return { ok: true, status, durationMs: elapsed() };
  if (status >= 300 && status < 400) {
    return failed(
      `The webhook URL answered ${status} (a redirect, which is not followed); it must answer 2xx.`,
      status,
    );
  }
  return failed(`The webhook URL answered ${status}; it must answer 2xx.`, status);
}

/** Sends the signed test event to `rawUrl` (before saving it); ok only for a 2xx answer in time. */
export async function sendTestEvent(
  rawUrl: string,
  secret: string,
  event: TestEvent,
  options: WebhookDeliveryOptions,
): Promise<DeliveryResult> {
  const result = await deliverWebhook(
    rawUrl,
    secret,
    { id: newWebhookId(), body: JSON.stringify(event) },
    options,
  );
  return result.ok ? { ok: true, status: result.status } : { ok: false, error: result.error };
}
