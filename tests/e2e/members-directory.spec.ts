import { createThrowawayOrg, expect, signInViaApi, test } from './fixtures';

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

// The Members page (docs/product/members.md, 'The Members page'): members with their source,
// deactivate and reactivate a manual member, a SCIM-provisioned member is the identity provider's.
test('Members page: sources, deactivate and reactivate, a SCIM member managed by the identity provider', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(60_000);
  const org = await createThrowawayOrg(request, 'mdir');
  await signInViaApi(page, org.admin.email, org.admin.password);

  const manual = { name: 'Manny Manual', email: `manny@${org.slug}.test` };
  const added = await page.request.post('/api/orgs/create-members?email=false', {
    headers: { 'x-requested-with': 'portal' },
    data: { members: [manual] },
  });
  expect(added.status(), await added.text()).toBe(200);

  // A SCIM member, provisioned by a plain HTTP client with the SCIM tab's URL and header.
  await page.goto('/settings?tab=scim');
  await page.getByRole('button', { name: 'Enable SCIM' }).click();
  const url = await page.getByRole('textbox', { name: 'SCIM URL' }).inputValue();
  const header = (await page.getByText(/^Bearer /).textContent())?.trim() ?? '';
  const scimEmail = `sky.scim@${org.slug}.test`;
  const created = await request.post(`${url}/Users`, {
    headers: { authorization: header, 'content-type': 'application/scim+json' },
    data: {
      schemas: [USER_SCHEMA],
      userName: scimEmail,
      name: { givenName: 'Sky', familyName: 'Scim' },
      emails: [{ value: scimEmail, primary: true }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The header's 'Members' opens the page.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Members', exact: true }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Member list' });
  const mannyRow = table.getByRole('row').filter({ hasText: manual.email });
  const skyRow = table.getByRole('row').filter({ hasText: scimEmail });
  await expect(mannyRow).toContainText('Manual');
  await expect(mannyRow).toContainText('Invited');
  await expect(skyRow).toContainText('SCIM');
  await expect(skyRow).toContainText('Managed by your identity provider');
  await expect(skyRow.getByRole('button', { name: /Deactivate/ })).toHaveCount(0);
  await axe();

  await mannyRow.getByRole('button', { name: 'Deactivate Manny Manual' }).click();
  await expect(mannyRow).toContainText('Deactivated');
  await mannyRow.getByRole('button', { name: 'Reactivate Manny Manual' }).click();
  await expect(mannyRow).toContainText('Invited');
  await expect(mannyRow.getByRole('button', { name: 'Deactivate Manny Manual' })).toBeVisible();

  // Filters live in the URL.
  await page.getByRole('combobox', { name: 'Source' }).selectOption('scim');
  await expect(page).toHaveURL(/\/members\?source=scim$/);
  await expect(table.getByRole('row').filter({ hasText: manual.email })).toHaveCount(0);
  await expect(skyRow).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search members' }).fill('nobody-here');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No members match these filters.')).toBeVisible();
  await page.goto('/members?q=manny');
  await expect(mannyRow).toBeVisible();
  await axe();

  // 'Add Members' leads to the existing flows.
  await page.getByRole('link', { name: 'Add Members' }).click();
  await expect(page).toHaveURL(/\/member-management$/);
});
