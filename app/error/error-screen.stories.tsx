import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StoryRouter } from '../mocks/story-router';
import { ErrorView } from './error-screen';

const meta = {
  title: 'Screens/Error page',
  component: ErrorView,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story, { parameters }) => (
      <StoryRouter path={(parameters.path as string | undefined) ?? '/error'}>
        <Story />
      </StoryRouter>
    ),
  ],
} satisfies Meta<typeof ErrorView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CouldNotLogIn: Story = {
  args: { message: 'Could not log in' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'An error has occurred' })).toBeVisible();
    await expect(canvas.getByText('Could not log in')).toBeVisible();
    await expect(canvas.getByText('Please try signing in again or contact support.')).toBeVisible();
  },
};

export const UpdateBilling: Story = {
  parameters: { path: '/error?type=update-billing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your account is currently inactive')).toBeVisible();
    const link = canvas.getByRole('link', {
      name: 'Your subscription was canceled. Reactivate your subscription to continue.',
    });
    await expect(link).toHaveAttribute('href', '/settings?tab=plan');
  },
};

export const UpdatePayment: Story = {
  parameters: { path: '/error?type=update-payment' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No payment method stored')).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: 'Add a payment method to continue.' }),
    ).toHaveAttribute('href', '/settings?tab=billing');
  },
};

export const SsoUnauthorized: Story = {
  parameters: { path: '/error?type=sso-unauthorized' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('You are not authorized to access this organization'),
    ).toBeVisible();
  },
};
