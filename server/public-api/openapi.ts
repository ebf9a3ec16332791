/**
 * The public API's OpenAPI 3.1 document, generated at start from contract/public-api.ts with zod 4's
 * JSON Schema output (docs/decisions/054-public-api.md, 'The description'): the operations'
 * parameters, bodies and answers are the very schemas the server validates with, so the document
 * cannot drift from the server. Served at /api/v1/openapi.json and linted in the unit tests
 * (Redocly's recommended rules, ./openapi.test.ts).
 */
import * as z from 'zod/mini';
import {
  PUBLIC_API_BULK_MAX,
  PUBLIC_API_OPERATIONS,
  PUBLIC_API_PREFIX,
  Problem,
  type ApiOperation,
} from '@contract/public-api';
import { PROBLEM_CONTENT_TYPE, PROBLEM_KINDS, problemType, type ProblemKind } from './problem';
import { DEFAULT_API_RATE_LIMIT } from './rate-limit';

type Json = Record<string, unknown>;

/** A schema as JSON Schema 2020-12 without its `$schema` line (OpenAPI 3.1 is that dialect). */
export function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Json;
  delete out.$schema;
  return out;
}

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

const problemExamples: Record<ProblemKind, Json> = {
  invalid_request: {
    type: problemType('invalid_request'),
    title: PROBLEM_KINDS.invalid_request.title,
    status: 400,
    detail: 'The query parameters did not pass validation.',
    errors: [{ location: 'query.colour', message: "Unknown query parameter 'colour'" }],
  },
  unauthorized: {
    type: problemType('unauthorized'),
    title: PROBLEM_KINDS.unauthorized.title,
    status: 401,
    detail:
      'The API key is not valid: it is unknown, expired or revoked, or the organization has no API access.',
  },
  forbidden: {
    type: problemType('forbidden'),
    title: PROBLEM_KINDS.forbidden.title,
    status: 403,
    detail: 'Forbidden.',
  },
  not_found: {
    type: problemType('not_found'),
    title: PROBLEM_KINDS.not_found.title,
    status: 404,
    detail: 'No device has this code.',
  },
  method_not_allowed: {
    type: problemType('method_not_allowed'),
    title: PROBLEM_KINDS.method_not_allowed.title,
    status: 405,
    detail: 'PUT is not allowed here.',
  },
  payload_too_large: {
    type: problemType('payload_too_large'),
    title: PROBLEM_KINDS.payload_too_large.title,
    status: 413,
    detail: 'The request body is larger than 1 MB.',
  },
  unsupported_media_type: {
    type: problemType('unsupported_media_type'),
    title: PROBLEM_KINDS.unsupported_media_type.title,
    status: 415,
    detail: 'Send the body as application/json.',
  },
  rate_limited: {
    type: problemType('rate_limited'),
    title: PROBLEM_KINDS.rate_limited.title,
    status: 429,
    detail: 'This API key has made more than 600 requests this minute. Try again in 12 s.',
  },
  internal: {
    type: problemType('internal'),
    title: PROBLEM_KINDS.internal.title,
    status: 500,
    detail: 'The server failed to answer.',
  },
  unavailable: {
    type: problemType('unavailable'),
    title: PROBLEM_KINDS.unavailable.title,
    status: 503,
    detail: 'The call met a conflicting change and changed nothing. Send it again.',
  },
};

