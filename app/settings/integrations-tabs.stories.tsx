import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { generateApiToken, getApiToken } from '@contract/api-token';
import {
  getConditionalAccessConfig,
  getConditionalAccessPolicy,
  saveConditionalAccessConfig,
} from '@contract/conditional-access';
import {
  apiTokenActive,
  apiTokenExpired,
  apiTokenNone,
  conditionalAccessActive,
  conditionalAccessUnset,
  emailPreferencesFull,
  emailPreferencesPartial,
  emailTemplateCustom,
  notificationPreferencesDisabled,
  notificationPreferencesPush,
  policyDefault,
  policyStrict,
  webhookActive,
  webhookInactive,
  webhookSecret,
} from '@contract/fixtures/settings';
import { sessions } from '@contract/fixtures/sessions';
import {
  getEmailPreferences,
  getEmailTemplate,
  getNotificationPreferences,
  saveEmailTemplate,
} from '@contract/notifications';
import { getWebhook, getWebhookSecret, saveWebhook } from '@contract/webhook';
import { listWebhookDeliveries } from '@contract/webhook-deliveries';
import { deliveryLog } from '@contract/fixtures/webhook-deliveries';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { screenDecorator } from '../mocks/screen-decorator';
import SettingsScreen from './settings-screen';

const meta = {
  title: 'Screens/Settings/Integrations and notifications',
  component: SettingsScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', path: '/settings?tab=integrations' },
  decorators: [screenDecorator],
} satisfies Meta<typeof SettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const integrations = (overrides: Parameters<typeof mockEndpoint>[] = []) => [
  ...overrides.map((args) => mockEndpoint(...args)),
  mockEndpoint(getApiToken, apiTokenActive),
  mockEndpoint(getWebhook, webhookInactive),
  mockEndpoint(getWebhookSecret, webhookSecret),
  mockEndpoint(listWebhookDeliveries, deliveryLog),
  mockEndpoint(getConditionalAccessConfig, conditionalAccessUnset),
  mockEndpoint(getConditionalAccessPolicy, policyDefault),
];

export const Integrations: Story = {
  parameters: { msw: { handlers: integrations() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Re-generate API Key' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Webhook settings' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: /Conditional access/ })).toBeVisible();
  },
};

export const IntegrationsWithoutApiAccess: Story = {
  parameters: { session: sessions.globex, msw: { handlers: integrations() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('region', { name: 'Webhook settings' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'API settings' })).toBeNull();
  },
};

export const ApiKeyGenerate: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(getApiToken, apiTokenNone),
        mockEndpoint(generateApiToken, apiTokenActive),
        ...integrations(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Generate' }));
    await expect(
      await within(document.body).findByText('Successfully generated API key.'),
    ).toBeVisible();
  },
};

export const ApiKeyExpired: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint(getApiToken, apiTokenExpired), ...integrations()] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^Expired on /)).toBeVisible();
  },
};

export const ApiKeyFailed: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint(getApiToken, { status: 500 }), ...integrations()] },
  },
  play: async () => {
    await expect(
      (await within(document.body).findAllByText('Failed to get API key.'))[0],
    ).toBeVisible();
  },
};

export const WebhookActive: Story = {
  parameters: { msw: { handlers: [mockEndpoint(getWebhook, webhookActive), ...integrations()] } },
  play: async ({ canvasElement }) => {
    const card = within(
      await within(canvasElement).findByRole('region', { name: 'Webhook settings' }),
    );
    // With a saved URL, the delivery log shows under the settings.
    await expect(
      await within(canvasElement).findByRole('region', { name: 'Delivery log' }),
    ).toBeVisible();
    await expect(await card.findByRole('textbox', { name: 'Webhook URL' })).toHaveValue(
      webhookActive.url,
    );
  },
};

export const WebhookRefusedUrl: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(getWebhook, webhookActive),
        mockEndpoint(saveWebhook, {
          status: 400,
          body: { error: 'The webhook URL answered 404; it must answer 2xx.' },
        }),
        ...integrations(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const card = within(
      await within(canvasElement).findByRole('region', { name: 'Webhook settings' }),
    );
    await userEvent.click(await card.findByRole('button', { name: 'Save' }));
    await expect(
      await card.findByText('The webhook URL answered 404; it must answer 2xx.'),
    ).toBeVisible();
  },
};

export const ConditionalAccessActive: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(getConditionalAccessConfig, conditionalAccessActive),
        mockEndpoint(getConditionalAccessPolicy, policyStrict),
        ...integrations(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Policy' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove Conditional Access' })).toBeEnabled();
  },
};

export const ConditionalAccessRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(getConditionalAccessConfig, conditionalAccessActive),
        mockEndpoint(saveConditionalAccessConfig, {
          status: 400,
          body: { error: 'The tenant must be a GUID or a domain name.' },
        }),
        ...integrations(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tenant = await canvas.findByRole('textbox', { name: 'Tenant' });
    await userEvent.clear(tenant);
    await userEvent.type(tenant, 'not a tenant');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(
      await canvas.findByText('Error: The tenant must be a GUID or a domain name.'),
    ).toBeVisible();
  },
};

const notifications = [
  mockEndpoint(getEmailPreferences, emailPreferencesFull),
  mockEndpoint(getNotificationPreferences, notificationPreferencesPush),
  mockEndpoint(getEmailTemplate, emailTemplateCustom),
  mockEndpoint(saveEmailTemplate, {}),
];

export const Notifications: Story = {
  parameters: { path: '/settings?tab=notifications', msw: { handlers: notifications } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('combobox', { name: 'Enrollment emails' })).toBeVisible();
    await expect(
      await canvas.findByRole('combobox', { name: 'Push notifications frequency' }),
    ).toBeVisible();
  },
};

export const NotificationsPartial: Story = {
  parameters: {
    path: '/settings?tab=notifications',
    msw: {
      handlers: [
        mockEndpoint(getEmailPreferences, emailPreferencesPartial),
        mockEndpoint(getNotificationPreferences, notificationPreferencesDisabled),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('combobox', { name: 'Enrollment emails' })).toBeVisible();
    await expect(canvas.queryByRole('combobox', { name: /Outdated OS/ })).toBeNull();
    await expect(await canvas.findByText('Scan reminder is disabled')).toBeVisible();
  },
};

export const CustomiseEmail: Story = {
  parameters: { path: '/settings?tab=notifications', msw: { handlers: notifications } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Customise email' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(await dialog.findByRole('textbox', { name: 'Subject' })).toHaveValue(
      emailTemplateCustom.subject,
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Save email template' }));
    await expect(
      await within(document.body).findByText('Successfully updated saved email template.'),
    ).toBeVisible();
  },
};

export const NotificationsFailed: Story = {
  parameters: {
    path: '/settings?tab=notifications',
    msw: {
      handlers: [
        mockEndpoint(getEmailPreferences, { status: 500 }),
        mockEndpoint(getNotificationPreferences, { status: 500 }),
      ],
    },
  },
  play: async () => {
    const body = within(document.body);
    await expect((await body.findAllByText('Failed to get email preferences.'))[0]).toBeVisible();
    await expect(
      (await body.findAllByText('Failed to get notification preferences.'))[0],
    ).toBeVisible();
  },
};
