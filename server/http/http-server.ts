/**
 * The Node HTTP server around the app. One thing differs from `@hono/node-server`'s defaults: what
 * happens to a request body the app did not read to the end (a 413 of the body limit, a 401 or 403
 * answered before the body was needed).
 *
 * Hono's own clean-up reads such a body for 500 ms and then destroys the socket. A client that
 * sends its whole body before reading the answer (Python's http.client, curl without `Expect:
 * 100-continue`, most SDKs) and is still sending then gets a connection reset instead of the 413
 * JSON (docs/decisions/015-sign-in-security.md). Here the rest of the body is read and discarded
 * for up to 10 s or 64 MiB — enough for any client to finish sending and read the answer — and only
 * then is the connection closed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { forward, mountOf, type NodeMount } from './node-mount';

export interface DrainLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_DRAIN_LIMITS: DrainLimits = { timeoutMs: 10_000, maxBytes: 64 * 1024 * 1024 };

/**
 * Reads and discards what is left of a request body after its answer was sent; closes the
 * connection if the client sends more than `maxBytes` or takes longer than `timeoutMs`.
 */
export function drainUnreadBody(incoming: IncomingMessage, limits: DrainLimits): void {
  if (incoming.readableEnded || incoming.destroyed) return;
  // The app's body reader (a web stream over this one) pauses the stream whenever its queue is
  // full; it is done with it now, so its listeners go and the stream flows into nothing.
  incoming.removeAllListeners('data');
  incoming.removeAllListeners('readable');
  let bytes = 0;
  const close = () => {
    clearTimeout(timer);
    incoming.socket?.destroy();
  };
  const timer = setTimeout(close, limits.timeoutMs);
  timer.unref();
  incoming.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > limits.maxBytes) close();
  });
  incoming.once('end', () => clearTimeout(timer));
  incoming.once('error', () => clearTimeout(timer));
  incoming.resume();
}

/**
 * `mounts`: path prefixes served by a Node request handler before the app sees them (the
 * development OpenID Provider: node-mount.ts).
 */
export function serveApp(
  app: { fetch: (request: Request, env: never) => Response | Promise<Response> },
  options: { port: number; hostname: string; drain?: DrainLimits; mounts?: readonly NodeMount[] },
  onListening?: (info: AddressInfo) => void,
): Server {
  const drain = options.drain ?? DEFAULT_DRAIN_LIMITS;
  const mounts = options.mounts ?? [];
  return serve(
    {
      fetch: app.fetch as never,
      port: options.port,
      hostname: options.hostname,
      autoCleanupIncoming: false,
      createServer: ((
        serverOptions: object,
        listener: (incoming: IncomingMessage, outgoing: ServerResponse) => void,
      ) =>
        createServer(serverOptions, (incoming, outgoing) => {
          outgoing.once('finish', () => drainUnreadBody(incoming, drain));
          const mount = mountOf(mounts, incoming.url);
          if (mount) forward(mount, incoming, outgoing);
          else listener(incoming, outgoing);
        })) as never,
    },
    onListening,
  ) as Server;
}
