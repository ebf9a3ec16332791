import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { DEVICE_CSV_COLUMNS } from '../../contract/devices';
import { demo, expect, signInViaApi, test } from './fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Devices' });
/** Body rows of the device table (the header row has no cells). */
const rows = (page: Page) => table(page).locator('tbody tr');

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, demo.avery.email);
});

test('the dashboard lists the devices with the notice, filters and paginator', async ({
  page,
  axe,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveTitle(/Dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Our New Portal is Live!')).toBeVisible();
  await expect(page.getByRole('link', { name: /Go To Portal/ })).toBeVisible();
  await expect(rows(page)).toHaveCount(50);
  // The total line: '1–50 of N devices'.
  await expect(page.getByText(/^1–50 of \d+ devices$/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  await expect(page.getByLabel('Rows per page:')).toHaveValue('50');
  await axe();
  // The notice can be dismissed, for good.
  await page.getByRole('button', { name: 'Dismiss the new portal notice' }).click();
  await expect(page.getByText('Our New Portal is Live!')).toHaveCount(0);
  await page.reload();
  await expect(rows(page)).toHaveCount(50);
  await expect(page.getByText('Our New Portal is Live!')).toHaveCount(0);
});

test('dense rows, the page scrolls under a sticky header: many rows visible at 1280×800', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard?pageSize=100');
  await expect(rows(page)).toHaveCount(100);
  // No inner scroll box: the table is as tall as its rows, the page scrolls.
  const container = page.locator('[data-slot="data-table-container"]');
  const box = await container.evaluate((el) => ({
    clips: el.scrollHeight > el.clientHeight + 1,
    overflowY: getComputedStyle(el).overflowY,
  }));
  expect(box).toEqual({ clips: false, overflowY: 'visible' });
  // Rows about 40 px high.
  const heights = await rows(page).evaluateAll((trs) =>
    trs.slice(0, 20).map((tr) => tr.getBoundingClientRect().height),
  );
  for (const height of heights) expect(height).toBeLessThanOrEqual(44);
  // The page has no horizontal scroll at 1280 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  // Scrolled down, the column headers stay at the top of the window.
  await page.mouse.wheel(0, 1500);
  await expect
    .poll(() =>
      page
        .getByRole('columnheader', { name: /Member/ })
        .evaluate((th) => th.getBoundingClientRect().top),
    )
    .toBe(0);
  // With the notice gone (it is remembered), at least fifteen rows fit in the window at once.
  await page.getByRole('button', { name: 'Dismiss the new portal notice' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() =>
    window.scrollTo(0, document.querySelector('thead')!.getBoundingClientRect().top),
  );
  const visible = await rows(page).evaluateAll(
    (trs) => trs.filter((tr) => tr.getBoundingClientRect().bottom <= innerHeight).length,
  );
  expect(visible).toBeGreaterThanOrEqual(15);
});

test('narrower than the columns (1024 px): the table scrolls sideways in its region, not the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/dashboard');
  await expect(rows(page)).toHaveCount(50);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  const container = page.locator('[data-slot="data-table-container"]');
  expect(await container.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

test('search by member name, e-mail or code: in the URL as q, on the server, removable', async ({
  page,
  axe,
}) => {
  await page.goto('/dashboard');
  await expect(rows(page)).toHaveCount(50);
  const search = page.getByRole('searchbox', { name: 'Search devices' });
  await search.fill('dana');
  await expect(page).toHaveURL(/[?&]q=dana(&|$)/);
  // The rows and the total line settle together (the previous page stays until the answer
  // arrives, and other tests' workers add members to the same organization meanwhile).
  await expect(async () => {
    const count = await rows(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(50);
    for (const text of await rows(page).allTextContents())
      expect(text.toLowerCase()).toContain('dana');
    await expect(page.getByText(new RegExp(`^1–${count} of ${count} devices$`))).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 10_000 });
  await axe();
  // A code, typed in lower case.
  const code = (await rows(page).first().locator('code').textContent()) as string;
  await search.fill(code.toLowerCase());
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(code);
  // The chip removes the search and empties the box.
  await page
    .getByRole('group', { name: 'Active filters' })
    .getByRole('button', { name: `Remove filter Search: ${code.toLowerCase()}` })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(search).toHaveValue('');
  await expect(rows(page)).toHaveCount(50);
  // Nothing found: the no-match state, whose Clear filters also clears the search.
  await page.goto('/dashboard?q=zzzz-no-such');
  await expect(page.getByText('No devices match these filters.')).toBeVisible();
  await table(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(rows(page)).toHaveCount(50);
});

test('active filters show as chips that remove themselves', async ({ page, axe }) => {
  await page.goto('/dashboard?severity=critical&severity=warning&enrolled=true');
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips.getByRole('button')).toHaveText([
    'Device enrolment: Enrolled',
    'Severity: Critical',
    'Severity: Fixes needed',
    'Clear all filters',
  ]);
  await axe();
  await chips.getByRole('button', { name: 'Remove filter Severity: Critical' }).click();
  await expect(page).toHaveURL(/[?&]severity=warning(&|$)/);
  await expect(page).toHaveURL(/[?&]enrolled=true(&|$)/);
  await chips.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(chips).toHaveCount(0);
});

test('filter by Critical: the URL carries it and every row is critical', async ({ page, axe }) => {
  await page.goto('/dashboard');
  await expect(rows(page)).toHaveCount(50);
  await page.getByRole('button', { name: /FILTERS/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Critical' }).click();
  await expect(page.getByText('Severity · 1 selected')).toBeVisible();
  // The open menu is portalled outside the landmarks, as popups are (best-practice rule 'region').
  await axe({ disableRules: ['region'] });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]severity=critical(&|$)/);
  const count = await rows(page).count();
  expect(count).toBeGreaterThan(0);
  await expect(rows(page).filter({ hasText: 'Critical' })).toHaveCount(count);
  await expect(rows(page).filter({ hasText: 'Fixes needed' })).toHaveCount(0);
  await expect(rows(page).filter({ hasText: 'Secure' })).toHaveCount(0);
});

test('Export CSV downloads every device of the filter, all pages, in the list order', async ({
  page,
}) => {
  await page.goto('/dashboard?severity=critical&severity=warning&sort=memberName');
  await expect(rows(page).first()).toBeVisible();
  const total = Number(
    (await page.getByText(/^1–\d+ of \d+ devices$/).textContent())!.match(/of (\d+)/)![1],
  );
  const firstCodes = await rows(page)
    .locator('td:last-child')
    .evaluateAll((cells) => cells.slice(0, 5).map((c) => c.textContent?.trim()));
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^devices-acme-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...records] = parse(await readFile((await file.path())!, 'utf8'), {
    bom: true,
  }) as string[][];
  expect(header).toEqual([...DEVICE_CSV_COLUMNS]);
  expect(records).toHaveLength(total);
  const severity = DEVICE_CSV_COLUMNS.indexOf('Severity');
  expect(new Set(records.map((r) => r[severity]))).toEqual(new Set(['Critical', 'Fixes needed']));
  const code = DEVICE_CSV_COLUMNS.indexOf('Device Code');
  expect(records.slice(0, 5).map((r) => r[code])).toEqual(firstCodes);
});

test('page 2 goes into the URL and the back button returns to page 1', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(rows(page)).toHaveCount(50);
  const firstOnPage1 = await rows(page).first().textContent();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(rows(page).first()).not.toHaveText(firstOnPage1 ?? '');
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(rows(page).first()).toHaveText(firstOnPage1 ?? '');
});

test('rows per page 100 shows 100 rows', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByLabel('Rows per page:').selectOption('100');
  await expect(page).toHaveURL(/[?&]pageSize=100(&|$)/);
  await expect(rows(page)).toHaveCount(100);
});

test('a page number with a leading zero means page 1', async ({ page }) => {
  await page.goto('/dashboard?page=007&pageSize=500&bogus=1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(rows(page)).toHaveCount(50);
});

test('a page beyond the end goes back to page 1', async ({ page }) => {
  await page.goto('/dashboard?page=40');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(rows(page)).toHaveCount(50);
});

test('sorting by a column header puts sort and order in the URL', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(rows(page)).toHaveCount(50);
  await page.getByRole('button', { name: 'Device Code' }).click();
  await expect(page).toHaveURL(/sort=code&order=asc/);
  const header = page.getByRole('columnheader', { name: /Device Code/ });
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const codes = await rows(page).locator('code').allTextContents();
  expect(codes).toEqual([...codes].sort());
});

test('unenroll two devices: after confirming they are gone, also after a reload', async ({
  page,
  axe,
}) => {
  await page.goto('/dashboard?sort=code&order=desc');
  await expect(rows(page)).toHaveCount(50);
  const chosen = (await rows(page).locator('code').allTextContents()).slice(0, 2);
  for (const code of chosen) {
    await rows(page).filter({ hasText: code }).getByRole('checkbox').check();
  }
  // The bulk bar appears with the selection: '2 selected · Unenroll · Clear'.
  const bulk = page.getByRole('group', { name: 'Selected devices' });
  await expect(bulk).toContainText('2 selected');
  await bulk.getByRole('button', { name: 'Unenroll' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Unenroll 2 device(s)?');
  await axe();
  await dialog.getByRole('button', { name: 'Unenroll' }).click();
  await expect(page.getByText('Unenrolled 2 device(s)', { exact: true })).toBeVisible();
  for (const code of chosen)
    await expect(table(page).getByText(code, { exact: true })).toHaveCount(0);

  await page.reload();
  await expect(rows(page)).toHaveCount(50);
  for (const code of chosen)
    await expect(table(page).getByText(code, { exact: true })).toHaveCount(0);
});

test('a failing unenroll changes nothing and says so', async ({ page }) => {
  await page.route('**/api/orgs/unenroll-devices', (route) =>
    route.fulfill({ status: 500, json: { error: 'Internal server error' } }),
  );
  await page.goto('/dashboard');
  await expect(rows(page)).toHaveCount(50);
  const code = (await rows(page).first().locator('code').textContent()) ?? '';
  await rows(page).first().getByRole('checkbox').check();
  await page
    .getByRole('group', { name: 'Selected devices' })
    .getByRole('button', { name: 'Unenroll' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unenroll' }).click();
  await expect(
    page.getByText('Failed to unenroll devices. Please try again', { exact: true }),
  ).toBeVisible();
  await expect(table(page).getByText(code, { exact: true })).toHaveCount(1);
});

test('a server error on the list says so', async ({ page, axe }) => {
  await page.route(/\/api\/orgs(\?|$)/, (route) =>
    route.fulfill({ status: 500, json: { error: 'Internal server error' } }),
  );
  await page.goto('/dashboard');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to get dashboard rows' }).first(),
  ).toBeVisible();
  await expect(
    page.getByText('Failed to get dashboard rows', { exact: true }).first(),
  ).toBeVisible();
  await axe();
  // Retry fetches the page again: the rows replace the error.
  await page.unroute(/\/api\/orgs(\?|$)/);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(rows(page)).toHaveCount(50);
});

test('filters matching nothing say so and offer Clear filters', async ({ page, axe }) => {
  await page.route(/\/api\/orgs(\?|$)/, (route) =>
    route.fulfill({ json: { devices: [], totalPages: 0 } }),
  );
  await page.goto('/dashboard?severity=critical&enrolled=false');
  await expect(page.getByText('No devices match these filters.')).toBeVisible();
  await axe();
  await page.unroute(/\/api\/orgs(\?|$)/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(rows(page)).toHaveCount(50);
});

test('no waterfall: the list request starts while the dashboard code is still loading; one session call; rows on the first render', async ({
  page,
}) => {
  // Whether the table ever showed its loading skeleton (it must not: the rows were there first).
  await page.addInitScript(() => {
    const w = window as unknown as { __skeletonSeen: boolean };
    w.__skeletonSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-slot="data-table-skeleton-row"]')) w.__skeletonSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  // Slow the dashboard's code down: a data request that waited for it would start after it. (2 s:
  // the list also waits for the session's answer, by design, which a loaded machine can slow.)
  await page.route(/\/assets\/dashboard-screen-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  let sessionCalls = 0;
  let firstPageCalls = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/orgs' && (url.searchParams.get('page') ?? '1') === '1') {
      firstPageCalls += 1;
    }
    if (url.pathname === '/api/session') sessionCalls += 1;
  });
  await page.goto('/dashboard');
  await expect(rows(page).first()).toBeVisible();
  // When each happened, by the browser's own clock (Resource Timing): the test process receives
  // Playwright's request events late, and sometimes together, when the machine is busy.
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const list = entries.find((e) => {
      const url = new URL(e.name);
      return url.pathname === '/api/orgs' && (url.searchParams.get('page') ?? '1') === '1';
    });
    const code = entries.find((e) => /\/assets\/dashboard-screen-[\w-]+\.js$/.test(e.name));
    return { listStart: list?.startTime, codeEnd: code?.responseEnd };
  });
  expect(timing.listStart, 'the list request was made').toBeDefined();
  expect(timing.codeEnd, 'the dashboard code loaded').toBeDefined();
  expect(timing.listStart!).toBeLessThan(timing.codeEnd!);
  // The prefetched answer was used (one request for page 1), and the session was asked once.
  expect(firstPageCalls).toBe(1);
  expect(sessionCalls).toBe(1);
  // The answer arrived before the code, so the screen's first render already had its rows.
  expect(
    await page.evaluate(() => (window as unknown as { __skeletonSeen: boolean }).__skeletonSeen),
  ).toBe(false);
});
