import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';

export const DEMO_PASSWORD = 'Portal-Demo-1!';

export const demo = {
  avery: { name: 'Avery Admin', email: 'admin@acme.test', org: 'Acme' },
  blocked: { email: 'blocked@acme.test', org: 'Acme' },
  sam: { name: 'Sam Sso', email: 'sso.admin@globex.test', org: 'Globex' },
  ida: { name: 'Ida Admin', email: 'admin@initech.test', org: 'Initech' },
  noa: { name: 'Noa Owner', email: 'owner@newco.test', org: 'Newco' },
} as const;

interface AnalyticsRecord {
  kind: 'page' | 'event';
  path?: string;
  name?: string;
}

export const test = base.extend<{
  axe: (options?: { disableRules?: string[]; exclude?: string[] }) => Promise<void>;
}>({
  page: async ({ page }, use) => {
    // Record analytics in memory so tests can read what the portal reported.
    await page.addInitScript(() => {
      (
        window as unknown as { __PORTAL_ANALYTICS_RECORDER__: boolean }
      ).__PORTAL_ANALYTICS_RECORDER__ = true;
    });
    await use(page);
  },
  axe: async ({ page }, use) => {
    await use((options) => expectNoAxeViolations(page, options));
  },
});

export { expect };

export async function analyticsRecords(page: Page): Promise<AnalyticsRecord[]> {
  return page.evaluate(
    () => (window as unknown as { __portalAnalytics?: AnalyticsRecord[] }).__portalAnalytics ?? [],
  );
}

/** Lookup → Account Sign In → dashboard, through the screens. */
export async function signIn(page: Page, org: string, email: string, password = DEMO_PASSWORD) {
  await page.goto('/look-up');
  await page.getByRole('textbox', { name: 'Organization Name' }).fill(org);
  await page.getByRole('button', { name: 'Lookup' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in through the API (fast) and hands the session to the portal the way the sign-in screen
 * does, so a test can start on a signed-in page.
 */
export async function signInViaApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/login', { data: { email, password } });
  expect(response.ok(), `sign-in of ${email}`).toBe(true);
  const session = JSON.stringify(await response.json());
  await page.addInitScript((value) => localStorage.setItem('portal:session', value), session);
}

/** The newest e-mail sent to an address, from the development mailbox. */
export async function latestMailTo(request: APIRequestContext, to: string) {
  const response = await request.get('/api/dev/outbox');
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as {
    messages: { to: string; subject: string; text: string; sentAt: string }[];
  };
  return messages.find((m) => m.to === to) ?? null;
}

export function resetLinkIn(text: string): string {
  const match = /https?:\/\/\S+\/update-password\/[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`No reset link in: ${text}`);
  return match[0];
}

export interface ThrowawayOrg {
  orgId: number;
  name: string;
  slug: string;
  admin: { name: string; email: string; password: string };
}

/**
 * A fresh organization for a destructive test (cancel, delete…), made by the development-only
 * `POST /api/dev/orgs`: an administrator, a few members, devices and alerts, a card on file.
 */
export async function createThrowawayOrg(
  request: APIRequestContext,
  label: string,
): Promise<ThrowawayOrg> {
  const id = `${label}${Date.now()}${Math.floor(Math.random() * 1000)}`.toLowerCase();
  const admin = { name: 'Tess Throwaway', email: `tess@${id}.test`, password: DEMO_PASSWORD };
  const name = `Throwaway ${id}`;
  const response = await request.post('/api/dev/orgs', {
    data: {
      name,
      slug: id,
      adminName: admin.name,
      adminEmail: admin.email,
      password: admin.password,
    },
  });
  expect(response.ok(), `create org ${id}: ${await response.text()}`).toBe(true);
  const body = (await response.json()) as { orgId: number; slug: string };
  return { orgId: body.orgId, slug: body.slug, name, admin };
}
