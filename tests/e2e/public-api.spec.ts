import { demo, expect, signInViaApi, test } from './fixtures';

/**
 * The public API (docs/decisions/054-public-api.md) end to end: a key generated in Settings ›
 * Integrations lists Acme's devices over HTTP with `Authorization: Bearer`, and the reference
 * page the card links to renders the OpenAPI document offline, accessibly, within the CSP.
 */
test.describe('public API', () => {
  test('a key from the Integrations tab lists Acme’s devices; /api/docs shows the reference', async ({
    page,
    playwright,
    axe,
    baseURL,
  }) => {
    await signInViaApi(page, demo.avery.email);
    await page.goto('/settings?tab=integrations');
    const card = page.getByRole('region', { name: 'API settings' });
    const reference = card.getByRole('link', { name: /API reference/ });
    await expect(reference).toHaveAttribute('href', '/api/docs');
    const generate = card.getByRole('button', { name: /^(Generate|Re-generate API Key)$/ });
    const label = await generate.innerText();
    await generate.click();
    if (label.startsWith('Re-generate')) {
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: 'Re-generate API Key' })
        .click();
    }
    await expect(page.getByText('Successfully generated API key.', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Show API key' }).click();
    const group = card.getByRole('group', { name: 'API key' });
    await expect(group).toHaveAttribute('data-state', 'revealed');
    const key = (await group.locator('[data-slot="masked-secret-value"]').innerText()).trim();
    expect(key).toMatch(/^mdsk_[A-Za-z0-9_-]{43}$/);

    // A client of its own: no cookie, no CSRF header, only the key (as curl would).
    const client = await playwright.request.newContext({ baseURL });
    try {
      const res = await client.get('/api/v1/devices?limit=5', {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(res.status(), await res.text()).toBe(200);
      expect(res.headers()['ratelimit-limit']).toBe('600');
      const body = (await res.json()) as { devices: Array<{ code: string }>; next: string | null };
      expect(body.devices).toHaveLength(5);
      expect(body.next).toBeTruthy();
      expect(res.headers()['link']).toContain('rel="next"');
      const anonymous = await client.get('/api/v1/devices');
      expect(anonymous.status()).toBe(401);
      expect(anonymous.headers()['content-type']).toMatch(/^application\/problem\+json/);
    } finally {
      await client.dispose();
    }

    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    await page.goto('/api/docs');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Admin Portal API reference' }),
    ).toBeVisible();
    await expect(page.getByText('List devices').first()).toBeVisible();
    await expect(page.getByText('/devices/unenroll').first()).toBeVisible();
    expect(violations).toEqual([]);
    await axe();
  });
});
