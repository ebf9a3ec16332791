import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { lookupOrg } from '@contract/orgs';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { StoryRouter } from '../mocks/story-router';
import LookupScreen from './lookup-screen';

const meta = {
  title: 'Screens/Signed out/Lookup',
  component: LookupScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <StoryRouter path="/look-up">
        <Story />
      </StoryRouter>
    ),
  ],
} satisfies Meta<typeof LookupScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  parameters: { msw: { handlers: [mockEndpoint(lookupOrg, { sso: false, hasSSO: false })] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Lookup' });
    await expect(button).toBeDisabled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Organization Name' }), 'Acme');
    await expect(button).toBeEnabled();
  },
};

export const Busy: Story = {
  parameters: {
    msw: {
      handlers: [mockEndpoint(lookupOrg, { sso: false, hasSSO: false }, { delayMs: 'infinite' })],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Organization Name' }), 'Acme');
    await userEvent.click(canvas.getByRole('button', { name: 'Lookup' }));
    await expect(await canvas.findByRole('button', { name: 'Loading...' })).toBeDisabled();
  },
};

export const UnknownOrganization: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(lookupOrg, { status: 404, body: { error: 'Organization not found.' } }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Organization Name' }), 'No Such Co');
    await userEvent.click(canvas.getByRole('button', { name: 'Lookup' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Unable to find company.');
  },
};
