/**
 * Whether a request certainly has no body: a GET or HEAD without Content-Length or
 * Transfer-Encoding (HTTP/1.1 message framing, RFC 9112 §6.3: no body then). Read from the headers
 * alone, so answering it does not build a web Request around the Node request (what reading
 * `c.req.raw.body` does in @hono/node-server) — for calls that must stay cheap (decision 058).
 */
import type { Context } from 'hono';

export function requestHasNoBody(c: Context): boolean {
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const headers = c.req.raw.headers;
  return !headers.has('content-length') && !headers.has('transfer-encoding');
}
