/**
 * The one place where HTTP meets the contract: `route(app, endpoint, handler)` registers
 * `endpoint.method /api{endpoint.path}`, parses query and JSON body with the endpoint's schemas
 * (a `multipart` endpoint gets the parsed form data instead, for its handler to check),
 * enforces the session for non-public endpoints and validates the handler's answer against
 * `endpoint.response` before sending it (a mismatch is a 500: contract drift shows up in tests).
 */
import type { Context, Hono } from 'hono';
import type * as z from 'zod/mini';
import type { Endpoint, ErrorBody, ParsedBodyOf, ParsedQueryOf } from '@contract/endpoint';
import type { SessionRecord } from '../auth/sessions';
import { HttpError, notSignedIn } from './http-error';
import type { AppEnv } from '../env';

export const API_PREFIX = '/api';

type SessionFor<E extends Endpoint> = E extends { public: true }
  ? SessionRecord | null
  : SessionRecord;
/** A download's handler answers the streamed file itself (server/http/csv-export.ts). */
type ResponseIn<E extends Endpoint> = E extends { download: string }
  ? Response
  : z.input<E['response']>;

export interface HandlerArgs<E extends Endpoint, P = undefined> {
  query: ParsedQueryOf<E>;
  body: ParsedBodyOf<E>;
  session: SessionFor<E>;
  /** The parsed `multipart/form-data` body of a `multipart` endpoint (undefined otherwise). */
  form: E extends { multipart: true } ? FormData : undefined;
  c: Context<AppEnv>;
  /** What the route's `prepare` step answered (undefined without one). */
  prepared: P;
}

export type Handler<E extends Endpoint, P = undefined> = (
  args: HandlerArgs<E, P>,
) => Promise<ResponseIn<E>> | ResponseIn<E>;

/**
 * A step that runs after the request is parsed and BEFORE the call's transaction opens
 * (docs/decisions/018-audit-log.md, 'Same transaction'): outbound network work — an identity
 * provider's discovery document, a webhook URL's test event, Stripe — so that waiting on another
 * server never holds a database transaction (on the embedded database, every other request would
 * wait with it). It reads with the database itself; what it answers reaches the handler as
 * `prepared`, and an HttpError it throws is the call's answer (recorded as a failure).
 */
export type Prepare<E extends Endpoint, P> = (args: Omit<HandlerArgs<E>, 'prepared'>) => Promise<P>;

/** A handler with a `prepare` step: `route(app, endpoint, { prepare, handle })`. */
export interface PreparedHandler<E extends Endpoint, P> {
  prepare: Prepare<E, P>;
  handle: Handler<E, P>;
}

/** What an audit hook sees of a call once its query and body are parsed. */
export interface CallArgs {
  query: unknown;
  body: unknown;
  session: SessionRecord;
}

/** A parsed call, as route() hands it from one stage to the next. */
export interface ParsedCall extends CallArgs {
  form: FormData | undefined;
}

/**
 * The stages of one call, for a hook around it: `parse` reads the request, `prepare` runs the
 * route's network step (outside any transaction), `handle` runs the handler, calling `onParsed`
 * before it and `onResult` after it. `run` is all three in order, for calls the hook leaves alone.
 */
export interface CallStages {
  parse(): Promise<ParsedCall>;
  prepare(call: ParsedCall): Promise<unknown>;
  handle(
    call: ParsedCall,
    prepared: unknown,
    onParsed?: (args: CallArgs) => Promise<void>,
    onResult?: (args: CallArgs, result: unknown) => Promise<void>,
  ): Promise<unknown>;
  run(): Promise<unknown>;
}

/** A hook around every authenticated call (the audit log's, server/audit/record.ts). */
export type Around = (
  endpoint: Endpoint,
  session: SessionRecord,
  c: Context<AppEnv>,
  call: CallStages,
) => Promise<unknown>;

/** Resolves the caller's session (or null); provided by the app so route() stays storage-agnostic. */
export type SessionResolver = (c: Context<AppEnv>) => Promise<SessionRecord | null>;

interface Issue {
  path: string;
  message: string;
}

export function toIssues(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): Issue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((part) => String(part)).join('.'),
    message: issue.message,
  }));
}

export function invalid(what: 'body' | 'query', issues: Issue[]): HttpError {
  return new HttpError(400, {
    error: what === 'body' ? 'Invalid request body' : 'Invalid query',
    issues,
  });
}

