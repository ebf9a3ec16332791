import type { Page } from '@playwright/test';
import { createThrowawayOrg, expect, signInViaApi, test } from './fixtures';

/**
 * Dark mode (docs/decisions/061-dark-mode.md) in the built portal under the server's CSP: the
 * pre-paint script chooses the theme before any of the app's code runs (so no page flashes light),
 * the user menu's choice is kept per administrator on the server and wins on the next sign-in in
 * another browser, and signed-in pages pass axe (contrast AA) in the dark theme.
 */

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

test.describe('dark mode', () => {
  test('the theme is on <html> before the app runs: the system setting, then the stored choice', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // The app's code never arrives: only index.html's inline script can set the class.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/look-up');
    expect(await isDark(page)).toBe(true);
    const background = await page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    expect(background).not.toBe('rgb(244, 246, 250)'); // the light page colour

    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await isDark(page)).toBe(false);

    // A stored choice beats the system's setting.
    await page.evaluate(() => localStorage.setItem('portal-theme', 'dark'));
    await page.reload();
    expect(await isDark(page)).toBe(true);
    await page.evaluate(() => localStorage.setItem('portal-theme', 'light'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await isDark(page)).toBe(false);
    // The script ran under the CSP (allowed by its hash), without a violation.
    expect(violations).toEqual([]);
  });

  test('the user menu’s choice is saved for the administrator and follows them to another browser', async ({
    page,
    browser,
    axe,
  }) => {
    // Its own administrator: the saved theme must not reach other tests' sign-ins.
    const org = await createThrowawayOrg(page.request, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await signInViaApi(page, org.admin.email);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await isDark(page)).toBe(false);

    await page.getByRole('button', { name: /Tess Throwaway/ }).click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/me/preferences') && r.request().method() === 'PATCH',
    );
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect((await saved).ok()).toBe(true);
    expect(await isDark(page)).toBe(true);
    await axe();

    // Another browser with a light system and nothing stored: the server's choice wins once
    // the preferences load.
    const other = await browser.newContext({ colorScheme: 'light' });
    const second = await other.newPage();
    await signInViaApi(second, org.admin.email);
    await second.goto('/dashboard');
    await expect.poll(() => isDark(second)).toBe(true);
    expect(await second.evaluate(() => localStorage.getItem('portal-theme'))).toBe('dark');

    // Back to System: the page follows the operating system's setting again.
    await second.getByRole('button', { name: /Tess Throwaway/ }).click();
    await second.getByRole('menuitemradio', { name: 'System' }).click();
    await expect.poll(() => isDark(second)).toBe(false);
    await second.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDark(second)).toBe(true);
    await other.close();
  });
});
