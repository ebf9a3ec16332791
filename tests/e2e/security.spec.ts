import type { Page } from '@playwright/test';
import { demo, expect, signInViaApi, test } from './fixtures';

/**
 * Security hardening (decision 010) in the browser: the built portal runs under the server's
 * Content-Security-Policy without a single violation (scripts, the dialogs' scroll lock, the e-mail
 * preview frame, the development identity provider's page), and the documents carry the security
 * headers.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation of every document the page loads (and Chrome's console reports). */
async function watchCsp(page: Page): Promise<string[]> {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (
      /Content Security Policy|Refused to (load|apply|execute|evaluate|frame|connect)/i.test(
        message.text(),
      )
    ) {
      reports.push(message.text());
    }
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
  return reports;
}

async function violationsIn(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

test.describe('Content-Security-Policy', () => {
  test('the portal’s documents carry the security headers', async ({ page }) => {
    const response = await page.goto('/look-up');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    // Served over http here: no HSTS.
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  test('screens, a dialog and the e-mail preview run without a violation', async ({ page }) => {
    const fromConsole = await watchCsp(page);
    await signInViaApi(page, demo.avery.email);
    const seen: string[] = [];
    for (const path of [
      '/dashboard',
      '/alerts-console',
      '/member-upload',
      '/settings?tab=integrations',
      '/settings?tab=billing',
      '/settings?tab=notifications',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      seen.push(...(await violationsIn(page)).map((v) => `${path}: ${v}`));
    }
    // A Radix dialog (its scroll lock inserts a <style>) around the preview frame (srcdoc with
    // its own <style>): both need the policy's inline styles, nothing else.
    await page
      .getByRole('region', { name: 'Email settings' })
      .getByRole('button', { name: 'Customise email' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Customise email' });
    await expect(dialog.locator('iframe[title="Email preview"]')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Email Body' }).fill('Hello <b>team</b>');
    await page.waitForTimeout(500);
    seen.push(...(await violationsIn(page)).map((v) => `dialog: ${v}`));
    expect([...seen, ...fromConsole]).toEqual([]);
  });

  test('the development OpenID Provider’s page: styled by nonce, its form posts', async ({
    page,
  }) => {
    const fromConsole = await watchCsp(page);
    const response = await page.goto('/api/oauth/login?slug=globex');
    expect(response!.headers()['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'nonce-[^']+'; form-action 'self'/,
    );
    // The nonce'd <style> applied (the Cancel button's border colour comes from it).
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCSS(
      'border-top-color',
      'rgb(138, 147, 166)',
    );
    expect(await violationsIn(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/error\?type=oauth-access-denied$/);
    expect(fromConsole).toEqual([]);
  });
});
