/**
 * RFC 9457 problem details, the public API's only error shape (docs/decisions/054-public-api.md,
 * 'Errors'): `application/problem+json` with `type`, `title`, `status`, `detail`, and `errors`
 * listing what failed validation. `type` is a stable URI per kind of problem, documented in the
 * OpenAPI document, so clients can branch on it.
 */
import type { Problem } from '@contract/public-api';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
const TYPE_BASE = 'https://portal.example.com/problems/';

export const PROBLEM_KINDS = {
  invalid_request: { status: 400, title: 'Invalid request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal server error' },
  unavailable: { status: 503, title: 'Service unavailable' },
} as const;
export type ProblemKind = keyof typeof PROBLEM_KINDS;

export const problemType = (kind: ProblemKind) => `${TYPE_BASE}${kind.replaceAll('_', '-')}`;

export class ProblemError extends Error {
  constructor(
    readonly kind: ProblemKind,
    readonly detail: string,
    readonly errors?: Problem['errors'],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
  }

  get status(): number {
    return PROBLEM_KINDS[this.kind].status;
  }

  body(): Problem {
    const { status, title } = PROBLEM_KINDS[this.kind];
    const body: Problem = { type: problemType(this.kind), title, status, detail: this.detail };
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

export function problemResponse(
  error: ProblemError,
  extraHeaders: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(error.body()), {
    status: error.status,
    headers: {
      'Content-Type': PROBLEM_CONTENT_TYPE,
      'Cache-Control': 'no-store',
      ...extraHeaders,
      ...error.headers,
    },
  });
}

/** Validation issues as `errors`: where (`query.limit`, `body.ids.3`, `path.code`) and what. */
export function validationErrors(
  location: 'query' | 'body' | 'path',
  issues: ReadonlyArray<{
    path: ReadonlyArray<PropertyKey>;
    message: string;
    code?: string;
    keys?: readonly string[];
  }>,
): NonNullable<Problem['errors']> {
  return issues.flatMap((issue) => {
    const at = [location, ...issue.path.map(String)].join('.');
    // An unknown parameter or field names itself (zod reports them together at the parent).
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return issue.keys.map((key) => ({
        location: `${at}.${key}`,
        message:
          location === 'query' ? `Unknown query parameter '${key}'` : `Unknown field '${key}'`,
      }));
    }
    return [{ location: at, message: issue.message }];
  });
}
