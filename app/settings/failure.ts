import { ApiError } from '../api/client';

/** A catalogued failure with the server's detail after it ("error detail is shown with each"). */
export function withDetail(message: string, error: unknown): string {
  const detail = error instanceof ApiError ? error.messages.map((m) => m.text).join(' ') : '';
  return detail ? `${message} ${detail}` : message;
}

/**
 * The response body as the card shows it inline (docs/product/integrations.md, 'Webhooks' and
 * 'Configuration': the server's text): its `error` text, else its other texts, else a plain-text
 * body. Null for anything else (e.g. a network failure).
 */
export function responseErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body;
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (body && typeof body === 'object') {
    const text = (body as { error?: unknown }).error;
    if (typeof text === 'string' && text.trim()) return text.trim();
    const others = error.messages.map((m) => m.text).join(' ');
    if (others) return others;
  }
  return null;
}

/** A 500 answer: the catalogued toast is shown instead of (or besides) the inline text. */
export function isServerError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 500;
}

/**
 * What a card shows inline for a failed save (docs/product/messages.md, 'Failure messages'): the
 * response body's text, else the catalogued message; nothing for a 500, which is toasted
 * instead, unless `alsoOnServerError` (the policy shows it inline and toasts it).
 */
export function inlineFailure(
  error: unknown,
  catalogued: string,
  options: { alsoOnServerError?: boolean } = {},
): string | undefined {
  if (error === undefined || error === null) return undefined;
  if (isServerError(error) && !options.alsoOnServerError) return undefined;
  return responseErrorText(error) ?? catalogued;
}
