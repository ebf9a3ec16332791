import type { Page } from '@playwright/test';
import { createThrowawayOrg, expect, signInViaApi, test } from './fixtures';

/*
 * The column chooser (docs/decisions/060-column-chooser-and-command-palette.md): a layout is kept
 * per administrator on the server, so it survives a reload and reaches another browser; Reset to
 * default brings the default back. A throw-away organization, so no other test sees its layout.
 */

const headers = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? '').filter(Boolean));

test('hide a column and move one: still so after a reload and in a new browser; reset', async ({
  page,
  browser,
  request,
  axe,
}) => {
  const org = await createThrowawayOrg(request, 'columns');
  await signInViaApi(page, org.admin.email, org.admin.password);
  await page.goto('/dashboard');
  await expect(
    page.getByRole('table', { name: 'Devices' }).locator('tbody tr').first(),
  ).toBeVisible();
  const defaults = await headers(page, 'Devices');
  expect(defaults).toEqual([
    'Member',
    'Device',
    'OS Version',
    'Enrolment',
    'Severity',
    'Last Scan',
    'Device Code',
  ]);

  // With the keyboard: open the chooser, hide Device, move Device Code up.
  const trigger = page.getByRole('button', { name: 'Columns 7/7 shown' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const chooser = page.getByRole('dialog', { name: 'Device table columns' });
  await expect(chooser).toBeVisible();
  await axe();
  await expect(chooser.getByRole('checkbox', { name: /Member/ })).toBeDisabled();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
  );
  await chooser.getByRole('checkbox', { name: 'Device', exact: true }).press('Space');
  expect((await saved).status()).toBe(200);
  const moved = page.waitForResponse(
    (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
  );
  await chooser.getByRole('button', { name: 'Move Device Code up' }).press('Enter');
  expect((await moved).status()).toBe(200);
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  const arranged = ['Member', 'OS Version', 'Enrolment', 'Severity', 'Device Code', 'Last Scan'];
  await expect.poll(() => headers(page, 'Devices')).toEqual(arranged);

  // A reload: the layout comes from the server.
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Devices' }).locator('tbody tr').first(),
  ).toBeVisible();
  await expect.poll(() => headers(page, 'Devices')).toEqual(arranged);
  await expect(page.getByRole('button', { name: 'Columns 6/7 shown' })).toBeVisible();

  // Another browser (no local storage, a new session): the same layout.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInViaApi(second, org.admin.email, org.admin.password);
  await second.goto('/dashboard');
  await expect.poll(() => headers(second, 'Devices')).toEqual(arranged);
  await other.close();

  // Reset to default.
  await page.getByRole('button', { name: 'Columns 6/7 shown' }).click();
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect.poll(() => headers(page, 'Devices')).toEqual(defaults);
  await page.keyboard.press('Escape');
  await page.reload();
  await expect.poll(() => headers(page, 'Devices')).toEqual(defaults);
});

test('the alerts table has its own layout; its Name column cannot be hidden', async ({
  page,
  request,
}) => {
  const org = await createThrowawayOrg(request, 'alertcolumns');
  await signInViaApi(page, org.admin.email, org.admin.password);
  await page.goto('/alerts-console');
  await expect(page.getByRole('table', { name: 'Alert list' })).toBeVisible();
  await page.getByRole('button', { name: /^Columns/ }).click();
  const chooser = page.getByRole('dialog', { name: 'Alert table columns' });
  await expect(chooser.getByRole('checkbox', { name: /Name/ })).toBeDisabled();
  await chooser.getByRole('checkbox', { name: 'Status' }).uncheck();
  await page.keyboard.press('Escape');
  await expect.poll(() => headers(page, 'Alert list')).not.toContain('Status');
  await page.reload();
  await expect
    .poll(() => headers(page, 'Alert list'))
    .toEqual(['Name', 'Severity', 'Device', 'Scan Time']);
  // The device table kept its default.
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Columns 7/7 shown' })).toBeVisible();
});
