import type { APIRequestContext } from '@playwright/test';
import { demo, expect, signInViaApi, test } from './fixtures';

async function outboxTo(request: APIRequestContext, to: string) {
  const response = await request.get('/api/dev/outbox');
  const { messages } = (await response.json()) as {
    messages: { to: string; subject: string; text: string }[];
  };
  return messages.filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

const csv = (text: string, name = 'members.csv') => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text, 'utf8'),
});

test.describe('adding members (Acme)', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, demo.avery.email);
  });

  test('manual entry: Dana Lee is a duplicate, Undo re-allows her, two invitations go out', async ({
    page,
    axe,
    request,
  }) => {
    const newcomer = { name: 'Sam Newcomer', email: `sam.newcomer.${Date.now()}@acme.test` };
    const danaBefore = (await outboxTo(request, 'dana.lee@acme.test')).length;

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    await expect(page).toHaveURL(/\/members$/);
    await page.getByRole('link', { name: 'Add Members' }).click();
    await expect(page.getByRole('heading', { name: 'Add Members' })).toBeVisible();
    await axe();
    await page.getByRole('button', { name: /Manual/ }).click();
    await expect(page).toHaveURL(/\/member-manual-upload$/);
    await expect(page.getByRole('heading', { name: 'Add Team Members: Manual' })).toBeVisible();

    const add = page.getByRole('button', { name: 'Add', exact: true });
    const submit = page.getByRole('button', { name: 'Add to Organization' });
    await expect(add).toBeDisabled();
    await expect(submit).toBeDisabled();
    for (const person of [newcomer, { name: 'Dana Lee', email: 'dana.lee@acme.test' }]) {
      await page.getByRole('textbox', { name: 'Full Name' }).fill(person.name);
      await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
      await add.click();
    }
    await expect(
      page.getByRole('region', { name: 'Queued to add' }).getByText('Dana Lee'),
    ).toBeVisible();
    await expect(page.getByText('You may add more users later from the dashboard.')).toBeVisible();
    await axe();
    await submit.click();

    await expect(page).toHaveURL(/\/member-confirm$/);
    await expect(page.getByRole('heading', { name: 'Review Your Members' })).toBeVisible();
    await expect(
      page.getByText(
        'An email will be sent to each individual with a unique code to enroll their device in your organization.',
      ),
    ).toBeVisible();
    const danaRow = page.getByRole('row').filter({ hasText: 'dana.lee@acme.test' });
    await expect(danaRow.locator('s').first()).toBeVisible({ timeout: 10_000 });
    await axe();
    await danaRow.getByRole('button', { name: /Undo/ }).click();
    await expect(danaRow.locator('s')).toHaveCount(0);

    await page.getByRole('button', { name: 'Send Invitations' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByText('Invitations are being sent to 2 organization member(s)', { exact: true }),
    ).toBeVisible();
    // The newcomer shows on the dashboard at once, Not Enrolled (docs/decisions/042).
    await page.goto('/dashboard?enrolled=false&pageSize=100');
    const row = page.getByRole('row').filter({ hasText: newcomer.name });
    await expect(row).toContainText('Not Enrolled');

    await expect.poll(async () => (await outboxTo(request, newcomer.email)).length).toBe(1);
    expect((await outboxTo(request, 'dana.lee@acme.test')).length).toBe(danaBefore + 1);
  });

  test('CSV with a duplicate inside the file: the review strikes the repeat', async ({
    page,
    axe,
  }) => {
    const stamp = Date.now();
    await page.goto('/member-upload');
    await expect(page.getByRole('list', { name: 'Progress' })).toBeVisible();
    await expect(page.getByText('No File Added')).toBeVisible();
    const upload = page.getByRole('button', { name: 'Upload' });
    await expect(upload).toBeDisabled();
    await axe();

    // The example template downloads with the two columns.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Example Template' }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('member_template.csv');

    await page
      .locator('input[type="file"]')
      .setInputFiles(
        csv(
          `Full Name,Email\r\nAlex Quoted,alex.${stamp}@acme.test\r\n"Lee, Jordan",jordan.${stamp}@acme.test\r\nAlex Again,ALEX.${stamp}@acme.test\r\n`,
        ),
      );
    await expect(page.getByText('members.csv')).toBeVisible();
    await upload.click();
    await expect(page).toHaveURL(/\/member-confirm$/);
    await expect(page.getByRole('cell', { name: 'Lee, Jordan' })).toBeVisible();
    const again = page.getByRole('row').filter({ hasText: 'Alex Again' });
    await expect(again.locator('s').first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Alex Quoted' }).locator('s')).toHaveCount(
      0,
    );
    await expect(page.getByText('2 of 3 member(s) will receive a code.')).toBeVisible();
    await axe();
  });

  test('a CSV without an e-mail column stays on the upload step and says what is missing', async ({
    page,
    axe,
  }) => {
    // Changed on purpose (docs/decisions/044): a file with no usable member no longer goes on to
    // an empty review ("0 of 0 member(s)"); the upload step names the missing columns.
    await page.goto('/member-upload');
    await page
      .locator('input[type="file"]')
      .setInputFiles(csv('Full Name,Phone\r\nNo Mail,555-0100\r\n'));
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('This file cannot be used')).toBeVisible();
    await expect(page).toHaveURL(/\/member-upload$/);
    // Shown once, on the page: not also as a toast.
    await expect(page.getByText(/'email' is missing/)).toHaveCount(1);
    await axe();
    // Neither column: both named.
    await page
      .locator('input[type="file"]')
      .setInputFiles(csv('Person,Phone\r\nAda Lovelace,555-0100\r\n'));
    await expect(page.getByText('This file cannot be used')).toBeHidden();
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText(/'fullname' and 'email' are missing/)).toBeVisible();
    await expect(page).toHaveURL(/\/member-upload$/);
  });

  test('a file of another type is refused; a failing upload says so', async ({ page }) => {
    await page.goto('/member-upload');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(page.getByRole('alert')).toHaveText('Only .csv files can be uploaded.');
    await expect(page.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await page.route('**/api/orgs/read-members', (route) =>
      route.fulfill({ status: 500, json: {} }),
    );
    await page
      .locator('input[type="file"]')
      .setInputFiles(csv('Full Name,Email\r\nA,a@acme.test\r\n'));
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Failed to read members from file')).toBeVisible();
    await expect(page).toHaveURL(/\/member-upload$/);
  });
});

