/**
 * The tests' client of the public API: calls the app with a bearer key (and nothing the portal
 * sends: no CSRF header, no cookie unless asked) and checks every answer against the OpenAPI
 * document the server serves (./openapi-validator.ts). Imported by tests only.
 */
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { OpenApiValidator } from './openapi-validator';

export interface ApiAnswer {
  status: number;
  res: Response;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
  data: any;
  text: string;
}

export interface ApiCallOptions {
  key?: string | null;
  json?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Skip the document check (a path the document does not describe). */
  unchecked?: boolean;
}

export async function loadValidator(app: { request: Hono['request'] }): Promise<OpenApiValidator> {
  const res = await app.request('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  return new OpenApiValidator((await res.json()) as Record<string, unknown>);
}

export function apiClient(app: { request: Hono['request'] }, validator: OpenApiValidator) {
  return async function api(
    method: string,
    path: string,
    options: ApiCallOptions = {},
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    } else if (options.rawBody !== undefined) {
      body = options.rawBody;
    }
    const res = await app.request(`/api/v1${path}`, { method, headers, body });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
    let data: any = undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = text;
    }
    const type = res.headers.get('content-type');
    if (res.status >= 400) {
      expect(type, `${method} ${path} → ${res.status} ${text}`).toMatch(
        /^application\/problem\+json/,
      );
      expect(data.status, text).toBe(res.status);
    }
    if (!options.unchecked) {
      const operation = validator.match(method, `/api/v1${path}`);
      if (operation) {
        expect(validator.check(operation, res.status, type, data), `${method} ${path}`).toEqual([]);
      }
    }
    return { status: res.status, res, data, text };
  };
}
