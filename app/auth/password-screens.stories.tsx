import type * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { resetPassword, updatePassword } from '@contract/session';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { StoryRouter } from '../mocks/story-router';
import PasswordResetScreen from './password-reset-screen';
import UpdatePasswordScreen from './update-password-screen';
import { Route } from 'wouter';

const meta = {
  title: 'Screens/Signed out/Password',
  component: PasswordResetScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PasswordResetScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const recovery = (Story: React.ComponentType) => (
  <StoryRouter path="/password-reset">
    <Story />
  </StoryRouter>
);

const update = () => (
  <StoryRouter path="/update-password/example-token">
    <Route path="/update-password/:token" component={UpdatePasswordScreen} />
  </StoryRouter>
);

export const Recovery: Story = {
  decorators: [recovery],
  parameters: { msw: { handlers: [mockEndpoint(resetPassword, {})] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'admin@acme.test');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Instructions' }));
    await expect(await canvas.findByText(/reset instructions have been sent/)).toBeVisible();
    await expect(canvas.getByText(/within ten minutes/)).toBeVisible();
  },
};

export const RecoveryFailed: Story = {
  decorators: [recovery],
  parameters: { msw: { handlers: [mockEndpoint(resetPassword, { status: 500 })] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'admin@acme.test');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Instructions' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Failed to request password reset.',
    );
  },
};

export const Update: Story = {
  render: update,
  parameters: { msw: { handlers: [mockEndpoint(updatePassword, {})] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const submit = canvas.getByRole('button', { name: 'Update Password' });
    const password = canvas.getByLabelText('Password', { selector: 'input' });
    const confirm = canvas.getByLabelText('Confirm Password', { selector: 'input' });
    await userEvent.type(password, 'Portal-Demo-2!');
    await userEvent.type(confirm, 'Portal-Demo-2');
    await userEvent.tab();
    await expect(await canvas.findByText('Passwords must match')).toBeVisible();
    await expect(submit).toBeDisabled();
    await userEvent.type(confirm, '!');
    await expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await expect(
      await canvas.findByText(
        'Your password has been updated. Please sign in with your new password.',
      ),
    ).toBeVisible();
  },
};

export const UpdateExpiredLink: Story = {
  render: update,
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(updatePassword, {
          status: 400,
          body: { error: 'This password reset link is invalid or has expired.' },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      canvas.getByLabelText('Password', { selector: 'input' }),
      'Portal-Demo-2!',
    );
    await userEvent.type(
      canvas.getByLabelText('Confirm Password', { selector: 'input' }),
      'Portal-Demo-2!',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Update Password' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to update password.');
    await expect(alert).toHaveTextContent('This password reset link is invalid or has expired.');
  },
};
