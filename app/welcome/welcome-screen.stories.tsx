import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { devConfirmCardSetup, getBillingUpdateKey, updateDefaultPayment } from '@contract/billing';
import { billingUpdateKey, confirmCardSetupSuccess } from '@contract/fixtures/billing';
import { sessions } from '@contract/fixtures/sessions';
import { emailAllMembers } from '@contract/members';
import { getSession } from '@contract/session';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { screenDecorator } from '../mocks/screen-decorator';
import WelcomeScreen from './welcome-screen';

const meta = {
  title: 'Screens/Welcome',
  component: WelcomeScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', path: '/welcome', session: sessions.newco },
  decorators: [screenDecorator],
} satisfies Meta<typeof WelcomeScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const trialHandlers = (emailAnswer: { status: number } | Record<string, never>) => [
  mockEndpoint(getBillingUpdateKey, billingUpdateKey),
  mockEndpoint(devConfirmCardSetup, confirmCardSetupSuccess),
  mockEndpoint(updateDefaultPayment, { status: 'trialing' }),
  mockEndpoint(getSession, { ...sessions.newco, error: null }),
  mockEndpoint(emailAllMembers, emailAnswer),
];

async function beginTrial(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByRole('textbox', { name: 'Card number' }),
    '4242424242424242',
  );
  await userEvent.type(canvas.getByRole('textbox', { name: /Expiration date/ }), '1234');
  await userEvent.type(canvas.getByRole('textbox', { name: 'CVC' }), '123');
  const begin = canvas.getByRole('button', { name: 'Begin Trial' });
  await waitFor(() => expect(begin).toBeEnabled());
  await userEvent.click(begin);
}

export const Default: Story = {
  parameters: { msw: { handlers: trialHandlers({}) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: `Welcome, ${sessions.newco.user.name}!` }),
    ).toBeVisible();
    await expect(canvas.getByText(/7-day, no-obligation trial/)).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Begin Trial' })).toBeDisabled();
  },
};

export const BeginTrial: Story = {
  parameters: { msw: { handlers: trialHandlers({}) } },
  play: async ({ canvasElement }) => {
    await beginTrial(canvasElement);
    await expect(
      await within(document.body).findByText(
        'Default payment method updated. Billing page may not update immediately.',
      ),
    ).toBeVisible();
  },
};

export const EmailingMembersFails: Story = {
  parameters: { msw: { handlers: trialHandlers({ status: 500 }) } },
  play: async ({ canvasElement }) => {
    await beginTrial(canvasElement);
    await expect(
      await within(document.body).findByText('Failed to email members please try again'),
    ).toBeVisible();
  },
};
