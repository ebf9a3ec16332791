/**
 * The error-reporting scrubber (Sentry's beforeSend / beforeSendTransaction) on realistic events:
 * no secret the portal handles may survive anywhere in them (decision 010).
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { ExpectedFailure, isExpectedFailure, reportUnexpected, scrub } from './error-reporting';

const SECRETS = {
  resetToken: 'Qm9ndXMtcmVzZXQtdG9rZW4tZm9yLXRlc3RzLTEyMzQ1',
  apiKey: 'mdsk_4f9Kq2LmNoPqRsTuVwXyZ0123456789abcdefABCDE',
  webhookSecret: 'whsec_Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Jh0GfEdCbA9876543210',
  clientSecret:
    'seti_0123456789abcdef01234567_secret_0123456789abcdef0123456789abcdef0123456789abcdef',
  scimToken: 'c2NpbS1iZWFyZXItdG9rZW4tZm9yLXRlc3RzLTk4NzY1',
  mdmToken: 'bWRtLXRva2VuLWZvci10ZXN0cy0wMTIzNDU2Nzg5YWJj',
  password: 'Portal-Demo-1!',
  newPassword: 'Hunter2-Secret!',
  caSecret: 'ca~Client.Secret_Value-123',
  card: '4242424242424242',
  cardSpaced: '4000 0000 0000 0002',
  cvc: '9731',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  urlPassword: 'url-pass-word',
} as const;

/** An error event as the browser SDK builds it, with secrets wherever the portal could leak them. */
function errorEvent() {
  return {
    event_id: '0123456789abcdef0123456789abcdef',
    level: 'error',
    platform: 'javascript',
    release: 'admin-portal@0.1.0',
    environment: 'production',
    transaction: `/update-password/${SECRETS.resetToken}`,
    message: `Request failed with status 500 for https://portal.example/update-password/${SECRETS.resetToken}`,
    exception: {
      values: [
        {
          type: 'ApiError',
          value: `Unexpected answer from /api/token: {"token":"${SECRETS.apiKey}","expiresAt":null}`,
          stacktrace: { frames: [{ filename: 'https://portal.example/assets/index-abc.js' }] },
        },
      ],
    },
    request: {
      url: `https://portal.example/update-password/${SECRETS.resetToken}?next=/dashboard`,
      headers: {
        Referer: `https://portal.example/update-password/${SECRETS.resetToken}`,
        'User-Agent': 'Mozilla/5.0',
        Authorization: `Bearer ${SECRETS.scimToken}`,
        Cookie: 'portal_session=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
      },
      query_string: [
        ['token', SECRETS.resetToken],
        ['page', '2'],
      ],
      data: { email: 'admin@acme.test', password: SECRETS.password },
    },
    breadcrumbs: [
      {
        category: 'navigation',
        data: { from: '/look-up', to: `/update-password/${SECRETS.resetToken}` },
      },
      {
        category: 'fetch',
        type: 'http',
        data: {
          method: 'POST',
          url: '/api/update-password',
          status_code: 400,
          request_body: JSON.stringify({
            requestToken: SECRETS.resetToken,
            password: SECRETS.newPassword,
          }),
        },
      },
      {
        category: 'fetch',
        data: {
          method: 'GET',
          url: `https://portal.example/api/orgs/sso/groups?nextPage=abc&access_token=${SECRETS.jwt}`,
          status_code: 200,
        },
      },
      {
        category: 'xhr',
        data: {
          method: 'POST',
          url: `https://user:${SECRETS.urlPassword}@collector.example/beacon`,
          body: `email=admin%40acme.test&password=${SECRETS.password}&remember=1`,
        },
      },
      {
        category: 'console',
        level: 'log',
        message: `SCIM header is Bearer ${SECRETS.scimToken}; webhook ${SECRETS.webhookSecret}`,
      },
      {
        category: 'fetch',
        data: {
          url: '/api/orgs/mdm',
          response_body: `{"enabled":true,"token":"${SECRETS.mdmToken}"}`,
        },
      },
      {
        category: 'xhr',
        data: {
          url: '/api/dev/card-processor/confirm-setup',
          body: `number=${SECRETS.card}&cvc=${SECRETS.cvc}&name=Avery`,
        },
      },
      { category: 'console', message: `card ${SECRETS.card} was declined` },
    ],
    extra: {
      clientSecret: SECRETS.clientSecret,
      lastAnswer: { clientSecret: SECRETS.clientSecret },
      note: `confirming ${SECRETS.clientSecret} with card ${SECRETS.cardSpaced}`,
      form: { tenant: 'acme.onmicrosoft.com', clientSecret: SECRETS.caSecret },
      nested: { a: { b: { c: { d: { apiKey: SECRETS.apiKey, text: `key ${SECRETS.apiKey}` } } } } },
    },
    contexts: {
      state: { state: { value: { session: { authHeader: `Bearer ${SECRETS.scimToken}` } } } },
    },
    tags: { route: `/update-password/${SECRETS.resetToken}` },
  };
}

