import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { addYears, format } from 'date-fns';
import { Webhook } from 'standardwebhooks';
import { createThrowawayOrg, demo, expect, signInViaApi, test } from './fixtures';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver: records every delivery, answers `status` (204 unless changed). */
async function startReceiver(): Promise<{
  url: string;
  deliveries: Delivery[];
  server: Server;
  answer: (status: number) => void;
}> {
  const deliveries: Delivery[] = [];
  let status = 204;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/portal`,
    deliveries,
    server,
    answer: (next) => (status = next),
  };
}

/** The receiver's check, per Standard Webhooks, with the specification's own package. */
function verifySignature(delivery: Delivery, secret: string): boolean {
  try {
    new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

async function revealSecret(page: Page, label: string): Promise<string> {
  const region = page.getByRole('region', { name: 'Webhook settings' });
  await region.getByRole('button', { name: `Show ${label}` }).click();
  const group = region.getByRole('group', { name: label });
  // The mask is drawn dots (no text); revealed, the group says so and the dots are gone.
  await expect(group).toHaveAttribute('data-state', 'revealed');
  await expect(group.locator('[data-slot="masked-secret-mask"]')).toHaveCount(0);
  const value = group.locator('[data-slot="masked-secret-value"]');
  return (await value.innerText()).trim();
}

test.describe('integrations', () => {
  test('API key: generate with 1 year, re-generate and revoke with confirmations', async ({
    page,
    request,
    axe,
  }) => {
    const org = await createThrowawayOrg(request, 'apikey');
    await signInViaApi(page, org.admin.email, org.admin.password);
    await page.goto('/settings?tab=integrations');
    const card = page.getByRole('region', { name: 'API settings' });
    await expect(card.getByRole('combobox', { name: 'Expires' })).toHaveValue('ONE_YEAR');
    await axe();
    await card.getByRole('combobox', { name: 'Expires' }).selectOption('NEVER');
    await expect(
      card.getByText('Consider choosing 1-year token to rotate credentials periodically'),
    ).toBeVisible();
    await card.getByRole('combobox', { name: 'Expires' }).selectOption('ONE_YEAR');
    await card.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('Successfully generated API key.', { exact: true })).toBeVisible();
    const yearAhead = format(addYears(new Date(), 1), 'MMMM do, yyyy');
    await expect(card.getByText(`Expires on ${yearAhead}`)).toBeVisible();

    await card.getByRole('button', { name: 'Re-generate API Key' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(/invalidat/i);
    await axe();
    await confirm.getByRole('button', { name: /Re-generate/ }).click();
    await expect(
      page.getByText('Successfully generated API key.', { exact: true }).first(),
    ).toBeVisible();

    await card.getByRole('button', { name: 'Revoke API Access' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /Revoke/ })
      .click();
    await expect(page.getByText('Successfully revoked API access.', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Generate' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Revoke API Access' })).toHaveCount(0);
  });

  test('webhook: on → secret; a local receiver gets a signed test delivery; then deactivate', async ({
    page,
    request,
    axe,
  }) => {
    const receiver = await startReceiver();
    try {
      const org = await createThrowawayOrg(request, 'webhook');
      await signInViaApi(page, org.admin.email, org.admin.password);
      await page.goto('/settings?tab=integrations');
      const card = page.getByRole('region', { name: 'Webhook settings' });
      await card.getByRole('switch').click();
      const secret = await revealSecret(page, 'Webhook secret');
      expect(secret.length).toBeGreaterThan(16);
      const save = card.getByRole('button', { name: 'Save' });
      await expect(save).toBeDisabled();
      await axe();

      // Malformed: the field says what is wrong with the URL, not 'Invalid request body'.
      await card.getByRole('textbox', { name: 'Webhook URL' }).fill('hooks.example.com/x');
      await save.click();
      await expect(card.getByRole('textbox', { name: 'Webhook URL' })).toHaveAccessibleDescription(
        /Enter a valid URL starting with http:\/\/ or https:\/\//,
      );
      await expect(page.getByText('Invalid request body')).toHaveCount(0);

      // Unreachable: a closed port answers with the error line under the input.
      await card.getByRole('textbox', { name: 'Webhook URL' }).fill('http://127.0.0.1:9/nothing');
      await save.click();
      await expect(card.getByRole('textbox', { name: 'Webhook URL' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expect(card.getByText(/Could not reach|did not answer/)).toBeVisible();

      await card.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url);
      await save.click();
      await expect(
        page.getByText('Successfully saved webhook settings.', { exact: true }),
      ).toBeVisible();
      expect(receiver.deliveries).toHaveLength(1);
      expect(verifySignature(receiver.deliveries[0]!, secret)).toBe(true);

      await page.reload();
      await expect(card.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(receiver.url);
      // Turning off with a URL asks first; cancel leaves it on.
      await card.getByRole('switch').click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(card.getByRole('switch')).toBeChecked();
      await card.getByRole('switch').click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: /Deactivate/ })
        .click();
      await expect(
        page.getByText('Successfully deactivated webhooks.', { exact: true }),
      ).toBeVisible();
      await expect(card.getByRole('switch')).not.toBeChecked();
    } finally {
      receiver.server.close();
    }
  });

  test('webhook delivery log: a delivered and a failed delivery; Resend delivers the failed one', async ({
    page,
    request,
    axe,
  }) => {
    const receiver = await startReceiver();
    try {
      const org = await createThrowawayOrg(request, 'hooklog');
      await signInViaApi(page, org.admin.email, org.admin.password);
      await page.goto('/settings?tab=integrations');
      const card = page.getByRole('region', { name: 'Webhook settings' });
      await card.getByRole('switch').click();
      const secret = await revealSecret(page, 'Webhook secret');
      await card.getByRole('textbox', { name: 'Webhook URL' }).fill(receiver.url);
      await card.getByRole('button', { name: 'Save' }).click();
      const log = page.getByRole('region', { name: 'Delivery log' });
      await expect(log.getByText(/No events have been sent yet/)).toBeVisible();

      // Delivered: the receiver answers 204.
      await log.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByText('A test event is being sent.', { exact: true })).toBeVisible();
      const rows = log.locator('[data-slot="webhook-delivery"]');
      await expect(rows.first()).toHaveAttribute('data-state', 'delivered', { timeout: 15_000 });
      await expect(rows.first()).toContainText('204');

      // Failed: the receiver answers 500 to every attempt (the e2e server retries once, after 1 s).
      receiver.answer(500);
      await log.getByRole('button', { name: 'Send test event' }).click();
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
      await expect(rows.first()).toContainText('The webhook URL answered 500');
      await expect(rows.nth(1)).toHaveAttribute('data-state', 'delivered');
      await axe();

      // Resend: the same event, delivered now.
      receiver.answer(200);
      const failedId = receiver.deliveries.at(-1)!.headers['webhook-id'];
      await rows
        .first()
        .getByRole('button', { name: /^Resend / })
        .click();
      await expect(page.getByText('The event is being sent again.', { exact: true })).toBeVisible();
      await expect(rows.first()).toHaveAttribute('data-state', 'delivered', { timeout: 15_000 });
      expect(receiver.deliveries.at(-1)!.headers['webhook-id']).toBe(failedId);
      // Every request the receiver got (save's check, the delivered test, the two attempts of the
      // failed one, the resend) verifies with the organization's secret.
      expect(receiver.deliveries).toHaveLength(5);
      expect(receiver.deliveries.every((d) => verifySignature(d, secret))).toBe(true);
    } finally {
      receiver.server.close();
    }
  });

  test('webhook: a 500 on save shows the catalogued toast', async ({ page, request }) => {
    const org = await createThrowawayOrg(request, 'webhook500');
    await signInViaApi(page, org.admin.email, org.admin.password);
    await page.route('**/api/orgs/webhook', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: {} })
        : route.continue(),
    );
    await page.goto('/settings?tab=integrations');
    const card = page.getByRole('region', { name: 'Webhook settings' });
    await card.getByRole('switch').click();
    await card.getByRole('textbox', { name: 'Webhook URL' }).fill('https://hooks.example.com/x');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Failed to save webhook settings.', { exact: true })).toBeVisible();
  });

  test('conditional access: save, policy update, remove', async ({ page, request, axe }) => {
    const org = await createThrowawayOrg(request, 'ca');
    await signInViaApi(page, org.admin.email, org.admin.password);
    await page.goto('/settings?tab=integrations');
    const card = page.getByRole('region', { name: /Conditional access/ });
    await card.getByRole('combobox', { name: 'Identity provider' }).selectOption('azure');
    await card.getByRole('textbox', { name: 'Tenant' }).fill('contoso.onmicrosoft.com');
    await card.getByRole('textbox', { name: 'Group ID' }).fill('4b1f7e0c-quarantine');
    await card
      .getByRole('textbox', { name: 'Client ID' })
      .fill('8f14e45f-ceea-467f-a9b0-6c1e5d7f0a11');
    const save = card.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await card.getByLabel('Client Secret').fill('s3cr3t-value-for-azure');
    await card.getByRole('textbox', { name: 'User Extension' }).fill('extension_quarantine');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(
      page.getByText('Successfully saved conditional access settings.', { exact: true }),
    ).toBeVisible();
    await expect(save).toBeDisabled();

    await card.getByRole('switch').click();
    await expect(card.getByRole('heading', { name: 'Policy' })).toBeVisible();
    await axe();
    await card.getByRole('combobox', { name: /alert severity/i }).selectOption('HIGH_AND_CRITICAL');
    await expect(
      page.getByText('Successfully updated conditional access policy settings.', { exact: true }),
    ).toBeVisible();
    await page.reload();
    await expect(card.getByRole('combobox', { name: /alert severity/i })).toHaveValue(
      'HIGH_AND_CRITICAL',
    );

    await card.getByRole('button', { name: 'Remove Conditional Access' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /Remove/ })
      .click();
    await expect(
      page.getByText(
        'A request has been made, Conditional Access will be removed after processing blocked members.',
        { exact: true },
      ),
    ).toBeVisible();
    // Processed later: the config returns to its defaults.
    await expect(card.getByRole('textbox', { name: 'Tenant' })).toHaveValue('', {
      timeout: 15_000,
    });
    await expect(card.getByRole('button', { name: 'Remove Conditional Access' })).toBeDisabled();
  });

  test('conditional access: a refused config shows the server text inline', async ({
    page,
    request,
  }) => {
    const org = await createThrowawayOrg(request, 'cabad');
    await signInViaApi(page, org.admin.email, org.admin.password);
    await page.goto('/settings?tab=integrations');
    const card = page.getByRole('region', { name: /Conditional access/ });
    await card.getByRole('combobox', { name: 'Identity provider' }).selectOption('okta');
    await expect(card.getByRole('textbox', { name: 'Tenant (Okta Domain)' })).toBeVisible();
    await card.getByRole('textbox', { name: 'Tenant (Okta Domain)' }).fill('not a domain');
    await card.getByRole('textbox', { name: 'Group ID' }).fill('00g1');
    await card.getByRole('textbox', { name: 'Client ID' }).fill('0oa1');
    await card.getByLabel('Application Private Key (JSON)').fill('not json');
    await card.getByRole('textbox', { name: 'User Extension' }).fill('ext');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText(/^Error: /)).toBeVisible();
  });
});

test('Initech without API access sees no API settings card', async ({ page }) => {
  await signInViaApi(page, demo.ida.email);
  await page.goto('/settings?tab=integrations');
  await expect(page.getByRole('region', { name: 'Webhook settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'API settings' })).toHaveCount(0);
});
