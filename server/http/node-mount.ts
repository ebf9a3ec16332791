/**
 * A Node-level mount in front of the Hono app, for a path prefix served by a Node request handler
 * (`(req, res)`) rather than by the app: the development OpenID Provider at /api/dev/idp
 * (oidc-provider is a Koa application).
 *
 * Why not a Hono route: oidc-provider needs Node's own request and response objects, which Hono
 * has only under @hono/node-server (and not for `app.request()` in tests, which has no socket),
 * and it brings its own body parsing, CSRF defences (its cookies) and error pages, which the
 * app's /api middleware (JSON body limits, the CSRF header, compression) would get in the way of.
 * So the server (http-server.ts) hands requests under the prefix to the handler before the app
 * sees them; tests that need the provider start a real server (test-server.ts does the same as
 * main.ts).
 *
 * The handler sees the path without the prefix and `req.originalUrl` with it, as express's
 * mounting does (oidc-provider builds its URLs from the two).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface NodeMount {
  /** e.g. '/api/dev/idp' (no trailing slash). */
  prefix: string;
  handle: NodeHandler;
}

/** The mount a request URL (path and query, as Node gives it) belongs to, or null. */
export function mountOf(mounts: readonly NodeMount[], url: string | undefined): NodeMount | null {
  if (!url) return null;
  const path = url.split('?')[0]!;
  return mounts.find((m) => path === m.prefix || path.startsWith(`${m.prefix}/`)) ?? null;
}

/** Hands the request to the mount with the prefix taken off its URL. */
export function forward(mount: NodeMount, req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
  const rest = url.slice(mount.prefix.length);
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  mount.handle(req, res);
}

/** The answer of a mount whose handler is not ready yet (the database is still being prepared). */
export function notReady(res: ServerResponse): void {
  res.statusCode = 503;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Retry-After', '1');
  res.setHeader('Cache-Control', 'no-store');
  res.end('Starting up; try again in a moment.');
}