/** A performance event (beforeSendTransaction): the page load of a reset link and its spans. */
function transactionEvent() {
  return {
    type: 'transaction',
    transaction: `/update-password/${SECRETS.resetToken}`,
    request: { url: `https://portal.example/update-password/${SECRETS.resetToken}` },
    spans: [
      {
        op: 'http.client',
        description: `GET https://portal.example/api/orgs/webhook-secret`,
        data: { url: '/api/orgs/webhook-secret', 'http.response.body': SECRETS.webhookSecret },
      },
      {
        op: 'navigation',
        description: `/update-password/${SECRETS.resetToken}`,
        data: { 'http.query': `?requestToken=${SECRETS.resetToken}` },
      },
      {
        op: 'resource.script',
        description: 'https://js.stripe.com/v3',
        data: {
          'url.full': `https://api.stripe.com/v1/setup_intents/x/confirm?client_secret=${SECRETS.clientSecret}`,
        },
      },
    ],
  };
}

function expectNoSecret(value: unknown) {
  const text = JSON.stringify(value);
  for (const [name, secret] of Object.entries(SECRETS)) {
    expect(text.includes(secret), `${name} survived: ${text}`).toBe(false);
  }
  // Also the card number with its separators removed.
  expect(text.replace(/[ -]/g, '')).not.toContain('4000000000000002');
}

describe('scrub (error reports)', () => {
  it('leaves no secret in an error event', () => {
    const scrubbed = scrub(errorEvent());
    expectNoSecret(scrubbed);
  });

  it('leaves no secret in a transaction event', () => {
    expectNoSecret(scrub(transactionEvent()));
  });

  it('keeps what makes the report useful', () => {
    const s = scrub(errorEvent());
    expect(s.request.url).toBe('https://portal.example/update-password/[redacted]?next=/dashboard');
    expect(s.transaction).toBe('/update-password/[redacted]');
    expect(s.request.headers['User-Agent']).toBe('Mozilla/5.0');
    expect(s.request.headers.Authorization).toBe('[redacted]');
    expect(s.request.query_string).toEqual([
      ['token', '[redacted]'],
      ['page', '2'],
    ]);
    expect(s.request.data).toEqual({ email: 'admin@acme.test', password: '[redacted]' });
    expect(s.exception.values[0]!.value).toBe(
      'Unexpected answer from /api/token: {"token":"[redacted]","expiresAt":null}',
    );
    expect(s.breadcrumbs[1]!.data!.url).toBe('/api/update-password');
    expect(s.breadcrumbs[1]!.data!.status_code).toBe(400);
    expect(JSON.parse(s.breadcrumbs[1]!.data!.request_body!)).toEqual({
      requestToken: '[redacted]',
      password: '[redacted]',
    });
    expect(s.breadcrumbs[2]!.data!.url).toBe(
      'https://portal.example/api/orgs/sso/groups?nextPage=abc&access_token=[redacted]',
    );
    expect(s.breadcrumbs[3]!.data!.url).toBe('https://[redacted]@collector.example/beacon');
    expect(s.breadcrumbs[3]!.data!.body).toBe(
      'email=admin%40acme.test&password=[redacted]&remember=1',
    );
    expect(s.breadcrumbs[4]!.message).toBe(
      'SCIM header is Bearer [redacted]; webhook whsec_[redacted]',
    );
    expect(s.extra.form.tenant).toBe('acme.onmicrosoft.com');
    expect(s.release).toBe('admin-portal@0.1.0');
    expect(s.exception.values[0]!.stacktrace.frames[0]!.filename).toBe(
      'https://portal.example/assets/index-abc.js',
    );
  });

  it('does not touch numbers that are not card numbers, nor the original event', () => {
    // A 13-digit id that fails the Luhn check is not a card number.
    const event = { timestamp: 1767225600.123, extra: { id: '1767225600123', count: 4242 } };
    expect(scrub(event)).toEqual(event);
    const original = errorEvent();
    scrub(original);
    expect(original.request.data.password).toBe(SECRETS.password);
  });

  it('survives circular and very deep data', () => {
    const loop: Record<string, unknown> = { note: `key ${SECRETS.apiKey}` };
    loop.self = loop;
    let deep: Record<string, unknown> = { secret: 'x', text: SECRETS.webhookSecret };
    for (let i = 0; i < 50; i++) deep = { child: deep };
    const s = scrub({ extra: { loop, deep } });
    expectNoSecret(s);
    expect((s.extra.loop as Record<string, unknown>).self).toBe('[truncated]');
  });
});

describe('the failure rule (what is reported)', () => {
  it('expects API failures and ExpectedFailures; everything else is a bug', () => {
    expect(isExpectedFailure(new ApiError(500, {}))).toBe(true);
    expect(isExpectedFailure(new ApiError(0, undefined, 'offline', { kind: 'network' }))).toBe(
      true,
    );
    expect(isExpectedFailure(new ExpectedFailure('Your card was declined.'))).toBe(true);
    expect(
      isExpectedFailure(new ApiError(200, {}, 'Unexpected answer', { kind: 'contract' })),
    ).toBe(false);
    expect(isExpectedFailure(new TypeError('x is undefined'))).toBe(false);
  });

  it('reports only the bugs (in development: to the console)', () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    reportUnexpected(new ApiError(401, {}));
    reportUnexpected(new ExpectedFailure('declined'));
    expect(console).not.toHaveBeenCalled();
    const bug = new TypeError('x is undefined');
    reportUnexpected(bug, { action: 'login' });
    expect(console).toHaveBeenCalledWith(expect.stringContaining('Unexpected error'), bug);
    console.mockRestore();
  });
});
