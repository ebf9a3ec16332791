import { expect, signInViaApi, test } from './fixtures';
import { startTestProvider, type TestProvider } from '../../server/test-support/oidc';

/**
 * Single sign-on with a standard OpenID Provider the portal knows nothing about: a second,
 * independent oidc-provider started by this test on its own port (http://127.0.0.1:PORT). An
 * organization's administrator sets it up from the SSO tab, and then signs in through it.
 */

const CLIENT = { clientId: 'e2e-portal', clientSecret: 'e2e-second-provider-secret-41c7' };
let idp: TestProvider;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures argument's pattern
test.beforeAll(async ({}, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  idp = await startTestProvider({
    clients: [{ ...CLIENT, redirectUris: [`${baseURL}/api/oauth/callback`] }],
  });
});
test.afterAll(async () => {
  await idp?.close();
});

test('SSO tab → set up a second OpenID Provider → sign in through it', async ({
  page,
  request,
  browser,
  axe,
}) => {
  test.setTimeout(60_000);
  const slug = `sso-e2e-${Date.now().toString(36)}`;
  const admin = `owner@${slug}.test`;
  const created = await request.post('/api/dev/orgs', {
    data: {
      name: 'SSO E2E',
      slug,
      adminName: 'Olga Owner',
      adminEmail: admin,
      password: 'E2e-Owner-Pass-1!',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await signInViaApi(page, admin, 'E2e-Owner-Pass-1!');

  await page.goto('/settings?tab=sso');
  await expect(page.getByText('Not yet configured')).toBeVisible();
  await page.getByRole('button', { name: 'Set Up SSO' }).click();
  await expect(page).toHaveURL(/\/sso-selection$/);
  await page.getByRole('button', { name: 'okta', exact: true }).click();
  await expect(page).toHaveURL(/\/sso-setup$/);
  await expect(page.getByRole('heading', { name: 'Provide Your SSO Details' })).toBeVisible();
  const redirect = page.getByRole('textbox', { name: 'Redirect URL' });
  await expect(redirect).toHaveValue(/\/api\/oauth\/callback$/);
  await axe();

  // A Tenant that is no OpenID Provider: the server's reason, nothing saved, nothing lost.
  await page.getByRole('textbox', { name: 'Client ID' }).fill(CLIENT.clientId);
  await page.getByLabel('Client Secret').fill(CLIENT.clientSecret);
  await page.getByRole('textbox', { name: 'TENANT' }).fill(`${idp.issuer}/nothing-here`);
  await page.getByRole('button', { name: 'Apply Settings' }).click();
  await expect(page.getByText(/is not an OpenID Provider/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Client ID' })).toHaveValue(CLIENT.clientId);
  await axe();

  // The real issuer: saved, and on to the provider.
  await page.getByRole('textbox', { name: 'TENANT' }).fill(idp.issuer);
  const started = Date.now();
  await page.getByRole('button', { name: 'Apply Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.toUpperCase());
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back through /sso-login: the onboarding goes on to the provider's groups.
  await expect(page).toHaveURL(/\/(member-sso-groups|dashboard)$/);
  console.log(`[sso] e2e round trip through the second provider: ${Date.now() - started} ms`);
  const session = await page.request.get('/api/session');
  expect((await session.json()).user.email).toBe(admin);
  await axe();

  // The next sign-in, in a browser of its own: lookup → the provider → the portal. Someone the
  // provider knows who is no administrator of the organization: the catalogue's message.
  const other = await browser.newContext({ baseURL: String(test.info().project.use.baseURL) });
  try {
    const visitor = await other.newPage();
    await visitor.goto('/look-up');
    await visitor.getByRole('textbox', { name: 'Organization Name' }).fill(slug);
    await visitor.getByRole('button', { name: 'Lookup' }).click();
    await expect(visitor).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await visitor.getByRole('textbox', { name: 'Email' }).fill('someone.else@example.test');
    await visitor.getByRole('button', { name: 'Sign in' }).click();
    await expect(visitor).toHaveURL(/\/error\?type=oauth-unauthorized$/);
    await expect(
      visitor.getByText('Failed to authenticate with your identity provider'),
    ).toBeVisible();
    expect((await other.cookies()).some((c) => c.name.includes('portal_session'))).toBe(false);
  } finally {
    await other.close();
  }
});
