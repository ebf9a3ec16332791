import type { Page } from '@playwright/test';
import { demo, expect, signInViaApi, test } from './fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Alert list' });
const rows = (page: Page) => table(page).locator('tbody tr[data-slot="data-table-row"]');
/** What identifies an alert row for a person: its device/member cell and scan time. */
async function rowKey(page: Page, index: number) {
  const cells = rows(page).nth(index).locator('td');
  return `${await cells.nth(4).innerText()}|${await cells.nth(5).innerText()}`;
}

test.describe('alerts console (Acme)', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, demo.avery.email);
  });

  test('filter Open, close two, find them under Closed alerts after a reload', async ({
    page,
    axe,
  }) => {
    await page.goto('/alerts-console');
    await expect(page).toHaveTitle(/Alerts$/);
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    const action = page.getByRole('combobox', { name: 'ACTION' });
    await expect(action).toBeDisabled();
    await expect(action.locator('option:checked')).toHaveText('Select alert to enable options');
    await expect(rows(page).first()).toBeVisible();
    await axe();

    await page.getByRole('button', { name: /FILTERS/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Open alerts' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/[?&]status=open(&|$)/);
    await expect(rows(page).first()).toContainText('Open');
    await expect(rows(page).filter({ hasText: 'Closed' })).toHaveCount(0);

    const keys = [await rowKey(page, 0), await rowKey(page, 1)];
    await rows(page).nth(0).getByRole('checkbox').check();
    await rows(page).nth(1).getByRole('checkbox').check();
    await expect(action).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await action.selectOption({ label: 'Set status to Closed' });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Updated 2 alert(s)', { exact: true })).toBeVisible();
    await expect(action.locator('option:checked')).toHaveText('Select alert to enable options');

    await page.goto('/alerts-console?status=closed&pageSize=100');
    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    const closed = await Promise.all(
      Array.from({ length: await rows(page).count() }, (_, i) => rowKey(page, i)),
    );
    for (const key of keys) expect(closed).toContain(key);
  });

  test('closing alerts that are all closed already: the message and no request', async ({
    page,
  }) => {
    await page.goto('/alerts-console?status=closed');
    await expect(rows(page).first()).toBeVisible();
    let updates = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/update-alerts')) updates++;
    });
    await rows(page).nth(0).getByRole('checkbox').check();
    await page
      .getByRole('combobox', { name: 'ACTION' })
      .selectOption({ label: 'Set status to Closed' });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Alert already closed', { exact: true })).toBeVisible();
    expect(updates).toBe(0);
  });

  test('an update that fails says so and changes nothing', async ({ page }) => {
    await page.route('**/api/update-alerts', (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto('/alerts-console?status=open');
    await expect(rows(page).first()).toBeVisible();
    const key = await rowKey(page, 0);
    await rows(page).nth(0).getByRole('checkbox').check();
    await page
      .getByRole('combobox', { name: 'ACTION' })
      .selectOption({ label: 'Set status to Closed' });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(
      page.getByText('Failed to update alert(s). Please try again', { exact: true }),
    ).toBeVisible();
    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    expect(await rowKey(page, 0)).toBe(key);
  });

  test('an unknown status in the URL means no filter; a description reads as a list of threats', async ({
    page,
  }) => {
    await page.goto('/alerts-console?status=bogus');
    await expect(page).toHaveURL(/\/alerts-console$/);
    await expect(rows(page).first()).toBeVisible();
    const severityHeader = page.getByRole('columnheader', { name: /Severity/ });
    const before = (await severityHeader.boundingBox())!;
    await rows(page).first().locator('summary').click();
    await expect(rows(page).first().locator('details')).toHaveAttribute('open', '');
    // Fixed column widths: expanding an alert does not move the columns.
    const after = (await severityHeader.boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(after.width - before.width)).toBeLessThanOrEqual(1);
  });

  test('a failing list shows an empty table and the message', async ({ page }) => {
    await page.route(/\/api\/alerts(\?|$)/, (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto('/alerts-console');
    await expect(page.getByText('Failed to get alerts', { exact: true }).first()).toBeVisible();
  });
});

test('Newco has no alerts: the empty state leads to the device scans', async ({ page, axe }) => {
  await signInViaApi(page, demo.noa.email);
  await page.goto('/alerts-console');
  await expect(page.getByText('No alerts found for your organization!')).toBeVisible();
  await expect(
    page.getByText('Any detections made by our threat hunting tools will be shown here'),
  ).toBeVisible();
  await axe();
  await page.getByRole('link', { name: 'View device scans' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
