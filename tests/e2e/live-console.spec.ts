import type { Page } from '@playwright/test';
import { createThrowawayOrg, expect, signInViaApi, test } from './fixtures';

/**
 * The live console (docs/decisions/052-live-console.md): with the alerts console open, an alert
 * opened on the server (the development route that goes through `openAlerts`, as a scan report
 * does) appears without a reload: as a row when nothing holds the list, as 'N new alerts' while
 * the administrator has a selection, which survives.
 */
const rows = (page: Page) =>
  page.getByRole('table', { name: 'Alert list' }).locator('tbody tr[data-slot="data-table-row"]');

async function openAlertOnServer(page: Page, alertName: string) {
  const response = await page.request.post('/api/dev/open-alert', {
    headers: { 'x-requested-with': 'portal' },
    data: { alertName, severity: 'Critical' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('live alerts console', () => {
  test('a new alert shows without a reload; with a selection it waits behind "N new alerts"', async ({
    page,
    axe,
  }) => {
    const org = await createThrowawayOrg(page.request, 'live');
    await signInViaApi(page, org.admin.email, org.admin.password);
    // The stream's answer (its headers) comes once the server listens for this organization.
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
    await page.goto('/alerts-console');
    expect((await stream).status()).toBe(200);
    await expect(rows(page).first()).toBeVisible();
    const before = await rows(page).count();

    // Nothing holds the list: the row appears in place.
    await openAlertOnServer(page, 'Live.Trojan.One');
    await expect(rows(page).filter({ hasText: 'Live.Trojan.One' })).toHaveCount(1, {
      timeout: 5000,
    });
    expect(await rows(page).count()).toBeGreaterThanOrEqual(Math.min(before + 1, 20));

    // A selection holds it: two new alerts are counted, not inserted under the pointer.
    const selectedRow = rows(page).nth(1);
    const selectedText = await selectedRow.innerText();
    await selectedRow.getByRole('checkbox').check();
    await openAlertOnServer(page, 'Live.Trojan.Two');
    await openAlertOnServer(page, 'Live.Trojan.Three');
    const waiting = page.getByRole('status').getByRole('button', { name: /new alerts?$/ });
    await expect(waiting).toHaveText(/2 new alerts/, { timeout: 5000 });
    await expect(rows(page).filter({ hasText: 'Live.Trojan.Two' })).toHaveCount(0);
    await axe();

    // Shown when asked: the rows arrive, the selection (kept by alert id) survives.
    await waiting.click();
    await expect(rows(page).filter({ hasText: 'Live.Trojan.Three' })).toHaveCount(1);
    await expect(page.getByRole('status').getByRole('button')).toHaveCount(0);
    const checked = rows(page).filter({ has: page.getByRole('checkbox', { checked: true }) });
    await expect(checked).toHaveCount(1);
    expect(await checked.innerText()).toBe(selectedText);
  });

  test('the dashboard refetches its page when devices change elsewhere, and says when', async ({
    page,
  }) => {
    const org = await createThrowawayOrg(page.request, 'livedash');
    await signInViaApi(page, org.admin.email, org.admin.password);
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
    await page.goto('/');
    expect((await stream).status()).toBe(200);
    const table = page.getByRole('table', { name: 'Devices' });
    await expect(table.locator('tbody tr[data-slot="data-table-row"]').first()).toBeVisible();
    await expect(page.getByText(/^Updated /)).toHaveCount(0);
    const list = await page.request.get('/api/orgs?page=1&pageSize=50');
    const code = ((await list.json()) as { devices: Array<{ code: string }> }).devices[0]!.code;
    await expect(table.getByText(code)).toHaveCount(1);

    // Another administrator (another tab) unenrolls a device.
    const gone = await page.request.post('/api/orgs/unenroll-devices', {
      headers: { 'x-requested-with': 'portal' },
      data: { codes: [code] },
    });
    expect(gone.ok()).toBe(true);
    await expect(table.getByText(code)).toHaveCount(0, { timeout: 5000 });
    await expect(page.getByText(/^Updated /)).toBeVisible();
  });
});
