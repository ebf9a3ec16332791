import { describe, expect, it } from 'vitest';
import { redactText, redactValue } from './redact';

describe('redactText', () => {
  it.each([
    ['/update-password/abc.DEF-123_x', '/update-password/[redacted]'],
    [
      'https://p.example/update-password/tok?x=1#y',
      'https://p.example/update-password/[redacted]?x=1#y',
    ],
    ['key mdsk_4f9Kq2LmNoPqRsTu end', 'key mdsk_[redacted] end'],
    ['whsec_Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Jh0', 'whsec_[redacted]'],
    // The Standard Webhooks format: standard base64, with '+', '/' and '='.
    ['secret whsec_q+Pz/8Yw7Vu6Ts5Rq4Po3Nm2Lk1Jh0aBcDeFgHiJkL0= end', 'secret whsec_[redacted] end'],
    ['seti_0123456789abcdef01234567_secret_0123456789abcdef', 'seti_[redacted]'],
    ['pi_3Nabc123_secret_XyZ987', 'pi_[redacted]'],
    ['sk_live_51Habcdef', 'sk_live_[redacted]'],
    ['Authorization: Bearer c2NpbS1iZWFyZXI=', 'Authorization: Bearer [redacted]'],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-nature_1', '[redacted]'],
    ['https://user:pass@host.example/x', 'https://[redacted]@host.example/x'],
    ['{"password": "a\\"b", "email": "e"}', '{"password": "[redacted]", "email": "e"}'],
    [
      '{"clientSecret":"s1","authHeader":"Bearer x"}',
      '{"clientSecret":"[redacted]","authHeader":"[redacted]"}',
    ],
    ['?requestToken=abc&page=2', '?requestToken=[redacted]&page=2'],
    ['password=hunter2&remember=1', 'password=[redacted]&remember=1'],
    ['portal_session=abc; api_key=def', 'portal_session=abc; api_key=[redacted]'],
    ['card 4242 4242 4242 4242 ok', 'card [redacted] ok'],
    ['card 4242-4242-4242-4241 typo', 'card 4242-4242-4242-4241 typo'],
  ])('%s', (input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'Failed to get API key.',
      'GET /api/orgs/webhook-secret 200',
      '/api/api/token',
      'Updated 3 alert(s)',
      '/update-passwords/x',
      'tokenExpiration ONE_YEAR',
    ]) {
      expect(redactText(text)).toBe(text);
    }
  });
});

describe('redactValue', () => {
  it('redacts secret keys (not their null values) and shared, non-circular objects stay', () => {
    const shared = { name: 'x' };
    expect(
      redactValue({ token: null, password: 'p', a: shared, b: shared, cookies: { s: '1' } }),
    ).toEqual({ token: null, password: '[redacted]', a: shared, b: shared, cookies: '[redacted]' });
  });
});
