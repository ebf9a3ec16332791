import { demo, expect, signInViaApi, test } from './fixtures';

/**
 * Every screen's failed read offers 'Retry' (docs/decisions/045): the read fails once, the
 * screen says so with a Retry button, and Retry fetches again and shows the data without a reload.
 */
const cases: { route: string; api: RegExp; failure: string }[] = [
  { route: '/alerts-console', api: /\/api\/alerts(\?|$)/, failure: 'Failed to get alerts' },
  {
    route: '/settings?tab=admin',
    api: /\/api\/orgs\/admins(\?|$)/,
    failure: 'Problem requesting organization administrators.',
  },
  {
    route: '/settings?tab=billing',
    api: /\/api\/customer-billing-info(\?|$)/,
    failure: 'Unable to retrieve payment details. Please try again later.',
  },
  {
    route: '/settings?tab=plan',
    api: /\/api\/customer-plan-info(\?|$)/,
    failure: 'Problem requesting plan information.',
  },
  {
    route: '/settings?tab=mdm',
    api: /\/api\/orgs\/mdm(\?|$)/,
    failure: 'Failed to get MDM settings.',
  },
  {
    route: '/settings?tab=scim',
    api: /\/api\/orgs\/scim(\?|$)/,
    failure: 'Failed to get SCIM settings.',
  },
  {
    route: '/settings?tab=integrations',
    api: /\/api\/api\/token(\?|$)/,
    failure: 'Failed to get API key.',
  },
  {
    route: '/settings?tab=notifications',
    api: /\/api\/orgs\/email-preferences(\?|$)/,
    failure: 'Failed to get email preferences.',
  },
  {
    route: '/settings?tab=notifications',
    api: /\/api\/orgs\/notifications-preferences(\?|$)/,
    failure: 'Failed to get notification preferences.',
  },
  {
    route: '/settings?tab=threat-hunter',
    api: /\/api\/threat-hunter\/users(\?|$)/,
    failure: 'Problem requesting Threat Hunter users',
  },
];

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, demo.avery.email);
});

for (const { route, api, failure } of cases) {
  test(`${route}: a failed read (${failure}) has Retry`, async ({ page, axe }) => {
    await page.route(api, (r) =>
      r.request().method() === 'GET'
        ? r.fulfill({ status: 500, json: { error: 'Internal server error' } })
        : r.fallback(),
    );
    await page.goto(route);
    const main = page.getByRole('main');
    await expect(main.getByText(failure, { exact: true }).first()).toBeVisible();
    const retry = main.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await axe();
    await page.unroute(api);
    const answered = page.waitForResponse((r) => api.test(r.url()) && r.status() === 200);
    await retry.click();
    await answered;
    await expect(retry).toHaveCount(0);
    await expect(main.getByText(failure, { exact: true })).toHaveCount(0);
  });
}
