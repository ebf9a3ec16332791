/**
 * For the tests (docs/decisions/054-public-api.md, 'Tests'): checks an answer of the public API
 * against the OpenAPI document the server serves — the document, not the zod schemas it was
 * generated from, so the two cannot drift apart unnoticed. JSON Schema 2020-12 (OpenAPI 3.1's
 * dialect) through Ajv with its formats.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { PUBLIC_API_PREFIX } from '@contract/public-api';

type Json = Record<string, unknown>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface OperationRef {
  path: string;
  method: string;
  operationId: string;
  op: Json;
}

export class OpenApiValidator {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly operations: OperationRef[] = [];

  constructor(readonly doc: Json) {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, op] of Object.entries(item)) {
        this.operations.push({
          path,
          method: method.toUpperCase(),
          operationId: (op as Json).operationId as string,
          op: op as Json,
        });
      }
    }
  }

  /** Follows `#/…` references (one level at a time, until none is left at the top). */
  resolve(node: unknown): Json {
    let out = node as Json;
    while (out && typeof out.$ref === 'string') {
      const parts = (out.$ref as string).replace(/^#\//, '').split('/');
      out = parts.reduce<Json>((at, part) => at[part] as Json, this.doc);
    }
    return out;
  }

  private inline(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((n) => this.inline(n));
    if (node && typeof node === 'object') {
      const resolved = this.resolve(node);
      return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, this.inline(v)]));
    }
    return node;
  }

  /** The operation a method and a concrete path (`/api/v1/devices/AB12`) match. */
  match(method: string, url: string): OperationRef | null {
    const pathname = new URL(url, 'http://x').pathname.slice(PUBLIC_API_PREFIX.length);
    return (
      this.operations.find(
        (o) =>
          o.method === method.toUpperCase() &&
          new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(pathname),
      ) ?? null
    );
  }

  /**
   * Problems of an answer against the document: its status must be documented for the operation,
   * its content type the documented one and its body valid against the documented schema. [] when
   * it conforms.
   */
  check(
    operation: OperationRef,
    status: number,
    contentType: string | null,
    body: unknown,
  ): string[] {
    const responses = operation.op.responses as Json;
    const documented = responses[String(status)];
    if (!documented) return [`${operation.operationId}: status ${status} is not documented`];
    const response = this.resolve(documented);
    const content = response.content as Record<string, Json> | undefined;
    if (!content) return [];
    const type = (contentType ?? '').split(';')[0]?.trim() ?? '';
    const media = content[type];
    if (!media) {
      return [`${operation.operationId} ${status}: content type '${type}' is not documented`];
    }
    const key = `${operation.operationId} ${status} ${type}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(this.inline(media.schema) as Json);
      this.compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${key}: ${e.instancePath || '(body)'} ${e.message ?? ''}`,
    );
  }
}