/**
 * Text PostgreSQL cannot store as sent: NUL (refused by the database: a 500 before this check)
 * and UTF-16 surrogates without their pair (silently stored as U+FFFD). With the `u` flag a
 * well-formed pair is one code point, so `\p{Cs}` matches only the unpaired ones.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE_TEXT = /\u0000|\p{Cs}/u;
export const UNSTORABLE_TEXT_MESSAGE =
  'Text must not contain NUL characters or unpaired UTF-16 surrogates.';

export function isStorableText(value: string): boolean {
  return !UNSTORABLE_TEXT.test(value);
}

/**
 * The path of the first string (value or key) in a parsed JSON value that cannot be stored, or
 * null. Iterative: JSON.parse accepts nesting far deeper than a recursive walk could follow.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (!isStorableText(node)) return path;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

function refuseUnstorable(what: 'body' | 'query', value: unknown): void {
  const path = findUnstorableText(value);
  if (path !== null) throw invalid(what, [{ path, message: UNSTORABLE_TEXT_MESSAGE }]);
}

/** Query values arrive as strings; a repeated key becomes an array of strings. */
function readQuery(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  refuseUnstorable('query', out);
  return out;
}

export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  // No body at all: the schema reports what is missing.
  if (text.trim() === '') return undefined;
  // Only JSON: a cross-site HTML form cannot send this type without a CORS preflight.
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new HttpError(415, { error: 'Content-Type must be application/json' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, { error: 'Malformed JSON body' });
  }
  refuseUnstorable('body', parsed);
  return parsed;
}

/** Only multipart/form-data, parsed by the platform's FormData parser. */
async function readFormBody(c: Context): Promise<FormData> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new HttpError(415, { error: 'Content-Type must be multipart/form-data' });
  }
  try {
    return await c.req.formData();
  } catch {
    throw new HttpError(400, { error: 'Malformed multipart/form-data body' });
  }
}

export function errorResponse(c: Context, error: HttpError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.body satisfies ErrorBody, error.status);
}

export function createRoute(resolveSession: SessionResolver, around?: Around) {
  return function route<E extends Endpoint, P = undefined>(
    app: Hono<AppEnv>,
    endpoint: E,
    handler: Handler<E> | PreparedHandler<E, P>,
  ): void {
    const { prepare, handle } =
      typeof handler === 'function'
        ? { prepare: undefined, handle: handler as unknown as Handler<E, P> }
        : handler;
    const path = `${API_PREFIX}${endpoint.path}`;
    app.on(endpoint.method, path, async (c) => {
      try {
        const session = await resolveSession(c);
        if (!session && !endpoint.public) throw notSignedIn();

        const argsOf = (call: ParsedCall) => ({
          query: call.query as ParsedQueryOf<E>,
          body: call.body as ParsedBodyOf<E>,
          session: session as SessionFor<E>,
          form: call.form as HandlerArgs<E>['form'],
          c,
        });
        const stages: CallStages = {
          async parse() {
            let query: unknown = undefined;
            if (endpoint.query) {
              const parsed = endpoint.query.safeParse(readQuery(c));
              if (!parsed.success) throw invalid('query', toIssues(parsed.error));
              query = parsed.data;
            }
            let body: unknown = undefined;
            if (endpoint.body) {
              const parsed = endpoint.body.safeParse(await readJsonBody(c));
              if (!parsed.success) throw invalid('body', toIssues(parsed.error));
              body = parsed.data;
            }
            const form = endpoint.multipart ? await readFormBody(c) : undefined;
            return { query, body, session: session as SessionRecord, form };
          },
          prepare: async (call) => (prepare ? prepare(argsOf(call)) : undefined),
          async handle(call, prepared, onParsed, onResult) {
            await onParsed?.(call);
            const value = await handle({ ...argsOf(call), prepared: prepared as P });
            await onResult?.(call, value);
            return value;
          },
          async run() {
            const call = await stages.parse();
            return stages.handle(call, await stages.prepare(call));
          },
        };
        const result =
          session && around ? await around(endpoint, session, c, stages) : await stages.run();
        // A download (contract/endpoint.ts) answers the streamed file the handler built.
        if (endpoint.download) {
          if (result instanceof Response) return result;
          throw new Error(`${endpoint.method} ${path}: a download must answer a Response`);
        }
        const checked = endpoint.response.safeParse(result);
        if (!checked.success) {
          c.get('logger').error(
            `[contract] response of ${endpoint.method} ${path} does not match the contract`,
            JSON.stringify(toIssues(checked.error)),
          );
          return c.json({ error: 'Internal server error' } satisfies ErrorBody, 500);
        }
        return c.json(checked.data as object);
      } catch (error) {
        if (error instanceof HttpError) return errorResponse(c, error);
        throw error;
      }
    });
  };
}

export type Route = ReturnType<typeof createRoute>;
