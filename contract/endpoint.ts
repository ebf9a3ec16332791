import * as z from 'zod/mini';

/*
 * In browsers zod must not compile parsers with `new Function`: the portal's Content-Security-Policy
 * has no 'unsafe-eval' (server/http/security-headers.ts), and zod's probe would be reported as a
 * violation. Every contract module imports this one, so this runs before any schema parses; the
 * server keeps the faster compiled parsers. (Here rather than in the app's entry, so the schema
 * library stays out of the first load: README, 'Performance'.)
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API. The client, the reference server and the Storybook/MSW mocks all
 * derive from these objects, so a renamed field breaks the build rather than production.
 *
 * - `path` is relative to the API base (`VITE_API_URL`, default `/api`) and always starts with `/`.
 * - `query` describes the URL query (values arrive as strings; use `z.coerce` or string enums).
 * - `body` is the JSON request body; `multipart` marks a `multipart/form-data` upload instead.
 * - `response` is the 2xx body. A call whose response the spec does not show answers {@link MessageBody}.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly query?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
  readonly multipart?: true;
  readonly response: z.ZodMiniType;
  /** True for calls that need no session (sign-in flows, lookup, health). */
  readonly public?: true;
  /**
   * A file download (the audit log's exports): the server streams a body of this media type as an
   * attachment (`Content-Disposition`) instead of JSON; `response` then describes the file's text
   * (`z.string()`), for mocks. The portal opens such a call as a link, not with the JSON client.
   */
  readonly download?: 'text/csv' | 'application/x-ndjson';
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Infer<T> = T extends z.ZodMiniType ? z.infer<T> : undefined;
type InferIn<T> = T extends z.ZodMiniType ? z.input<T> : undefined;

/** What the caller passes as query (before coercion). */
export type QueryOf<E extends Endpoint> = InferIn<E['query']>;
/** What the server sees after parsing the query. */
export type ParsedQueryOf<E extends Endpoint> = Infer<E['query']>;
export type BodyOf<E extends Endpoint> = InferIn<E['body']>;
export type ParsedBodyOf<E extends Endpoint> = Infer<E['body']>;
export type ResponseOf<E extends Endpoint> = Infer<E['response']>;

/**
 * The generic message fields (docs/product/messages.md, 'How messages are shown'): any response
 * body may carry them, and the client's generic handler shows each as a banner of that kind.
 */
export const messageFields = {
  success: z.optional(z.string()),
  info: z.optional(z.string()),
  warning: z.optional(z.string()),
  error: z.optional(z.string()),
};
export const MessageBody = z.looseObject(messageFields);
export type MessageBody = z.infer<typeof MessageBody>;

/** Body of every non-2xx answer of the reference server. */
export const ErrorBody = z.looseObject({
  error: z.string(),
  /** Field-level problems of a request that failed validation. */
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
