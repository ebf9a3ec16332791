/**
 * Setting headers on an answer that already exists, from a middleware after `await next()`.
 * Hono's `c.header()` at that point copies the whole Response for every header it sets (its
 * headers may be immutable, as a fetched Response's are); the security headers, Cache-Control,
 * X-Request-Id and the RateLimit headers made that a dozen copies per answer, a tenth of a public
 * API call's CPU (docs/decisions/058-public-api-throughput.md). Our answers are made by us
 * (`new Response`, `c.json`, static files), whose headers can be changed in place: this sets them
 * there, and falls back to `c.header()` only for a Response whose headers refuse it.
 */
import type { Context } from 'hono';

export function setAnswerHeaders(
  c: Context,
  headers: Record<string, string>,
  options: { keepExisting?: boolean } = {},
): void {
  const entries = Object.entries(headers).filter(
    ([name]) => !(options.keepExisting && c.res.headers.has(name)),
  );
  try {
    for (const [name, value] of entries) c.res.headers.set(name, value);
  } catch {
    // Immutable headers: the first set throws, before anything changed.
    for (const [name, value] of entries) c.header(name, value);
  }
}
