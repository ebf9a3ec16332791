import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  cancelPlan,
  devConfirmCardSetup,
  getBillingInfo,
  getBillingUpdateKey,
  getPlanInfo,
  reactivatePlan,
  updateDefaultPayment,
} from '@contract/billing';
import {
  billingInfo,
  billingUpdateKey,
  confirmCardSetupDeclined,
  confirmCardSetupSuccess,
  planInfo,
  updateDefaultPaymentAccepted,
  updateDefaultPaymentRefused,
} from '@contract/fixtures/billing';
import { sessions } from '@contract/fixtures/sessions';
import { getSession } from '@contract/session';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { screenDecorator } from '../mocks/screen-decorator';
import SettingsScreen from './settings-screen';

const meta = {
  title: 'Screens/Settings/Billing and plan',
  component: SettingsScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', path: '/settings?tab=billing' },
  decorators: [screenDecorator],
} satisfies Meta<typeof SettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const paymentHandlers = (
  confirm = confirmCardSetupSuccess,
  status = updateDefaultPaymentAccepted,
) => [
  mockEndpoint(getBillingUpdateKey, billingUpdateKey),
  mockEndpoint(devConfirmCardSetup, confirm),
  mockEndpoint(updateDefaultPayment, status),
  mockEndpoint(getSession, sessions.acme),
];

async function fillCard(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByRole('textbox', { name: 'Card number' }),
    '4242424242424242',
  );
  await userEvent.type(canvas.getByRole('textbox', { name: /Expiration date/ }), '1234');
  await userEvent.type(canvas.getByRole('textbox', { name: 'CVC' }), '123');
}

export const Billing: Story = {
  parameters: { msw: { handlers: [mockEndpoint(getBillingInfo, billingInfo.active)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('$124.50')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit Billing' })).toBeVisible();
  },
};

export const BillingEditSaves: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint(getBillingInfo, billingInfo.active), ...paymentHandlers()] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Billing' }));
    const save = await canvas.findByRole('button', { name: 'Save Billing' });
    await fillCard(canvasElement);
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expect(
      await within(document.body).findByText(
        'Default payment method updated. Billing page may not update immediately.',
      ),
    ).toBeVisible();
  },
};

export const BillingDeclined: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(getBillingInfo, billingInfo.active),
        ...paymentHandlers(confirmCardSetupDeclined),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Billing' }));
    await fillCard(canvasElement);
    const save = canvas.getByRole('button', { name: 'Save Billing' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    // Once, inline: the catalogued text and the card's reason; no toast repeats it.
    await expect(
      await canvas.findByText(
        'Unable to update default payment method. Try again with another card. Your card was declined.',
      ),
    ).toBeVisible();
    await expect(
      within(document.body).getAllByText(/Unable to update default payment method/),
    ).toHaveLength(1);
  },
};

export const BillingStatusRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(getBillingInfo, billingInfo.active),
        ...paymentHandlers(confirmCardSetupSuccess, updateDefaultPaymentRefused),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Billing' }));
    await fillCard(canvasElement);
    const save = canvas.getByRole('button', { name: 'Save Billing' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expect(
      await within(document.body).findByText(
        'Unable to update default payment method. Try again with another card',
      ),
    ).toBeVisible();
  },
};

export const BillingNoCard: Story = {
  parameters: { msw: { handlers: [mockEndpoint(getBillingInfo, billingInfo.none)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // No card on file: the form is open at once.
    await expect(await canvas.findByRole('button', { name: 'Save Billing' })).toBeDisabled();
  },
};

export const BillingCustom: Story = {
  parameters: { msw: { handlers: [mockEndpoint(getBillingInfo, billingInfo.invoice)] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Your organization is set up for custom billing.'),
    ).toBeVisible();
  },
};

export const BillingCanceled: Story = {
  parameters: { msw: { handlers: [mockEndpoint(getBillingInfo, billingInfo.canceled)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No payment scheduled')).toBeVisible();
  },
};

export const BillingFailed: Story = {
  parameters: { msw: { handlers: [mockEndpoint(getBillingInfo, { status: 500 })] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(document.body).findByText('Problem requesting billing information.'),
    ).toBeVisible();
    await expect(
      await within(canvasElement).findByText(
        'Unable to retrieve payment details. Please try again later.',
      ),
    ).toBeVisible();
  },
};

export const PlanActive: Story = {
  parameters: {
    path: '/settings?tab=plan',
    msw: {
      handlers: [
        mockEndpoint(getPlanInfo, planInfo.active),
        mockEndpoint(cancelPlan, {}),
        mockEndpoint(getBillingInfo, billingInfo.active),
        mockEndpoint(getSession, sessions.acme),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = within(document.body).getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));
    await expect(
      await within(document.body).findByText(
        'Subscription cancelled. Status may not immediately update.',
      ),
    ).toBeVisible();
  },
};

export const PlanCanceled: Story = {
  parameters: {
    path: '/settings?tab=plan',
    session: sessions.initech,
    msw: {
      handlers: [
        mockEndpoint(getPlanInfo, planInfo.canceled),
        mockEndpoint(reactivatePlan, { status: 500 }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Reactivate Subscription' }));
    await expect(
      await within(document.body).findByText('Failed to reactivate subscriptions'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete Organization' })).toBeVisible();
  },
};

export const PlanNone: Story = {
  parameters: {
    path: '/settings?tab=plan',
    session: sessions.newco,
    msw: { handlers: [mockEndpoint(getPlanInfo, planInfo.none)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Delete Organization' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  },
};

export const PlanInvoice: Story = {
  parameters: {
    path: '/settings?tab=plan',
    session: sessions.globex,
    msw: { handlers: [mockEndpoint(getPlanInfo, planInfo.invoice)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(planInfo.invoice.statusMessage)).toBeVisible();
    await expect(canvas.queryAllByRole('button', { name: /Subscription|Organization/ })).toEqual(
      [],
    );
  },
};

export const PlanFailed: Story = {
  parameters: {
    path: '/settings?tab=plan',
    msw: { handlers: [mockEndpoint(getPlanInfo, { status: 500 })] },
  },
  play: async () => {
    await expect(
      (await within(document.body).findAllByText('Problem requesting plan information.'))[0],
    ).toBeVisible();
  },
};
