import type { APIRequestContext } from '@playwright/test';
import { demo, expect, signInViaApi, test } from './fixtures';

async function mailsTo(request: APIRequestContext, to: string) {
  const response = await request.get('/api/dev/outbox');
  const { messages } = (await response.json()) as { messages: { to: string }[] };
  return messages.filter((m) => m.to === to).length;
}

test.describe('settings (Acme)', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, demo.avery.email);
  });

  test('tabs: admin by default, switching replaces the URL', async ({ page, axe }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Administrators' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Threat Hunter' })).toBeVisible();
    await axe();
    await page.getByRole('tab', { name: 'SCIM' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=scim$/);
    await page.getByRole('tab', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=billing$/);
    await expect(page.getByRole('region', { name: 'Billing Information' })).toBeVisible();
  });

  test('add an administrator: toast, listed as pending, no Resend within 24 hours', async ({
    page,
    axe,
  }) => {
    const email = `new.admin.${Date.now()}@acme.test`;
    await page.goto('/settings?tab=admin');
    await expect(page.getByRole('heading', { name: 'Administrators' })).toBeVisible();
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await expect(add).toBeDisabled();
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Nova Admin');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await expect(add).toBeEnabled();
    await add.click();
    await expect(
      page.getByText(`${email} has been invited as an administrator.`, { exact: true }),
    ).toBeVisible();
    const row = page.getByRole('main').getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Invite pending');
    await expect(row).toContainText('Invite was sent');
    await expect(row.getByRole('button', { name: 'Resend' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
    await axe();
  });

  test('adding an existing administrator says the address is already one; the form keeps it', async ({
    page,
  }) => {
    await page.goto('/settings?tab=admin');
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Avery Again');
    await page.getByRole('textbox', { name: 'Email' }).fill(demo.avery.email);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      page.getByText(
        'Failed to add admin. This e-mail address already belongs to an administrator. Each address can administer one organization.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(demo.avery.email);
  });

  test('a three-day-old invite offers Resend, and resending e-mails the admin', async ({
    page,
    request,
  }) => {
    await page.goto('/settings?tab=admin');
    const stale = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: 'theo.stale@acme.test' });
    const recent = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: 'priya.pending@acme.test' });
    await expect(recent).toContainText('Invite was sent 2 hours ago');
    const before = await mailsTo(request, 'theo.stale@acme.test');
    await stale.getByRole('button', { name: 'Resend' }).click();
    await expect(
      page.getByText('Email has been sent to theo.stale@acme.test', { exact: true }),
    ).toBeVisible();
    await expect.poll(() => mailsTo(request, 'theo.stale@acme.test')).toBe(before + 1);
    await expect(stale.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  });

  test('SCIM: enable shows the URL and the header at once; reveal, copy, disable with confirmation', async ({
    page,
    context,
    axe,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/settings?tab=scim');
    await page.getByRole('button', { name: 'Enable SCIM' }).click();
    await expect(
      page.getByText('Successfully updated SCIM configuration', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'SCIM URL' })).toHaveValue(/scim/);
    const hide = page.getByRole('button', { name: /Hide Authorization header/ });
    await expect(hide).toBeVisible();
    await expect(page.getByText(/^Bearer /)).toBeVisible();
    await axe();
    await hide.click();
    await expect(page.getByText(/^Bearer /)).toHaveCount(0);
    await page.getByRole('button', { name: /Show Authorization header/ }).click();
    await page.getByRole('button', { name: /Copy Authorization header/ }).click();
    await expect(page.getByText('Copied').first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Bearer /);

    // After a reload the header is masked by default.
    await page.reload();
    await expect(page.getByRole('button', { name: /Show Authorization header/ })).toBeVisible();
    await expect(page.getByText(/^Bearer /)).toHaveCount(0);

    await page.getByRole('button', { name: 'Disable SCIM' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('all current members retained');
    await dialog.getByRole('button', { name: 'Disable SCIM' }).click();
    await expect(page.getByRole('button', { name: 'Enable SCIM' })).toBeVisible();
  });

  test('MDM: enable shows the masked token; disable with confirmation', async ({ page }) => {
    await page.goto('/settings?tab=mdm');
    await page.getByRole('button', { name: 'Enable MDM' }).click();
    await expect(
      page.getByText('Successfully updated MDM configuration', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Show MDM token/ })).toBeVisible();
    await page.getByRole('button', { name: 'Disable MDM' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('all current members retained');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable MDM' }).click();
    await expect(page.getByRole('button', { name: 'Enable MDM' })).toBeVisible();
  });

  test('SSO tab: not configured, with the way to set it up', async ({ page }) => {
    await page.goto('/settings?tab=sso');
    await expect(page.getByText('Not yet configured')).toBeVisible();
    await page.getByRole('button', { name: 'Set Up SSO' }).click();
    await expect(page).toHaveURL(/\/sso-selection$/);
  });

  test('Threat Hunter: provision a user', async ({ page, axe }) => {
    await page.goto('/settings?tab=threat-hunter');
    await expect(page.getByRole('heading', { name: 'Provisioned Users' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Hana Hunter');
    await page.getByRole('textbox', { name: 'Email' }).fill(`hana.${Date.now()}@acme.test`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      page.getByText(
        'Hana Hunter has been invited to Threat Hunter, and will receive an email with further instructions.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Threat Hunter users' }).getByText('Hana Hunter'),
    ).toBeVisible();
    await axe();
  });
});

test('Newco has no Threat Hunter access: its tab leads to the dashboard', async ({ page }) => {
  await signInViaApi(page, demo.noa.email);
  await page.goto('/settings?tab=threat-hunter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Threat Hunter' })).toHaveCount(0);
});