function problemResponse(kind: ProblemKind, description: string, headers: Json = {}): Json {
  return {
    description,
    headers,
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: { $ref: '#/components/schemas/Problem' },
        example: problemExamples[kind],
      },
    },
  };
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function parameters(op: ApiOperation): Json[] {
  const out: Json[] = [];
  for (const [name, schema] of Object.entries(op.params ?? {})) {
    out.push({
      name,
      in: 'path',
      required: true,
      description: name === 'code' ? "The device's enrolment code." : 'The id.',
      schema: jsonSchema(schema, 'input'),
    });
  }
  if (op.query) {
    const query = jsonSchema(op.query, 'input');
    const props = (query.properties ?? {}) as Record<string, Json>;
    const required = new Set((query.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(props)) {
      const { description, ...rest } = schema;
      const repeatable = JSON.stringify(rest).includes('"type":"array"');
      out.push({
        name,
        in: 'query',
        required: required.has(name),
        description:
          (description as string | undefined) ?? QUERY_DESCRIPTIONS[name] ?? `Filter: ${name}.`,
        schema: rest,
        ...(repeatable ? { style: 'form', explode: true } : {}),
      });
    }
  }
  return out;
}

const QUERY_DESCRIPTIONS: Record<string, string> = {
  cursor:
    'The `next` value of the previous page (also in its `Link` header); absent: the first page.',
  limit: 'Items per page, 1 to 100 (default 50).',
  enrolled: 'Only enrolled (`true`) or only not enrolled (`false`) devices.',
  severity: 'Only these severities (repeat the parameter for several).',
  sort: 'The column to order by (default: severity, then member name).',
  order: 'Ascending or descending.',
  q: 'Search text.',
  status: 'Only items of this status (repeat the parameter for several where allowed).',
  source: 'Only members from these sources (repeatable).',
  since: 'Only alerts of scans at or after this moment (ISO 8601).',
  actor: 'Only events of this actor: `type:id` (for example `user:12`).',
  action: 'Only these actions (repeatable).',
  outcome: 'Only successes or only failures.',
  from: 'Events at or after this moment (ISO 8601).',
  to: 'Events before this moment (ISO 8601).',
};

function operation(op: ApiOperation): Json {
  const responses: Json = {
    [String(op.status)]: {
      description: op.list
        ? 'A page of the list.'
        : op.method === 'GET'
          ? 'Found.'
          : 'Done; one result per item.',
      headers: op.list
        ? {
            ...rateLimitHeaders,
            Link: {
              description: 'The next page: `<…?cursor=…>; rel="next"` (absent on the last page).',
              schema: { type: 'string' },
            },
          }
        : rateLimitHeaders,
      content: {
        'application/json': {
          schema: jsonSchema(op.response, 'output'),
          example: op.responseExample,
        },
      },
    },
    '400': ref('BadRequest'),
    '401': ref('Unauthorized'),
    ...(op.params ? { '404': ref('NotFound') } : {}),
    ...(op.body ? { '413': ref('PayloadTooLarge'), '415': ref('UnsupportedMediaType') } : {}),
    '429': ref('TooManyRequests'),
    '500': ref('InternalError'),
    '503': ref('Unavailable'),
  };
  const out: Json = {
    operationId: op.id,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    parameters: parameters(op),
    responses,
  };
  if (op.body) {
    out.requestBody = {
      required: true,
      content: {
        'application/json': { schema: jsonSchema(op.body, 'input'), example: op.requestExample },
      },
    };
  }
  return out;
}

const TAGS = [
  { name: 'Devices', description: "The organization's enrolled and not enrolled devices." },
  { name: 'Alerts', description: 'Threat alerts found by device scans.' },
  { name: 'Members', description: 'Members and their invitations.' },
  { name: 'Audit events', description: 'The Activity log.' },
];

/** The document (built once per start: it depends on nothing but the contract). */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const op of PUBLIC_API_OPERATIONS) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operation(op) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Admin Portal API',
      version: '1.0.0',
      description: [
        "The organization's devices, alerts, members and activity, for SIEM, ticketing and MDM tools.",
        '',
        'Authenticate every call with the API key generated in Settings › Integrations: `Authorization: Bearer <API key>`. Only organizations with API access have one.',
        '',
        `Each key may make ${DEFAULT_API_RATE_LIMIT} requests a minute (unless the deployment sets API_RATE_LIMIT); every answer says what is left in \`RateLimit-*\` headers, and a request over the budget is answered 429 with \`Retry-After\`.`,
        '',
        `Errors are RFC 9457 problem details (\`application/problem+json\`). Unknown query parameters and body fields are refused (400). Bulk calls take at most ${PUBLIC_API_BULK_MAX} items and answer one result per item. Lists page with \`cursor\` and \`limit\`: pass the answer's \`next\` as \`cursor\`.`,
      ].join('\n'),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Admin Portal support' },
    },
    servers: [{ url: PUBLIC_API_PREFIX, description: 'This server' }],
    security: [{ apiKey: [] }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'mdsk_ followed by 43 base64url characters',
          description: 'The API key of Settings › Integrations.',
        },
      },
      schemas: { Problem: jsonSchema(Problem, 'output') },
      headers: {
        'RateLimit-Limit': {
          description: 'Requests this key may make per minute.',
          schema: { type: 'integer', minimum: 1 },
        },
        'RateLimit-Remaining': {
          description: 'Requests left in this minute.',
          schema: { type: 'integer', minimum: 0 },
        },
        'RateLimit-Reset': {
          description: 'Seconds until the budget refills.',
          schema: { type: 'integer', minimum: 1 },
        },
      },
      responses: {
        BadRequest: problemResponse(
          'invalid_request',
          'A parameter, the body or the cursor is not valid; `errors` says which.',
          rateLimitHeaders,
        ),
        Unauthorized: problemResponse(
          'unauthorized',
          'No API key, or one that is unknown, expired or revoked.',
          {
            'WWW-Authenticate': {
              description:
                '`Bearer realm="api", error="invalid_token"` for a key that is not valid.',
              schema: { type: 'string' },
            },
          },
        ),
        NotFound: problemResponse(
          'not_found',
          'This organization has no such item.',
          rateLimitHeaders,
        ),
        PayloadTooLarge: problemResponse('payload_too_large', 'The body is larger than 1 MB.'),
        UnsupportedMediaType: problemResponse(
          'unsupported_media_type',
          'The body is not application/json.',
          rateLimitHeaders,
        ),
        TooManyRequests: problemResponse('rate_limited', 'Over the budget of this minute.', {
          ...rateLimitHeaders,
          'Retry-After': {
            description: 'Seconds to wait.',
            schema: { type: 'integer', minimum: 1 },
          },
        }),
        InternalError: problemResponse('internal', 'The server failed.'),
        Unavailable: problemResponse(
          'unavailable',
          'The call met a conflicting change in the database and changed nothing: send it again.',
          {
            'Retry-After': {
              description: 'Seconds to wait.',
              schema: { type: 'integer', minimum: 1 },
            },
          },
        ),
      },
    },
  };
}
