import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { createThrowawayOrg, expect, latestMailTo, signInViaApi, test } from './fixtures';

/**
 * An alert's life through a real enrolled device, watched live (docs/decisions/052-live-console.md,
 * docs/decisions/057-alert-emails-and-severity.md): a member invited in the portal enrols a device
 * with the code from the invitation e-mail (device API, as the mobile app), the alerts console and
 * the dashboard are open in two tabs, a scan report with a critical finding arrives and both show
 * it WITHOUT a reload (the new row or 'N new alerts'; the device turning 'Critical'), the
 * administrators get the threat alert e-mail; then the alert is closed in the console and the
 * dashboard's device goes back to 'Secure', again without a reload.
 */
const alertRows = (page: Page) =>
  page.getByRole('table', { name: 'Alert list' }).locator('tbody tr[data-slot="data-table-row"]');

async function openWithStream(page: Page, url: string) {
  // The stream's answer (its headers) comes once the server listens for this organization.
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
  await page.goto(url);
  expect((await stream).status()).toBe(200);
}

async function report(
  request: APIRequestContext,
  credential: string,
  findings: Array<{ threatId: string; name: string; severity: string; category: string }>,
) {
  const scan = await request.post('/api/device/v1/scans', {
    headers: { authorization: `Bearer ${credential}` },
    data: {
      reportId: randomUUID(),
      scannedAt: new Date().toISOString(),
      osVersion: '14',
      screenLock: true,
      findings,
    },
  });
  expect(scan.status(), await scan.text()).toBe(202);
}

test('a real device reports a critical finding: console and dashboard update live, closing it makes the device secure again', async ({
  page,
  context,
  request,
  axe,
}) => {
  const org = await createThrowawayOrg(request, 'lifecycle');
  await signInViaApi(page, org.admin.email, org.admin.password);
  const member = { name: 'Lia Live', email: `lia.live.${Date.now()}@${org.slug}.test` };

  // Invited in the portal.
  await page.goto('/member-manual-upload');
  await page.getByRole('textbox', { name: 'Full Name' }).fill(member.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Organization' }).click();
  await page.getByRole('button', { name: 'Send Invitations' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The code from the invitation e-mail, and the device enrols with it (no session, no cookie).
  await expect.poll(async () => (await latestMailTo(request, member.email)) !== null).toBe(true);
  const invitation = await latestMailTo(request, member.email);
  const code = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/.exec(invitation!.text)?.[0];
  expect(code, invitation!.text).toBeTruthy();
  const enrol = await request.post('/api/device/v1/enroll', {
    data: {
      code,
      device: { model: 'Pixel 8a', platform: 'android', osVersion: '14', appVersion: '5.2.0' },
    },
  });
  expect(enrol.status(), await enrol.text()).toBe(201);
  const { credential } = (await enrol.json()) as { credential: string };
  // A first, clean scan: the device is secure.
  await report(request, credential, []);

  // Two tabs: the dashboard filtered to the member, the open alerts console.
  const dashboard = await context.newPage();
  await openWithStream(dashboard, `/dashboard?q=${encodeURIComponent(member.email)}`);
  const deviceRow = dashboard.getByRole('row').filter({ hasText: member.name });
  await expect(deviceRow).toContainText('Pixel 8a');
  await expect(deviceRow).toContainText('Secure');
  await openWithStream(page, '/alerts-console?status=open&pageSize=100');
  await expect(page.getByRole('table', { name: 'Alert list' })).toBeVisible();

  // The report with a critical finding arrives.
  const threat = `Banking trojan ${Date.now()}`;
  await report(request, credential, [
    { threatId: 'trojan.banker.life', name: threat, severity: 'critical', category: 'malware' },
  ]);

  // The console shows it without a reload: the row in place, or 'N new alerts' to press.
  const alert = alertRows(page).filter({ hasText: threat });
  const waiting = page.getByRole('status').getByRole('button', { name: /new alerts?$/ });
  await expect(alert.or(waiting)).toBeVisible({ timeout: 5000 });
  if (await waiting.isVisible()) await waiting.click();
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText(member.name);
  await expect(alert).toContainText('Critical');
  await axe();
  // The dashboard's device turned critical, also without a reload.
  await expect(deviceRow).toContainText('Critical', { timeout: 5000 });

  // The administrator's threat alert e-mail (development mailbox), naming device and member.
  await expect
    .poll(async () => (await latestMailTo(request, org.admin.email))?.subject ?? '')
    .toBe(`Threat alert: 1 new alert on Pixel 8a (${member.name})`);
  const alertMail = await latestMailTo(request, org.admin.email);
  expect(alertMail!.text).toContain(`${threat} (Critical)`);
  expect(alertMail!.text).toContain('/alerts-console?status=open');
  expect(alertMail!.text).not.toContain(code!);

  // Closed in the console: the device goes back to secure on the open dashboard.
  await alert.getByRole('checkbox').check();
  await page
    .getByRole('combobox', { name: 'ACTION' })
    .selectOption({ label: 'Set status to Closed' });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Updated 1 alert(s)', { exact: true })).toBeVisible();
  await expect(deviceRow).toContainText('Secure', { timeout: 5000 });
  await expect(deviceRow).not.toContainText('Critical');
  await dashboard.bringToFront();
  await expectNoAxeViolations(dashboard);
});
