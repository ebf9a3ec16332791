import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { sessions } from '@contract/fixtures/sessions';
import { login } from '@contract/session';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { StoryRouter } from '../mocks/story-router';
import LoginScreen from './login-screen';

const meta = {
  title: 'Screens/Signed out/Account Sign In',
  component: LoginScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <StoryRouter path="/login?slug=acme">
        <Story />
      </StoryRouter>
    ),
  ],
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndSubmit(canvasElement: HTMLElement, email = 'admin@acme.test') {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), email);
  await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), 'Portal-Demo-1!');
  await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
  return canvas;
}

export const Default: Story = {
  parameters: { msw: { handlers: [mockEndpoint(login, sessions.acme)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    const email = canvas.getByRole('textbox', { name: 'Email' });
    await userEvent.type(email, 'jürgen@acme.test');
    await userEvent.tab();
    await expect(await canvas.findByText('Unicode characters not supported')).toBeVisible();
    await userEvent.clear(email);
    await userEvent.type(email, 'admin@acme');
    await expect(await canvas.findByText('Enter a valid Email')).toBeVisible();
  },
};

export const Verifying: Story = {
  parameters: { msw: { handlers: [mockEndpoint(login, sessions.acme, { delayMs: 'infinite' })] } },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSubmit(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
  },
};

export const LoginPolicyRefusal: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(login, { status: 403, body: { error: 'Access limited by login policy.' } }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSubmit(canvasElement, 'blocked@acme.test');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Access limited due to login policy. Contact your administrator for details.',
    );
  },
};

export const ServerMessage: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(login, { status: 401, body: { error: 'Incorrect email or password.' } }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSubmit(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Incorrect email or password.',
    );
  },
};

export const UnexplainedFailure: Story = {
  parameters: { msw: { handlers: [mockEndpoint(login, { status: 500 })] } },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSubmit(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Error: Failed to login user.',
    );
  },
};
