import type { ErrorBody } from '@contract/endpoint';

/** Thrown by handlers to answer with a non-2xx status and an {@link ErrorBody}. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error);
    this.name = 'HttpError';
  }
}

export const notSignedIn = () => new HttpError(401, { error: 'Not signed in' });
