import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { AUDIT_CSV_COLUMNS } from '../../contract/audit';
import { analyticsRecords, demo, expect, signIn, signInViaApi, test } from './fixtures';

/**
 * Settings › Activity against the real server (docs/product/settings.md, 'Activity'). Other specs
 * write to the same demo organizations at the same time, so each test finds its own events by a
 * filter that only they match (an alert's id, a unique name).
 */
const events = (page: Page) => page.locator('[data-slot="audit-event"]');

async function openActivity(page: Page, search = '') {
  await page.goto(`/settings?tab=activity${search}`);
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test.describe('activity (Acme)', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, demo.avery.email);
  });

  test('closing an alert shows in Activity with the administrator’s name', async ({
    page,
    axe,
  }) => {
    await page.goto('/alerts-console?status=open');
    const firstRow = page
      .getByRole('table', { name: 'Alert list' })
      .locator('tbody tr[data-slot="data-table-row"]')
      .first();
    await firstRow.getByRole('checkbox').check();
    await page.getByRole('combobox', { name: 'ACTION' }).selectOption({
      label: 'Set status to Closed',
    });
    const update = page.waitForRequest((r) => r.url().endsWith('/api/update-alerts'));
    await page.getByRole('button', { name: 'Update' }).click();
    const body = (await update).postDataJSON() as { alertIds: string[] };
    expect(body.alertIds).toHaveLength(1);
    const alertId = body.alertIds[0]!;
    await expect(page.getByText('Updated 1 alert(s)', { exact: true })).toBeVisible();

    // Through the tab's own controls: the action filter, then the search for this alert.
    await openActivity(page);
    await expect(events(page).first()).toBeVisible();
    await axe();
    await page.getByRole('button', { name: /^Actions/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Alerts closed' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/[?&]action=alert\.closed(&|$)/);
    await page.getByRole('searchbox', { name: 'Search targets' }).fill(alertId);
    await page.getByRole('searchbox', { name: 'Search targets' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${alertId}(&|$)`));

    const row = events(page).filter({ hasText: alertId });
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-slot="audit-actor"]')).toHaveText(demo.avery.name);
    await expect(row).toContainText('Alerts closed');
    await expect(row.locator('[data-slot="audit-outcome"]')).toHaveText('Success');

    // Its details: what the call did and where it came from.
    await row
      .getByRole('button', { name: `Details of Alerts closed by ${demo.avery.name}` })
      .click();
    const details = row.locator('[data-slot="audit-details"]');
    await expect(details).toBeVisible();
    await expect(details).toContainText('Closed');
    await expect(details).toContainText('IP address');
    await expect(details).toContainText('127.0.0.1');
    await axe();

    // The filters survive a reload (they are the address).
    await page.reload();
    await expect(events(page).filter({ hasText: alertId })).toHaveCount(1);
  });

  test('CSV export of a filter: only its rows, formulas neutralised', async ({ page }) => {
    const tag = `${Date.now()}`;
    const name = `=HYPERLINK("https://evil.test","x${tag}")`;
    const invited = await page.request.post('/api/orgs/add-admin', {
      data: { name, email: `csv.${tag}@acme.test` },
    });
    expect(invited.ok()).toBe(true);

    await openActivity(page, `&action=admin.invited&q=x${tag}`);
    await expect(events(page)).toHaveCount(1);
    await expect(events(page).locator('[data-slot="audit-target"]')).toHaveText(name);

    await page.getByRole('button', { name: 'Export' }).click();
    const csvLink = page.getByRole('menuitem', { name: 'CSV (spreadsheet)' });
    await expect(csvLink).toHaveAttribute('href', /[?&]action=admin\.invited(&|$)/);
    const jsonLinesHref = await page
      .getByRole('menuitem', { name: 'JSON lines' })
      .getAttribute('href');
    const download = page.waitForEvent('download');
    await csvLink.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-.*\.csv$/);
    expect(await analyticsRecords(page)).toContainEqual(
      expect.objectContaining({ kind: 'event', name: 'Export Activity' }),
    );
    const text = await readFile((await file.path())!, 'utf8');
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows[0]).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    const record = Object.fromEntries(AUDIT_CSV_COLUMNS.map((c, i) => [c, rows[1]![i]]));
    expect(record).toMatchObject({
      action: 'admin.invited',
      actor: demo.avery.name,
      outcome: 'success',
      // A spreadsheet reads this cell as text, not as a formula.
      target: `'${name}`,
    });

    // JSON lines of the same filter: the value as it is, one event per line.
    const jsonl = await page.request.get(jsonLinesHref!);
    expect(jsonl.ok()).toBe(true);
    const lines = (await jsonl.text()).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      action: 'admin.invited',
      target: { display: name },
    });
  });

  test('the retention setting: one year by default, saved, and on record', async ({ page }) => {
    await openActivity(page);
    const keep = page.getByRole('combobox', { name: 'Keep events for' });
    // Each run starts on a fresh database (playwright.config.ts), and no other spec changes it.
    await expect(keep).toHaveValue('ONE_YEAR');
    const next = 'NEVER';
    await keep.selectOption(next);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Successfully updated activity retention.', { exact: true }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Keep events for' })).toHaveValue(next);
    await openActivity(page, '&action=audit.retention_changed');
    await expect(events(page).first().locator('[data-slot="audit-actor"]')).toHaveText(
      demo.avery.name,
    );
  });
});

test('a sign-in with a wrong password shows as a failure', async ({ page, axe }) => {
  await signIn(page, demo.ida.org, demo.ida.email, 'Wrong-Password-1!');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await signInViaApi(page, demo.ida.email);
  await openActivity(page, '&outcome=failure&action=session.sign_in_failed');
  const row = events(page).first();
  await expect(row).toBeVisible();
  await expect(row.locator('[data-slot="audit-actor"]')).toHaveText(demo.ida.name);
  await expect(row.locator('[data-slot="audit-action"]')).toHaveText('Sign-in failed');
  await expect(row.locator('[data-slot="audit-outcome"]')).toHaveText('Failure');
  await expect(row).toContainText('Incorrect email or password.');
  await axe();
});
