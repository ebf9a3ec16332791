import type { APIRequestContext } from '@playwright/test';
import { createThrowawayOrg, expect, latestMailTo, signInViaApi, test } from './fixtures';

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

async function mailsTo(request: APIRequestContext, to: string) {
  const response = await request.get('/api/dev/outbox');
  const { messages } = (await response.json()) as { messages: { to: string }[] };
  return messages.filter((m) => m.to === to).length;
}

// The SCIM tab's URL and header, used by a plain HTTP client as an identity provider would
// (docs/product/settings.md, 'The SCIM service').
test('SCIM: enable in the tab, provision with the shown URL and header, the member appears; deactivate and delete', async ({
  page,
  request,
  axe,
}) => {
  test.setTimeout(60_000);
  const org = await createThrowawayOrg(request, 'scim');
  await signInViaApi(page, org.admin.email, org.admin.password);

  await page.goto('/settings?tab=scim');
  await page.getByRole('button', { name: 'Enable SCIM' }).click();
  const url = await page.getByRole('textbox', { name: 'SCIM URL' }).inputValue();
  expect(url).toMatch(new RegExp(`/scim/v2/${org.slug}$`));
  const header = (await page.getByText(/^Bearer /).textContent())?.trim() ?? '';
  expect(header).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
  const invitations = page.getByRole('switch', {
    name: 'Send enrolment invitations to provisioned members',
  });
  await expect(invitations).toBeChecked();
  await axe();

  const headers = { authorization: header, 'content-type': 'application/scim+json' };
  const email = `pat.provisioned@${org.slug}.test`;
  const created = await request.post(`${url}/Users`, {
    headers,
    data: {
      schemas: [USER_SCHEMA],
      userName: email,
      name: { givenName: 'Pat', familyName: 'Provisioned' },
      emails: [{ value: email, type: 'work', primary: true }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  expect(created.headers().location).toBe(`${url}/Users/${id}`);

  // A member at once: on the dashboard, Not Enrolled, and invited by e-mail.
  await page.goto('/dashboard?enrolled=false&pageSize=100');
  await expect(page.getByRole('row').filter({ hasText: 'Pat Provisioned' })).toContainText(
    'Not Enrolled',
  );
  await expect.poll(() => mailsTo(request, email)).toBe(1);
  expect((await latestMailTo(request, email))?.text).toMatch(/[A-Z2-9]{4}-[A-Z2-9]{4}/);

  // Entra ID's deactivation, then DELETE: the SCIM resource goes, the member stays.
  const disabled = await request.patch(`${url}/Users/${id}`, {
    headers,
    data: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
  });
  expect(((await disabled.json()) as { active: boolean }).active).toBe(false);
  expect((await request.delete(`${url}/Users/${id}`, { headers })).status()).toBe(204);
  expect((await request.get(`${url}/Users/${id}`, { headers })).status()).toBe(404);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Pat Provisioned' })).toHaveCount(1);

  // The switch off: the next provisioned member gets no e-mail.
  await page.goto('/settings?tab=scim');
  await invitations.click();
  await expect(invitations).not.toBeChecked();
  const quiet = `quinn.quiet@${org.slug}.test`;
  const second = await request.post(`${url}/Users`, {
    headers,
    data: { schemas: [USER_SCHEMA], userName: quiet, emails: [{ value: quiet, primary: true }] },
  });
  expect(second.status()).toBe(201);
  await page.waitForTimeout(1500);
  expect(await mailsTo(request, quiet)).toBe(0);

  // Without the header, or with a session cookie only: 401.
  expect((await request.get(`${url}/Users`)).status()).toBe(401);
  expect((await page.request.get(`${url}/Users`)).status()).toBe(401);
});
