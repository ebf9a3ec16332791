import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieOf } from '../test-support';
import { makeOrg } from '../test-support/factories';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  // Umbrella signs in through Okta; Plainco has no SSO provider.
  await makeOrg(t, {
    name: 'Umbrella',
    sso: 'okta',
    admin: { name: 'Sam Sso', email: 'sso.admin@umbrella.test', password: null },
  });
  await makeOrg(t, { name: 'Plainco', admin: { email: 'admin@plainco.test' } });
}, 60_000);
afterAll(async () => {
  await t.close();
});

function form(fields: Record<string, string>) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

describe('development identity provider', () => {
  it('shows an accessible sign-in page for an SSO organization, pre-filled with its admin', async () => {
    const res = await t.app.request('/api/oauth/login?slug=umbrella');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>Sign in with Okta<\/title>/);
    expect(html).toMatch(/<main>/);
    expect(html).toMatch(/<h1>Sign in with Okta<\/h1>/);
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/id="email"[^>]*value="sso\.admin@umbrella\.test"/);
    expect(html).toMatch(/>Sign in<\/button>/);
    expect(html).toMatch(/>Deny<\/button>/);
  });

  it('escapes the slug it echoes', async () => {
    const slug = '<script>alert("x")</script>&';
    const res = await t.app.request(`/api/oauth/login?slug=${encodeURIComponent(slug)}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;');
  });

  it('signing in creates a session and redirects to /sso-login', async () => {
    const res = await t.app.request(
      '/api/oauth/login',
      form({ slug: 'umbrella', email: 'SSO.Admin@umbrella.test', action: 'signin' }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sso-login');
    const cookie = sessionCookieOf(res);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/);
    const s = await t.call('GET', '/api/session', { cookie });
    expect(s.status).toBe(200);
    expect(s.data.user).toEqual({ name: 'Sam Sso', email: 'sso.admin@umbrella.test' });
    expect(s.data.organization.ssoProvider).toBe('okta');
  });

  it('redirects to the error page for deny, unknown users and unknown or non-SSO organizations', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [
        { slug: 'umbrella', email: 'sso.admin@umbrella.test', action: 'deny' },
        '/error?type=oauth-access-denied',
      ],
      [
        { slug: 'umbrella', email: 'stranger@umbrella.test', action: 'signin' },
        '/error?type=sso-unauthorized',
      ],
      [
        { slug: 'umbrella', email: 'admin@plainco.test', action: 'signin' },
        '/error?type=sso-unauthorized',
      ],
      [
        { slug: 'nope', email: 'sso.admin@umbrella.test', action: 'signin' },
        '/error?type=oauth-unauthorized',
      ],
      [
        { slug: 'plainco', email: 'admin@plainco.test', action: 'signin' },
        '/error?type=oauth-unauthorized',
      ],
    ];
    for (const [fields, location] of cases) {
      const res = await t.app.request('/api/oauth/login', form(fields));
      expect(res.status, JSON.stringify(fields)).toBe(302);
      expect(res.headers.get('location')).toBe(location);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });
});
