import type { Page, Request } from '@playwright/test';
import {
  createThrowawayOrg,
  demo,
  expect,
  latestMailTo,
  signIn,
  signInViaApi,
  test,
  analyticsRecords,
} from './fixtures';

const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  incomplete: '4000 0000 0000 0341',
};

async function fillCard(page: Page, number: string, name?: string) {
  if (name !== undefined) await page.getByRole('textbox', { name: 'Name on card' }).fill(name);
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: /Expiration date/ }).fill('12 / 34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
}

test.describe('billing (Acme)', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, demo.avery.email);
  });

  test('the statement, then Edit Billing with 4242… saves the card', async ({ page, axe }) => {
    await page.goto('/settings?tab=billing');
    const card = page.getByRole('region', { name: 'Billing Information' });
    await expect(card).toContainText('$');
    await expect(card).toContainText('4242');
    await axe();
    await card.getByRole('button', { name: 'Edit Billing' }).click();
    const save = card.getByRole('button', { name: 'Save Billing' });
    await expect(save).toBeDisabled();
    await fillCard(page, CARDS.success, 'Avery Admin');
    await expect(save).toBeEnabled();
    await axe();
    await save.click();
    await expect(
      page.getByText('Default payment method updated. Billing page may not update immediately.', {
        exact: true,
      }),
    ).toBeVisible();
    // A card already existed: the confirmation shows, and the user stays on billing.
    await expect(page).toHaveURL(/tab=billing/);
    await expect(card.getByRole('button', { name: 'Edit Billing' })).toBeVisible();
    const events = await analyticsRecords(page);
    expect(events.map((e) => e.name)).toEqual(
      expect.arrayContaining(['Billing', 'Submit Payment Information']),
    );
  });

  test('a declined card (4000…0002) shows the catalogued failure and keeps the form', async ({
    page,
  }) => {
    await page.goto('/settings?tab=billing');
    const card = page.getByRole('region', { name: 'Billing Information' });
    await card.getByRole('button', { name: 'Edit Billing' }).click();
    await fillCard(page, CARDS.declined, 'Avery Admin');
    await card.getByRole('button', { name: 'Save Billing' }).click();
    // Said once, inline (not also as a toast): the catalogued text, then the card's reason.
    await expect(
      card.getByText(
        'Unable to update default payment method. Try again with another card. Your card was declined.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByText(/Unable to update default payment method/)).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'Name on card' })).toHaveValue('Avery Admin');
  });

  test('a card whose subscription ends incomplete (4000…0341) is refused', async ({ page }) => {
    await page.goto('/settings?tab=billing');
    const card = page.getByRole('region', { name: 'Billing Information' });
    await card.getByRole('button', { name: 'Edit Billing' }).click();
    await fillCard(page, CARDS.incomplete, 'Avery Admin');
    await card.getByRole('button', { name: 'Save Billing' }).click();
    await expect(
      page.getByText('Unable to update default payment method. Try again with another card', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(card).toContainText('4242');
  });

  test('failures of the billing calls show their catalogued messages', async ({ page }) => {
    await page.route('**/api/customer-billing-info', (route) =>
      route.fulfill({ status: 500, json: {} }),
    );
    await page.route('**/api/customer-plan-info', (route) =>
      route.fulfill({ status: 500, json: {} }),
    );
    await page.goto('/settings?tab=billing');
    await expect(
      page.getByText('Problem requesting billing information.', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Unable to retrieve payment details. Please try again later.'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Plan' }).click();
    await expect(
      page.getByText('Problem requesting plan information.', { exact: true }).first(),
    ).toBeVisible();
  });

  test('a failing billing key request stops before the card is confirmed', async ({ page }) => {
    let confirmed = false;
    await page.route('**/api/customer-billing-update-key', (route) =>
      route.fulfill({ status: 500, json: {} }),
    );
    await page.route('**/api/dev/card-processor/confirm-setup', (route) => {
      confirmed = true;
      return route.continue();
    });
    await page.goto('/settings?tab=billing');
    const card = page.getByRole('region', { name: 'Billing Information' });
    await card.getByRole('button', { name: 'Edit Billing' }).click();
    await fillCard(page, CARDS.success, 'Avery Admin');
    await card.getByRole('button', { name: 'Save Billing' }).click();
    await expect(
      page.getByText('Problem requesting payment update information.', { exact: true }),
    ).toBeVisible();
    expect(confirmed).toBe(false);
  });
});

test('plan: cancel → Reactivate and Delete appear; reactivate; then delete signs out and removes the data', async ({
  page,
  request,
  axe,
}) => {
  const org = await createThrowawayOrg(request, 'plan');
  await signInViaApi(page, org.admin.email, org.admin.password);
  await page.goto('/settings?tab=plan');
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  // The date shows once (the server's sentence spells it; the widget does not append it again).
  const message = plan.locator('[data-slot="plan-actions-message"]');
  await expect(message).toHaveText(
    /^Your (plan renews|trial ends) on [A-Z][a-z]+ \d+(st|nd|rd|th), \d{4}\.$/,
  );
  await expect(message.locator('time')).toHaveCount(1);
  await axe();

  // Cancel: the dialog's texts, 'Stay Subscribed' changes nothing.
  await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button', { name: 'Stay Subscribed' })).toBeVisible();
  await axe();
  await dialog.getByRole('button', { name: 'Stay Subscribed' }).click();
  await expect(dialog).toBeHidden();
  await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Cancellation' }).click();
  await expect(
    page.getByText('Subscription cancelled. Status may not immediately update.', { exact: true }),
  ).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Reactivate Subscription' })).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Delete Organization' })).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  // The canceled plan puts the billing banner on every page.
  await expect(page.getByText('Your account is currently inactive')).toBeVisible();
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page.getByText('No payment scheduled')).toBeVisible();

  await page.getByRole('tab', { name: 'Plan' }).click();
  await plan.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(
    page.getByText('Subscription reactivated. Status may not immediately update.', { exact: true }),
  ).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  await expect(page.getByText('Your account is currently inactive')).toHaveCount(0);

  // Cancel again, then delete the organization.
  await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Cancellation' }).click();
  await plan.getByRole('button', { name: 'Delete Organization' }).click();
  const del = page.getByRole('alertdialog');
  await expect(del.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await del.getByRole('button', { name: 'Yes, Delete Organization Data' }).click();
  await expect(page.getByText('Organization deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/look-up$/);

  // Its data is gone: the organization is unknown and its administrator cannot sign in.
  const lookup = await request.post('/api/orgs/lookup', { data: { slug: org.slug } });
  expect(lookup.status()).toBe(404);
  const login = await request.post('/api/login', {
    data: { email: org.admin.email, password: org.admin.password },
  });
  expect(login.ok()).toBe(false);
});

test('plan failures show their catalogued messages', async ({ page, request }) => {
  const org = await createThrowawayOrg(request, 'planfail');
  await signInViaApi(page, org.admin.email, org.admin.password);
  await page.route('**/api/cancel-plan', (route) => route.fulfill({ status: 500, json: {} }));
  await page.route('**/api/orgs', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: {} })
      : route.continue(),
  );
  await page.goto('/settings?tab=plan');
  const plan = page.getByRole('region', { name: 'Plan' });
  await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Cancellation' }).click();
  await expect(page.getByText('Failed to cancel subscriptions', { exact: true })).toBeVisible();
  await page.unroute('**/api/cancel-plan');
  await page.route('**/api/reactivate-plan', (route) => route.fulfill({ status: 500, json: {} }));
  await plan.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Cancellation' }).click();
  await plan.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(page.getByText('Failed to reactivate subscriptions', { exact: true })).toBeVisible();
  await plan.getByRole('button', { name: 'Delete Organization' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Yes, Delete Organization Data' })
    .click();
  await expect(page.getByText('Failed to delete organization', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/tab=plan/);
});

test('Newco signs in to the Welcome, begins the trial and its members are e-mailed', async ({
  page,
  request,
  axe,
}) => {
  await signIn(page, demo.noa.org, demo.noa.email);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${demo.noa.name}!` })).toBeVisible();
  await expect(page.getByText(/7-day, no-obligation trial/)).toBeVisible();
  await expect(page.getByText(/[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}/)).toBeVisible();
  await axe();
  const begin = page.getByRole('button', { name: 'Begin Trial' });
  await expect(page.getByRole('textbox', { name: 'Name on card' })).toHaveValue(demo.noa.name);
  await expect(begin).toBeDisabled();
  await fillCard(page, CARDS.success);
  await expect(begin).toBeEnabled();
  await begin.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The admin became the first member, and every member got the enrolment e-mail.
  await expect.poll(async () => (await latestMailTo(request, demo.noa.email)) !== null).toBe(true);
  // The session no longer carries "No payment method stored".
  await expect(page.getByText('Add a payment method to continue.')).toHaveCount(0);
  await page.goto('/settings?tab=plan');
  await expect(
    page.getByRole('region', { name: 'Plan' }).getByRole('button', { name: 'Cancel Subscription' }),
  ).toBeVisible();
});

test('the error page links update-billing to the plan tab and update-payment to billing', async ({
  page,
}) => {
  await signInViaApi(page, demo.ida.email);
  await page.goto('/error?type=update-billing');
  await page
    .getByRole('link', {
      name: 'Your subscription was canceled. Reactivate your subscription to continue.',
    })
    .click();
  await expect(page).toHaveURL(/\/settings\?tab=plan$/);
  await page.goto('/error?type=update-payment');
  await page.getByRole('link', { name: 'Add a payment method to continue.' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  // Initech's warning banner leads to billing too.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Go to Billing' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
});

test('no request goes to a Stripe host on /look-up, /login or /dashboard', async ({ page }) => {
  const stripe: string[] = [];
  page.on('request', (r: Request) => {
    if (/(^|\.)stripe\.(com|network)$/.test(new URL(r.url()).hostname)) stripe.push(r.url());
  });
  await page.goto('/look-up');
  await expect(page.getByRole('button', { name: 'Lookup' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await signInViaApi(page, demo.avery.email);
  await page.goto('/dashboard');
  await expect(page.getByRole('table')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(stripe).toEqual([]);

  // And statically: nothing the first load fetches (entry + preloads) knows Stripe's script host,
  // whether or not a Stripe key was built in.
  const html = await (await page.request.get('/look-up')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const code = await (await page.request.get(asset)).text();
    expect(code, asset).not.toContain('js.stripe.com');
  }
});
