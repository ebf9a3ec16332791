import type { Page } from '@playwright/test';
import { demo, expect, signInViaApi, test } from './fixtures';

/**
 * The detail drawers (docs/decisions/059): a device opens from the dashboard by a click, by its
 * row's button with the keyboard and by its address; Escape and the close button close it and
 * focus goes back to the row; an unknown code says so in the drawer; an alert opens from the
 * console with its threats and history.
 */
const devices = (page: Page) => page.getByRole('table', { name: 'Devices' }).locator('tbody tr');
const alerts = (page: Page) => page.getByRole('table', { name: 'Alert list' }).locator('tbody tr');
const opener = (row: ReturnType<Page['locator']>) =>
  row.locator('[data-slot="data-table-open-row"]');

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, demo.avery.email);
});

test('a device row opens its drawer by a click; Escape closes it and focus returns to the row', async ({
  page,
  axe,
}) => {
  await page.goto('/dashboard');
  const row = devices(page).nth(2);
  // A loaded row (the skeleton rows have no id).
  await expect(row).toHaveAttribute('data-row-id', /.+/);
  const code = (await row.getAttribute('data-row-id'))!;
  // A click on the row (its code cell, not a control) opens the drawer, in the address.
  await row.locator('td').last().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]device=${encodeURIComponent(code)}`));
  await expect(drawer.getByText(code, { exact: true }).first()).toBeVisible();
  for (const section of ['Member', 'Device', 'OS history', 'Last scans']) {
    await expect(drawer.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect(drawer.getByRole('heading', { name: /^Open alerts \(\d+\)$/ })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Unenroll' })).toBeVisible();
  await axe();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/device=/);
  await expect(opener(row)).toBeFocused();
});

test('the keyboard: the row’s button opens it with Enter, the close button closes it; the checkbox only selects', async ({
  page,
}) => {
  await page.goto('/dashboard');
  const row = devices(page).first();
  await expect(row).toBeVisible();
  // Selecting a row does not open it.
  await row.getByRole('checkbox').check();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('1 selected')).toBeVisible();
  await opener(row).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(opener(row)).toBeFocused();
  // The selection survived the drawer.
  await expect(page.getByText('1 selected')).toBeVisible();
});

test('by its address: a device of the organization, and an unknown code says so in the drawer', async ({
  page,
}) => {
  const list = await (await page.request.get('/api/orgs?pageSize=5')).json();
  const device = list.devices[0] as { code: string };
  await page.goto(`/dashboard?device=${encodeURIComponent(device.code)}`);
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(device.code, { exact: true }).first()).toBeVisible();
  // The list loaded beside it (hidden from the accessibility tree while the drawer is modal).
  await expect(page.locator('[data-slot="data-table-row"]').first()).toBeAttached();
  await page.goto('/dashboard?device=NOPE-NOPE');
  await expect(drawer.getByRole('heading', { name: 'Device not found.' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Back to the list' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an alert row opens its drawer with its threats and status history', async ({ page, axe }) => {
  await page.goto('/alerts-console');
  const row = alerts(page).first();
  await expect(row).toHaveAttribute('data-row-id', /.+/);
  const id = (await row.getAttribute('data-row-id'))!;
  await row.locator('td').last().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]alert=${encodeURIComponent(id)}`));
  await expect(drawer.getByRole('heading', { name: 'Threats' })).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Status history' })).toBeVisible();
  await expect(drawer.getByText('Opened by a device scan')).toBeVisible();
  await axe();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener(row)).toBeFocused();
});
