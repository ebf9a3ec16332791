import { demo, expect, signInViaApi, test } from './fixtures';

/*
 * The command palette and the keyboard shortcuts (docs/decisions/060-column-chooser-and-command-
 * palette.md), against the seeded demo organization.
 */

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, demo.avery.email);
});

test('Ctrl+K opens the palette; a settings tab is one search away', async ({ page, axe }) => {
  await page.goto('/dashboard');
  await expect(
    page.getByRole('table', { name: 'Devices' }).locator('tbody tr').first(),
  ).toBeVisible();
  // cmdk is not part of the first load: its chunk arrives with the first opening.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  await axe();
  await input.fill('notif');
  await expect(palette.getByRole('option', { name: 'Settings › Notifications' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(/\/settings\?tab=notifications$/);
  await expect(page.getByRole('tab', { name: 'Notifications', selected: true })).toBeVisible();
  // Acme has Threat Hunter access: its tab is offered.
  await page.keyboard.press('Control+k');
  await input.fill('threat');
  await expect(palette.getByRole('option', { name: 'Settings › Threat Hunter' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});

test('find a seeded device by its member’s name, on the server', async ({ page }) => {
  await page.goto('/settings');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const searched = page.waitForRequest(
    (r) => r.url().includes('/api/orgs?') && r.url().includes('q=dana'),
  );
  await palette.getByRole('combobox').pressSequentially('dana', { delay: 30 });
  // One request for the text typed, not one per key (debounced).
  await searched;
  const device = palette.getByRole('option', { name: /dana/i }).first();
  await expect(device).toBeVisible();
  await expect(palette.getByRole('status')).toContainText(/device\(s\)/);
  const label = (await device.textContent()) ?? '';
  await device.click();
  // A device opens the dashboard searched for its code, with its drawer open.
  await expect(page).toHaveURL(/\/dashboard\?q=[^&]+&device=/);
  const code = new URL(page.url()).searchParams.get('device') ?? '';
  expect(label).toContain(code);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(code, { exact: true }).first()).toBeVisible();
});

test('/ focuses the table search, ? lists the shortcuts; neither fires while typing', async ({
  page,
  axe,
}) => {
  await page.goto('/dashboard');
  const search = page.getByRole('searchbox', { name: 'Search devices' });
  await expect(search).toBeVisible();
  await page.locator('body').press('/');
  await expect(search).toBeFocused();
  // Typing '/' and '?' in the search field types them.
  await page.keyboard.type('a/?');
  await expect(search).toHaveValue('a/?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await search.fill('');
  await search.blur();
  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Open the command palette')).toBeVisible();
  await axe();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});
