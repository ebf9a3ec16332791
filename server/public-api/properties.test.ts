/**
 * Property tests of the public API (docs/decisions/054-public-api.md, 'Tests'): for every operation
 * of the served OpenAPI document, fast-check generates requests from the document itself — valid
 * parameters and bodies drawn from its schemas, and hostile ones (unknown parameters, wrong types,
 * arbitrary JSON, wrong media types, odd Authorization headers) — and every answer must hold:
 * never a 5xx, every 4xx a problem+json, every answer matching the document (./api-client.ts).
 * Run counts are modest: the suite must stay fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp } from '../test-support';
import { makeOrg, type TestOrg } from '../test-support/factories';
import { apiClient, loadValidator } from './api-client';
import type { OpenApiValidator, OperationRef } from './openapi-validator';

type Json = Record<string, unknown>;
type T = Awaited<ReturnType<typeof createTestApp>>;
let t: T;
let v: OpenApiValidator;
let api: ReturnType<typeof apiClient>;
let org: TestOrg;
let key: string;

const RUNS = 10;

beforeAll(async () => {
  t = await createTestApp({ apiRateLimit: 1_000_000 });
  v = await loadValidator(t.app);
  api = apiClient(t.app, v);
  org = await makeOrg(t, { name: 'Propco', members: 6, devices: 15, alerts: 6, apiKey: true });
  key = org.apiKey as string;
});
afterAll(() => t.close());

/** Values a JSON Schema (as zod writes them) accepts; close enough for requests. */
function valueOf(schema: Json): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Json[]).map(valueOf));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'integer':
      return fc.integer({
        min: (schema.minimum as number | undefined) ?? -1000,
        max: Math.min((schema.maximum as number | undefined) ?? 1000, 1000),
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf((schema.items as Json | undefined) ?? {}), {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 3, 3),
      });
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, valueOf(s)])), {
        requiredKeys: required.filter((k) => k in props),
      });
    }
    case 'string':
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      }
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({
        minLength: (schema.minLength as number | undefined) ?? 0,
        maxLength: Math.min((schema.maxLength as number | undefined) ?? 20, 20),
      });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Anything at all a client might send as a parameter value. */
const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
);

interface Req {
  path: string;
  query: Array<[string, string]>;
  body: string | undefined;
  headers: Record<string, string>;
}

function toQuery(name: string, value: unknown): Array<[string, string]> {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((x) => [name, String(x)]);
  return [[name, String(value)]];
}

function params(o: OperationRef): Json[] {
  return ((o.op.parameters ?? []) as Json[]).map((p) => v.resolve(p));
}

function pathArb(o: OperationRef, valid: boolean): fc.Arbitrary<string> {
  const names = params(o)
    .filter((p) => p.in === 'path')
    .map((p) => p.name as string);
  if (names.length === 0) return fc.constant(o.path);
  const known = [
    ...org.devices.map((d) => d.code),
    ...org.alerts.map((a) => a.scanId),
    ...org.members.map((m) => String(m.id)),
  ];
  const value = valid
    ? fc.oneof(fc.constantFrom(...known), fc.string({ minLength: 1, maxLength: 12 }))
    : anyText;
  return value.map((x) =>
    names.reduce((p, n) => p.replace(`{${n}}`, encodeURIComponent(x) || '%20'), o.path),
  );
}

function validRequest(o: OperationRef): fc.Arbitrary<Req> {
  const query = params(o).filter((p) => p.in === 'query' && p.name !== 'cursor');
  const bodySchema = (o.op.requestBody as Json | undefined)?.content as
    Record<string, Json> | undefined;
  return fc.record({
    path: pathArb(o, true),
    query: fc
      .record(Object.fromEntries(query.map((p) => [p.name as string, valueOf(p.schema as Json)])), {
        requiredKeys: [],
      })
      .map((q) => Object.entries(q).flatMap(([k, x]) => toQuery(k, x))),
    body: bodySchema
      ? valueOf(bodySchema['application/json']?.schema as Json).map((b) => JSON.stringify(b))
      : fc.constant(undefined),
    headers: fc.constant<Record<string, string>>(
      bodySchema ? { 'content-type': 'application/json' } : {},
    ),
  });
}

function hostileRequest(o: OperationRef): fc.Arbitrary<Req> {
  const names = params(o)
    .filter((p) => p.in === 'query')
    .map((p) => p.name as string);
  return fc.record({
    path: pathArb(o, false),
    query: fc.array(
      fc.tuple(fc.oneof(fc.constantFrom(...names, 'colour', 'limit', 'cursor'), anyText), anyText),
      { maxLength: 4 },
    ),
    body: fc.oneof(
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 3 }).map((j) => JSON.stringify(j)),
      fc.string({ maxLength: 40 }),
    ),
    headers: fc.record(
      {
        'content-type': fc.constantFrom(
          'application/json',
          'text/plain',
          'application/merge-patch+json',
          'multipart/form-data; boundary=x',
        ),
      },
      { requiredKeys: [] },
    ),
  });
}

async function send(o: OperationRef, req: Req, authorization?: string): Promise<void> {
  const search = new URLSearchParams(req.query).toString();
  const r = await api(o.method, `${req.path}${search ? `?${search}` : ''}`, {
    key: authorization === undefined ? key : null,
    rawBody: o.method === 'GET' ? undefined : req.body,
    headers: { ...req.headers, ...(authorization !== undefined ? { authorization } : {}) },
  });
  expect(r.status, `${o.method} ${req.path}?${search} ${req.body ?? ''} → ${r.text}`).toBeLessThan(
    500,
  );
  if (r.status >= 200 && r.status < 300) {
    expect(r.res.headers.get('content-type')).toMatch(/^application\/json/);
  }
}

describe('every operation of the document, generated requests', () => {
  it('valid requests: never a 5xx; 2xx and 4xx answers match the document', async () => {
    for (const o of v.operations) {
      await fc.assert(
        fc.asyncProperty(validRequest(o), (req) => send(o, req)),
        { numRuns: RUNS, seed: 2026 },
      );
    }
  });

  it('hostile requests: never a 5xx; every 4xx is problem+json', async () => {
    for (const o of v.operations) {
      await fc.assert(
        fc.asyncProperty(hostileRequest(o), (req) => send(o, req)),
        { numRuns: RUNS, seed: 54 },
      );
    }
  });

  it('odd Authorization headers: 401 problem+json, never a 5xx', async () => {
    const o = v.operations.find((x) => x.operationId === 'listDevices') as OperationRef;
    const header = fc.oneof(
      anyText.filter((s) => /^[\t\x20-\x7e]*$/.test(s)),
      fc.string({ maxLength: 60 }).map((s) => `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}`),
      fc.constantFrom(
        'Bearer',
        'Basic dXNlcjpwYXNz',
        `bearer ${'mdsk_'.padEnd(48, 'A')}`,
        `Bearer  ${key}x`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        const r = await api('GET', '/devices', { headers: { authorization } });
        expect([401, 429], r.text).toContain(r.status);
      }),
      { numRuns: 25, seed: 7 },
    );
    expect(o).toBeDefined();
  });
});
