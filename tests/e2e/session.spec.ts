import { demo, expect, signIn, test } from './fixtures';

test('SSO: Globex → development OpenID Provider → /sso-login → dashboard', async ({
  page,
  axe,
}) => {
  await page.goto('/look-up');
  await page.getByRole('textbox', { name: 'Organization Name' }).fill('Globex');
  await page.getByRole('button', { name: 'Lookup' }).click();
  // Real OpenID Connect: the provider's authorization endpoint, then its sign-in page.
  await expect(page).toHaveURL(/\/api\/dev\/idp\/interaction\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await axe();
  // One click.
  await page.getByRole('button', { name: new RegExp(demo.sam.name) }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(demo.sam.name)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await axe();
});

test('a session expired on the server: the next call says so and returns to lookup', async ({
  page,
  axe,
}) => {
  await signIn(page, demo.avery.org, demo.avery.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // A page that makes no calls of its own, so the next call is the one this test makes.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'SSO' }).click();
  await expect(page.getByText('Not yet configured')).toBeVisible();
  const expired = await page.request.post('/api/dev/expire-session');
  expect(expired.ok()).toBe(true);

  await page.getByRole('link', { name: 'Alerts', exact: true }).click();
  await expect(page).toHaveURL(/\/look-up$/);
  await expect(page.getByText('You are no longer logged in', { exact: true })).toBeVisible();
  await axe();
});

test('Initech: a canceled plan shows the warning banner that leads to billing', async ({
  page,
  axe,
}) => {
  await signIn(page, demo.ida.org, demo.ida.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'Your account is currently inactive' });
  await expect(banner).toContainText(
    'Your subscription was canceled. Reactivate your subscription to continue.',
  );
  await axe();
  await banner.getByRole('link', { name: 'Go to Billing' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  // The banner stays on every page until the plan is fixed.
  await expect(page.getByRole('link', { name: 'Go to Billing' })).toBeVisible();
});

test('the error page shows the catalogue entry of its type', async ({ page, axe }) => {
  await page.goto('/error?type=oauth-server-error');
  await expect(page.getByRole('heading', { name: 'An error has occurred' })).toBeVisible();
  await expect(page.getByText('The SSO provider server is temporarily unavailable.')).toBeVisible();
  await expect(
    page.getByText('Please try again after some time. If the problem persists, contact support.'),
  ).toBeVisible();
  await axe();
});

test('the identity provider can deny: the error page explains', async ({ page }) => {
  await page.goto('/api/oauth/login?slug=globex');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/error\?type=oauth-access-denied$/);
  await expect(page.getByText('The SSO provider denied the request')).toBeVisible();
});
