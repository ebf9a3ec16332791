/**
 * How the relying party talks to OpenID Providers (openid-client's `customFetch`): every request
 * the library makes (discovery, JWKS, token, userinfo) goes through here.
 *
 * - Only URLs the issuer rule allows (https; http to loopback outside production).
 * - In production the host name is resolved first and every address must be public; the
 *   connection goes to a checked address (the socket's lookup answers with them). An
 *   administrator types the issuer, so without this the server would fetch from its own private
 *   network on their behalf (the webhook URL has the same rule: integrations/webhook-url.ts).
 * - Redirects are never followed (openid-client asks for `redirect: 'manual'` and refuses them).
 * - An answer larger than 1 MiB is cut off: discovery documents, key sets and token answers are
 *   a few kilobytes.
 *
 * A failed connection rejects with a `ProviderRequestError` (a TypeError, as a failed `fetch`
 * does), whose message says why without the URL.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkResolvedAddresses } from '../integrations/webhook-url';
import {
  connectionFailure,
  defaultResolveHost,
  pinnedLookup,
} from '../integrations/webhook-delivery';
import { isFetchableProviderUrl } from './issuer';

export const PROVIDER_ANSWER_MAX_BYTES = 1024 * 1024;

export interface ProviderFetchOptions {
  production: boolean;
  /** Every address of a host name (used in production only). */
  resolveHost?: (host: string) => Promise<string[]>;
  maxBytes?: number;
}

/** The provider could not be reached (or answered more than we read): `oauth-unavailable`. */
export class ProviderRequestError extends TypeError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderRequestError';
  }
}

export type ProviderFetch = (url: string, init?: RequestInit) => Promise<Response>;

export function providerFetch(options: ProviderFetchOptions): ProviderFetch {
  const resolveHost = options.resolveHost ?? defaultResolveHost;
  const maxBytes = options.maxBytes ?? PROVIDER_ANSWER_MAX_BYTES;
  return async (input, init = {}) => {
    const url = new URL(input);
    if (!isFetchableProviderUrl(url.href, options)) {
      throw new ProviderRequestError(
        'The provider names an endpoint that is not https (or, outside production, on this computer).',
      );
    }
    let lookup: LookupFunction | undefined;
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (options.production) {
      let addresses: string[];
      try {
        addresses = isIP(host) ? [host] : await resolveHost(host);
      } catch (error) {
        throw new ProviderRequestError(providerReach(connectionFailure(error)), { cause: error });
      }
      const problem = checkResolvedAddresses(addresses);
      if (problem) {
        throw new ProviderRequestError(
          addresses.length === 0
            ? 'Could not reach the provider: the host name could not be resolved.'
            : 'The provider’s address is in a private network.',
        );
      }
      lookup = pinnedLookup(addresses);
    }
    return request(url, init, lookup, maxBytes);
  };
}

const providerReach = (text: string) => text.replace('the webhook URL', 'the provider');

function request(
  url: URL,
  init: RequestInit,
  lookup: LookupFunction | undefined,
  maxBytes: number,
): Promise<Response> {
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const body = init.body === undefined || init.body === null ? undefined : String(init.body);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, {
      method: init.method ?? 'GET',
      headers,
      signal: init.signal ?? undefined,
      // A fresh connection, closed afterwards: no pooled socket to an address checked earlier.
      agent: false,
      ...(lookup ? { lookup } : {}),
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new ProviderRequestError('The provider’s answer was too large.'));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (error) =>
        reject(new ProviderRequestError(providerReach(connectionFailure(error)), { cause: error })),
      );
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) answerHeaders.append(name, v);
          else if (value !== undefined) answerHeaders.set(name, value);
        }
        const noBody = status === 204 || status === 304 || (status >= 100 && status < 200);
        resolve(
          new Response(noBody ? null : Buffer.concat(chunks), {
            status: status >= 200 && status <= 599 ? status : 502,
            headers: answerHeaders,
          }),
        );
      });
    });
    req.on('error', (error) => {
      // An aborted request (openid-client's timeout) rejects with the signal's reason, which
      // openid-client recognises as its own timeout.
      if (init.signal?.aborted) reject(init.signal.reason as Error);
      else
        reject(new ProviderRequestError(providerReach(connectionFailure(error)), { cause: error }));
    });
    req.end(body);
  });
}
