/**
 * The OpenAPI document (./openapi.ts) lints clean with Redocly's maintained linter, recommended
 * rules as errors (docs/decisions/054-public-api.md, 'The description'), describes every
 * operation the server answers, and its examples are valid against its own schemas.
 */
import { describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { PUBLIC_API_OPERATIONS } from '@contract/public-api';
import { openApiDocument } from './openapi';
import { OpenApiValidator } from './openapi-validator';

describe('the OpenAPI document', () => {
  it('has zero problems under Redocly’s recommended-strict rules', async () => {
    const config = await createConfig({ extends: ['recommended-strict'] });
    const problems = await lintFromString({
      source: JSON.stringify(openApiDocument()),
      absoluteRef: 'openapi.json',
      config,
    });
    const shown = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`,
    );
    expect(shown).toEqual([]);
  });

  it('describes every operation with summary, security, errors and an example', () => {
    const doc = openApiDocument();
    const v = new OpenApiValidator(doc);
    expect(v.operations.map((o) => o.operationId).sort()).toEqual(
      PUBLIC_API_OPERATIONS.map((o) => o.id).sort(),
    );
    expect(doc.security).toEqual([{ apiKey: [] }]);
    for (const o of v.operations) {
      expect(o.op.summary, o.operationId).toBeTruthy();
      const responses = o.op.responses as Record<string, Record<string, unknown>>;
      for (const status of ['400', '401', '429', '500', '503'])
        expect(responses[status], `${o.operationId} ${status}`).toBeDefined();
      const ok = Object.entries(responses).find(([s]) => s.startsWith('2'));
      const media = (ok?.[1].content as Record<string, { example: unknown }>)['application/json'];
      expect(media?.example, o.operationId).toBeDefined();
      // The example is an answer the document accepts.
      expect(v.check(o, Number(ok?.[0]), 'application/json', media?.example)).toEqual([]);
    }
  });
});
