import type { Page } from '@playwright/test';
import { SETTINGS_TABS } from '../../domain/settings';
import { demo, expect, signInViaApi, test } from './fixtures';

/**
 * Every route on a 390×844 phone (docs/decisions/041). A phone browser widens its layout viewport
 * to fit content wider than the device, so `innerWidth` alone proves nothing: the page's own
 * scroll width must fit as well.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
// Mobile emulation and an axe run per route: slower than the desktop tests on a loaded machine.
test.describe.configure({ timeout: 60_000 });

async function expectFitsPhone(page: Page) {
  // Fonts and lazy chunks settle first: widths measured mid-load would lie either way.
  await page.evaluate(() => document.fonts.ready);
  const { scrollWidth, innerWidth, offenders } = await page.evaluate(() => {
    const root = document.documentElement;
    // For the failure message: elements reaching past the device's width outside any region
    // that scrolls on its own.
    const scrolls = (el: Element | null): boolean => {
      for (let p = el?.parentElement; p && p !== document.body; p = p.parentElement) {
        const overflow = getComputedStyle(p).overflowX;
        if (overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden') return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > 391 && !scrolls(el))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, offenders: wide };
  });
  expect(scrollWidth, `page width on ${page.url()}: ${offenders.join(' | ')}`).toBeLessThanOrEqual(
    PHONE.width,
  );
  expect(innerWidth, `layout viewport on ${page.url()}`).toBeLessThanOrEqual(PHONE.width);
}

const signedOut: [string, string | RegExp][] = [
  ['/look-up', 'Find Your Organization'],
  ['/login?slug=acme', 'Account Sign In'],
  ['/password-reset', 'Password Recovery'],
  ['/update-password/not-a-real-token', 'Password Update'],
  ['/error?type=update-billing', 'An error has occurred'],
];

test.describe('phone 390×844, signed out', () => {
  for (const [path, heading] of signedOut) {
    test(`${path} fits`, async ({ page, axe }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expectFitsPhone(page);
      await axe();
    });
  }
});

const signedIn: [string, string | RegExp][] = [
  ['/dashboard', 'Dashboard'],
  ['/alerts-console', 'Alerts'],
  ['/members', 'Members'],
  ['/member-management', 'Add Members'],
  ['/member-upload', 'Add Team Members: CSV'],
  ['/member-manual-upload', 'Add Team Members: Manual'],
  ['/sso-selection', 'Choose Your SSO Provider'],
  ['/add-admin', /./],
  ['/resend-admin-invite', /./],
  ...SETTINGS_TABS.map((tab): [string, string] => [`/settings?tab=${tab}`, 'Settings']),
];

test.describe('phone 390×844, signed in (Acme)', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, demo.avery.email);
  });

  for (const [path, heading] of signedIn) {
    test(`${path} fits`, async ({ page, axe }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 }).first()).toBeVisible();
      // Each tab's data, each table's rows.
      await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
      await expectFitsPhone(page);
      await axe();
    });
  }

  test('the navigation sits behind a menu button and reaches every screen', async ({
    page,
    axe,
  }) => {
    await page.goto('/dashboard');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('link', { name: 'Settings' })).toBeHidden();
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign Out' })).toBeVisible();
    await expect(nav).toContainText(demo.avery.name);
    await expectFitsPhone(page);
    await axe();
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings/);
    // The menu closes on navigation.
    await expect(page.getByRole('link', { name: 'Sign Out' })).toBeHidden();
  });

  test('the device and alert tables scroll sideways in their region with the first column kept in view', async ({
    page,
  }) => {
    for (const [path, name, first] of [
      ['/dashboard', 'Devices', /Member/],
      ['/alerts-console', 'Alert list', /^Name/],
    ] as const) {
      await page.goto(path);
      const table = page.getByRole('table', { name });
      await expect(table.locator('tbody tr').first()).toBeVisible();
      const container = page.locator('[data-slot="data-table-container"]');
      const header = table.getByRole('columnheader', { name: first }).first();
      const before = await header.evaluate((th) => th.getBoundingClientRect().left);
      await container.evaluate((el) => el.scrollBy({ left: 400 }));
      expect(await container.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      // The first content column has not moved; its cells neither.
      await expect
        .poll(() => header.evaluate((th) => th.getBoundingClientRect().left))
        .toBe(before);
      const cellLeft = await table
        .locator('tbody tr')
        .first()
        .locator('td')
        .nth(1)
        .evaluate((td) => td.getBoundingClientRect().left);
      expect(cellLeft).toBe(before);
      await expectFitsPhone(page);
    }
  });

  test('a detail drawer fits the phone', async ({ page, axe }) => {
    const list = await (await page.request.get('/api/orgs?pageSize=5')).json();
    const code = (list.devices[0] as { code: string }).code;
    await page.goto(`/dashboard?device=${encodeURIComponent(code)}`);
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { name: 'Device', exact: true })).toBeVisible();
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    for (const button of await drawer.getByRole('button').all()) {
      const b = (await button.boundingBox())!;
      expect(b.x + b.width, await button.innerText()).toBeLessThanOrEqual(PHONE.width);
    }
    await expectFitsPhone(page);
    await axe();
  });

  test('the card field shows the whole card number', async ({ page }) => {
    await page.goto('/settings?tab=billing');
    await page.getByRole('button', { name: 'Edit Billing' }).click();
    const number = page.getByRole('textbox', { name: 'Card number' });
    await number.fill('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    // Nothing of the number is cut off: the input is as wide as its text.
    const { scrollWidth, clientWidth } = await number.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expect(page.getByRole('textbox', { name: /Expiration|MM/ }).first()).toBeVisible();
    await expectFitsPhone(page);
  });

  test('review and SSO setup fit, with their tables and fields', async ({ page }) => {
    await page.goto('/member-manual-upload');
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Maximilian Longname-Example');
    await page
      .getByRole('textbox', { name: 'Email' })
      .fill('maximilian.longname-example@a-very-long-domain.example');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Add to Organization' }).click();
    await expect(page.getByRole('heading', { name: 'Review Your Members' })).toBeVisible();
    // The address is not broken every few characters (a cell too narrow for a word).
    const cell = page.getByRole('cell', { name: /maximilian\.longname/ });
    const lines = await cell.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    await expectFitsPhone(page);

    await page.goto('/sso-selection');
    await page.getByRole('button', { name: 'okta', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Provide Your SSO Details' })).toBeVisible();
    // The Redirect URL to register with the provider: shown, read-only, copyable.
    const redirect = page.getByRole('textbox', { name: 'Redirect URL' });
    await expect(redirect).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api\/oauth\/callback/);
    await expect(redirect).toHaveAttribute('readonly');
    await expect(page.getByRole('button', { name: 'Copy Redirect URL' })).toBeVisible();
    await expectFitsPhone(page);
  });

  test('a dialog stays inside the screen', async ({ page, axe }) => {
    await page.goto('/settings?tab=plan');
    await page
      .getByRole('button', { name: /Cancel Subscription|Delete Organization/ })
      .first()
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    for (const button of await dialog.getByRole('button').all()) {
      const b = (await button.boundingBox())!;
      expect(b.x + b.width, await button.innerText()).toBeLessThanOrEqual(PHONE.width);
    }
    await expectFitsPhone(page);
    await axe();
  });
});
