import type { BodyOf, Endpoint, MessageBody, QueryOf, ResponseOf } from '@contract/endpoint';

/**
 * Kinds of the generic handler (docs/product/messages.md, 'How messages are shown'): one banner per
 * field.
 */
export type MessageKind = 'success' | 'info' | 'warning' | 'error';
const MESSAGE_KINDS: readonly MessageKind[] = ['success', 'info', 'warning', 'error'];

export interface ServerMessage {
  kind: MessageKind;
  text: string;
}

/** The success/info/warning/error fields of a response body, in that order. */
export function serverMessages(body: unknown): ServerMessage[] {
  if (!body || typeof body !== 'object') return [];
  const fields = body as MessageBody;
  return MESSAGE_KINDS.flatMap((kind) => {
    const text = fields[kind];
    return typeof text === 'string' && text.trim() ? [{ kind, text }] : [];
  });
}

/**
 * Why a call failed: the API answered with a failure status (`status`), did not answer at all
 * (`network`: offline, connection refused; status 0), or answered 2xx with a body the contract
 * does not allow (`contract`: the client and the server disagree, which is a bug).
 */
export type ApiFailureKind = 'status' | 'network' | 'contract';

/** A call that did not answer 2xx, did not answer, or whose answer did not match the contract. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly kind: ApiFailureKind;
  constructor(
    status: number,
    body: unknown,
    message?: string,
    options: { kind?: ApiFailureKind; cause?: unknown } = {},
  ) {
    super(message ?? `Request failed with status ${status}`, { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.kind = options.kind ?? 'status';
  }
  /** The server's own texts (for screens that show them, e.g. sign-in). */
  get messages(): ServerMessage[] {
    return serverMessages(this.body);
  }
}

/**
 * A failure the portal expects and shows with its catalogued message, never reports: the API
 * answered with a failure status, or could not be reached. Anything else (a TypeError in our
 * code, an answer that breaks the contract) is a bug, and error reporting hears of it.
 */
export function isApiFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind !== 'contract';
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /**
   * The 401 rule (docs/product/sign-in.md, 'The 401 rule'): once for a 401 on a call that needs a
   * session.
   */
  onUnauthorized?: () => void;
  /**
   * The generic handler (docs/product/messages.md, 'How messages are shown'): a 2xx body's
   * messages.
   */
  onMessages?: (messages: ServerMessage[]) => void;
}

export interface CallOptions<E extends Endpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E> | FormData;
  signal?: AbortSignal;
  /** The caller handles a 401 itself (session hydration after SSO). */
  skipUnauthorizedRule?: boolean;
  /**
   * The answer's message fields are data the screen shows itself (read-members answers the parse
   * problem as `error`, shown on the review screen), so the generic handler leaves them alone.
   */
  skipGenericMessages?: boolean;
}

export function buildQuery(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === '') continue;
      params.append(key, String(v));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The one API client of the portal. It applies the spec's rules once: JSON bodies, no-cache
 * headers on GET, credentials included, the 401 rule for calls that need a session, the generic
 * message handler, and a contract check of every answer.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  const getHeaders = (): Record<string, string> => ({
    Accept: 'application/json',
    // A non-simple header: a cross-site form or image cannot send it (CSRF defence).
    'X-Requested-With': 'portal',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
  });

  interface Raw {
    ok: boolean;
    status: number;
    text: string;
  }
  const readRaw = async (response: Response): Promise<Raw> => ({
    ok: response.ok,
    status: response.status,
    text: await response.text(),
  });

  async function call<E extends Endpoint>(
    endpoint: E,
    callOptions: CallOptions<E> = {},
  ): Promise<ResponseOf<E>> {
    const { query, body, signal, skipUnauthorizedRule, skipGenericMessages } = callOptions;
    const headers: Record<string, string> = getHeaders();
    if (endpoint.method !== 'GET') {
      delete headers['Cache-Control'];
      delete headers.Pragma;
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    const url = `${options.baseUrl}${endpoint.path}${buildQuery(query)}`;
    const response = await doFetch(url, {
      method: endpoint.method,
      headers,
      body: payload,
      credentials: 'include',
      cache: endpoint.method === 'GET' ? 'no-store' : undefined,
      signal,
    })
      .then(readRaw)
      .catch((error: unknown) => {
        // No answer (offline, refused, cut off): an API failure like any other, not a bug.
        if (isAbort(error)) throw error;
        throw new ApiError(0, undefined, `No answer from ${endpoint.path}`, {
          kind: 'network',
          cause: error,
        });
      });

    const text = response.text;
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }

    if (!response.ok) {
      if (response.status === 401 && !endpoint.public && !skipUnauthorizedRule) {
        options.onUnauthorized?.();
      }
      throw new ApiError(response.status, data);
    }

    const parsed = endpoint.response.safeParse(data ?? {});
    if (!parsed.success) {
      throw new ApiError(response.status, data, `Unexpected answer from ${endpoint.path}`, {
        kind: 'contract',
      });
    }
    const messages = skipGenericMessages ? [] : serverMessages(data);
    if (messages.length) options.onMessages?.(messages);
    return parsed.data as ResponseOf<E>;
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createApiClient>;