test('SSO: Globex admin selects two groups that share members; each person is listed once', async ({
  page,
  axe,
  request,
}) => {
  // Sam signs in through the development OpenID Provider.
  await page.goto('/api/oauth/login?slug=globex');
  await page.getByRole('button', { name: /Sam Sso/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Members', exact: true }).click();
  await page.getByRole('link', { name: 'Add Members' }).click();
  await page.getByRole('button', { name: /SSO/ }).click();
  await expect(page).toHaveURL(/\/member-sso-groups$/);
  await expect(page.getByRole('heading', { name: 'Select Groups' })).toBeVisible();
  const addGroups = page.getByRole('button', { name: 'Add Groups' });
  await expect(addGroups).toBeDisabled();
  await axe();

  await page.getByRole('searchbox', { name: 'Search groups' }).fill('Engineering');
  await page.getByRole('checkbox', { name: 'Engineering', exact: true }).check();
  await page.getByRole('searchbox', { name: 'Search groups' }).fill('Platform');
  await page.getByRole('checkbox', { name: 'Platform', exact: true }).check();
  await page.getByRole('searchbox', { name: 'Search groups' }).fill('');
  await expect(page.getByRole('checkbox', { name: 'Engineering', exact: true })).toBeChecked();
  await addGroups.click();

  await expect(page).toHaveURL(/\/member-confirm$/);
  // Engineering (12 people) and Platform (7) share 3: each person once, 16 in all.
  await expect(page.getByText(/of 16 member\(s\) will receive a code\./)).toBeVisible();
  const emails = await page
    .getByRole('table', { name: 'Members to invite' })
    .locator('tbody tr td:nth-child(2)')
    .allTextContents();
  expect(emails).toHaveLength(16);
  expect(new Set(emails).size).toBe(emails.length);
  await axe();
  await page.getByRole('button', { name: 'Send Invitations' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText(/^Invitations are being sent to \d+ organization member\(s\)$/),
  ).toBeVisible();
  expect((await outboxTo(request, emails[0]!.trim())).length).toBeGreaterThan(0);
});
