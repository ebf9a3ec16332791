import { describe, expect, it } from 'vitest';
import {
  createAnalytics,
  MAX_PROPERTY_LENGTH,
  pageViewPath,
  recorderSink,
  sanitizeProperties,
} from './analytics';

describe('page views', () => {
  it('strips the token after update-password/', () => {
    expect(pageViewPath('/update-password/abc.DEF-123_x')).toBe('/update-password/');
    expect(pageViewPath('/update-password/')).toBe('/update-password/');
    expect(pageViewPath('/update-password/tok/extra')).toBe('/update-password/');
  });

  it('leaves every other path alone', () => {
    for (const p of ['/', '/look-up', '/dashboard', '/settings', '/update-passwords/x']) {
      expect(pageViewPath(p)).toBe(p);
    }
  });

  it('reports each route change once, with the stripped path', () => {
    const sink = recorderSink();
    const analytics = createAnalytics([sink], () => 1);
    analytics.page('/look-up');
    analytics.page('/look-up');
    analytics.page('/update-password/secret-token');
    analytics.track('signIn');
    expect(sink.records).toEqual([
      { kind: 'page', path: '/look-up', at: 1 },
      { kind: 'page', path: '/update-password/', at: 1 },
      { kind: 'event', name: 'Sign In', properties: undefined, at: 1 },
    ]);
  });

  it('a failing sink never breaks the others', () => {
    const sink = recorderSink();
    const analytics = createAnalytics([
      {
        send() {
          throw new Error('provider down');
        },
      },
      sink,
    ]);
    analytics.track('logout');
    expect(sink.records).toHaveLength(1);
  });
});

describe('no secret in an analytics record (decision 010)', () => {
  it('page views carry neither a reset token, nor a query or fragment', () => {
    const sink = recorderSink();
    const analytics = createAnalytics([sink], () => 1);
    analytics.page('/update-password/Qm9ndXMtcmVzZXQtdG9rZW4');
    analytics.page('/settings?tab=integrations&token=abc#whsec_x');
    analytics.page('/dashboard/mdsk_4f9Kq2LmNoPqRsTuVwXyZ');
    expect(sink.records.map((r) => (r.kind === 'page' ? r.path : ''))).toEqual([
      '/update-password/',
      '/settings',
      '/dashboard/mdsk_[redacted]',
    ]);
  });

  it('event properties: secret keys dropped, secret values redacted, texts cut, only plain values', () => {
    const sink = recorderSink();
    const analytics = createAnalytics([sink], () => 1);
    analytics.track('sortDashboardColumn', {
      column: 'memberName',
      password: 'Portal-Demo-1!',
      apiKey: 'mdsk_4f9Kq2LmNoPqRsTuVwXyZ0123456789',
      clientSecret: 'seti_0123456789abcdef01234567_secret_0123456789abcdef',
      note: 'Bearer c2NpbS1iZWFyZXItdG9rZW4 and whsec_Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1 at /update-password/tok123',
      card: '4242424242424242',
      long: 'x'.repeat(500),
      count: 3,
      infinite: Number.POSITIVE_INFINITY,
      flag: true,
      object: { nested: 'mdsk_abcdefghij' } as unknown as string,
    });
    const [record] = sink.records;
    expect(record?.kind === 'event' && record.properties).toEqual({
      column: 'memberName',
      note: 'Bearer [redacted] and whsec_[redacted] at /update-password/[redacted]',
      long: 'x'.repeat(MAX_PROPERTY_LENGTH),
      count: 3,
      flag: true,
    });
    expect(JSON.stringify(sink.records)).not.toMatch(/Portal-Demo|mdsk_4|seti_0|4242424242424242/);
  });

  it('sanitizeProperties keeps ordinary properties as they are', () => {
    expect(sanitizeProperties({ column: 'severity', page: 2, ok: false })).toEqual({
      column: 'severity',
      page: 2,
      ok: false,
    });
    expect(sanitizeProperties(undefined)).toBeUndefined();
  });
});
