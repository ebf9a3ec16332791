/**
 * A SCIM client for the tests: what an identity provider's provisioning client sends (the bearer
 * header, `application/scim+json`), against the app in process.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../env';

export interface ScimAnswer {
  status: number;
  res: Response;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary SCIM JSON
  data: any;
}

export function scimClient(app: Hono<AppEnv>, slug: string, authorization: string | null) {
  return async function scim(
    method: string,
    path: string,
    body?: unknown,
    options: { raw?: string; headers?: Record<string, string> } = {},
  ): Promise<ScimAnswer> {
    const headers: Record<string, string> = {
      accept: 'application/scim+json',
      ...(authorization ? { authorization } : {}),
      ...options.headers,
    };
    let payload: string | undefined;
    if (options.raw !== undefined) payload = options.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] ??= 'application/scim+json';
    const res = await app.request(`/scim/v2/${slug}${path}`, { method, headers, body: payload });
    const text = await res.text();
    let data: unknown = undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = text;
    }
    return { status: res.status, res, data };
  };
}
