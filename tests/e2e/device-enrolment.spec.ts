import { randomUUID } from 'node:crypto';
import { createThrowawayOrg, expect, latestMailTo, signInViaApi, test } from './fixtures';

/**
 * The device side end to end (docs/product/device-api.md): a member invited in the portal, the
 * code from their invitation e-mail in the development mailbox, a device enrolled with it through
 * the device API (as the mobile app: its code, then its credential, no session), a critical
 * finding reported, and the alerts console and the dashboard showing what it changed (after a
 * reload).
 */
test('a device enrols with the invitation code, reports a critical finding, the console shows it', async ({
  page,
  request,
  axe,
}) => {
  const org = await createThrowawayOrg(request, 'enrol');
  await signInViaApi(page, org.admin.email, org.admin.password);
  const member = { name: 'Devi Phone', email: `devi.phone.${Date.now()}@${org.slug}.test` };

  // Invited in the portal.
  await page.goto('/member-manual-upload');
  await expect(page.getByRole('heading', { name: 'Add Team Members: Manual' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Full Name' }).fill(member.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Organization' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Members' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Invitations' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The code from the invitation e-mail.
  await expect.poll(async () => (await latestMailTo(request, member.email)) !== null).toBe(true);
  const mail = await latestMailTo(request, member.email);
  const code = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/.exec(mail!.text)?.[0];
  expect(code, mail!.text).toBeTruthy();

  // The app enrols and reports.
  const enrol = await request.post('/api/device/v1/enroll', {
    data: {
      code,
      device: { model: 'Pixel 8a', platform: 'android', osVersion: '14', appVersion: '5.2.0' },
    },
  });
  expect(enrol.status(), await enrol.text()).toBe(201);
  const { credential, deviceCode } = (await enrol.json()) as {
    credential: string;
    deviceCode: string;
  };
  expect(deviceCode).toBe(code);
  const threat = `Banking trojan ${Date.now()}`;
  const scan = await request.post('/api/device/v1/scans', {
    headers: { authorization: `Bearer ${credential}` },
    data: {
      reportId: randomUUID(),
      scannedAt: new Date().toISOString(),
      osVersion: '14',
      screenLock: true,
      findings: [
        { threatId: 'trojan.banker.e2e', name: threat, severity: 'critical', category: 'malware' },
      ],
    },
  });
  expect(scan.status(), await scan.text()).toBe(202);

  // The open alerts console shows the new alert, with the member.
  await page.goto('/alerts-console?status=open&pageSize=100');
  const alert = page.getByRole('row').filter({ hasText: threat });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(member.name);
  await expect(alert).toContainText('Critical');
  await expect(alert).toContainText('Open');
  await axe();

  // The dashboard: the member's device is enrolled, a Pixel 8a, and critical.
  await page.goto(`/dashboard?q=${encodeURIComponent(member.email)}`);
  const device = page.getByRole('row').filter({ hasText: member.name });
  await expect(device).toContainText('Pixel 8a');
  await expect(device).toContainText('Critical');
  await expect(device).not.toContainText('Not Enrolled');
});
