import { createThrowawayOrg, expect, signInViaApi, test } from './fixtures';

// Conditional access acting on devices (docs/decisions/053-policies-and-reminders.md): with an
// active policy set in the Integrations tab, a member whose device breaks it shows as quarantined
// on the dashboard and on the Members page, with the reason. The throw-away organization's first
// three devices have an open 'High' alert (server/orgs/dev-orgs.ts), so 'High and Critical'
// quarantines their members and 'Critical only' releases them.
test('an active policy quarantines the members whose devices break it, and releases them', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(90_000);
  const org = await createThrowawayOrg(request, 'quar');
  await signInViaApi(page, org.admin.email, org.admin.password);

  await page.goto('/settings?tab=integrations');
  const card = page.getByRole('region', { name: /Conditional access/ });
  await card.getByRole('combobox', { name: 'Identity provider' }).selectOption('azure');
  await card.getByRole('textbox', { name: 'Tenant' }).fill('contoso.onmicrosoft.com');
  await card.getByRole('textbox', { name: 'Group ID' }).fill('4b1f7e0c-quarantine');
  await card
    .getByRole('textbox', { name: 'Client ID' })
    .fill('8f14e45f-ceea-467f-a9b0-6c1e5d7f0a11');
  await card.getByLabel('Client Secret').fill('s3cr3t-value-for-azure');
  await card.getByRole('textbox', { name: 'User Extension' }).fill('extension_quarantine');
  await card.getByRole('switch').click();
  await expect(card.getByRole('heading', { name: 'Policy' })).toBeVisible();
  await card.getByRole('combobox', { name: /alert severity/i }).selectOption('HIGH_AND_CRITICAL');
  await expect(
    page.getByText('Successfully updated conditional access policy settings.', { exact: true }),
  ).toBeVisible();

  // The dashboard: the quarantined members' rows carry the pill, its title the reason. The
  // evaluation is a job of the queue: look again until it has run.
  const reason = 'iPhone 15: Open high alert';
  await expect(async () => {
    await page.goto('/dashboard?sort=memberName&order=asc');
    const table = page.getByRole('table', { name: 'Devices' });
    await expect(table.getByText('Test Member 1')).toBeVisible();
    await expect(table.getByText('Quarantined')).toHaveCount(3, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const table = page.getByRole('table', { name: 'Devices' });
  const first = table.getByRole('row').filter({ hasText: 'Test Member 1' });
  await expect(first.getByTitle(reason)).toHaveText(`Quarantined: ${reason}`);
  const fourth = table.getByRole('row').filter({ hasText: 'Test Member 4' });
  await expect(fourth.getByText('Quarantined')).toHaveCount(0);
  await axe();

  // The Members page: the pill and the reason under the status.
  await page.goto('/members');
  const members = page.getByRole('table');
  const row = members.getByRole('row').filter({ hasText: 'Test Member 1' });
  await expect(row.getByText('Quarantined')).toBeVisible();
  await expect(row.getByText(reason)).toBeVisible();
  await expect(members.getByText('Quarantined')).toHaveCount(3);
  await axe();

  // 'Critical only': the 'High' alerts no longer quarantine; everyone is released.
  await page.goto('/settings?tab=integrations');
  await card.getByRole('combobox', { name: /alert severity/i }).selectOption('CRITICAL_ONLY');
  await expect(
    page.getByText('Successfully updated conditional access policy settings.', { exact: true }),
  ).toBeVisible();
  await expect(async () => {
    await page.goto('/members');
    await expect(page.getByRole('table').getByText('Test Member 1')).toBeVisible();
    await expect(page.getByRole('table').getByText('Quarantined')).toHaveCount(0, {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
});
