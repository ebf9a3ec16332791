import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SWRConfig } from 'swr';
import { listAlerts, updateAlerts } from '@contract/alerts';
import { acmeAlerts, alertPage, emptyAlertPage, sampleAlerts } from '@contract/fixtures/alerts';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { StoryRouter } from '../mocks/story-router';
import AlertsScreen from './alerts-screen';

const all = [...sampleAlerts, ...acmeAlerts];
const listFromFixture = mockEndpoint(listAlerts, (request) => {
  const url = new URL(request.url);
  const status = url.searchParams.get('status');
  const alerts = status ? all.filter((a) => a.alertStatus.toLowerCase() === status) : all;
  return alertPage(
    alerts,
    Number(url.searchParams.get('page') ?? 1),
    Number(url.searchParams.get('pageSize') ?? 50),
  );
});

const meta = {
  title: 'Screens/Alerts console',
  component: AlertsScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story, { parameters }) => (
      <SWRConfig value={{ provider: () => new Map() }}>
        <StoryRouter path={(parameters.path as string | undefined) ?? '/alerts-console'}>
          <div className="p-6">
            <Story />
          </div>
        </StoryRouter>
      </SWRConfig>
    ),
  ],
} satisfies Meta<typeof AlertsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  parameters: { msw: { handlers: [listFromFixture] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Alert list' });
    const action = canvas.getByRole('combobox', { name: 'ACTION' });
    await expect(action).toBeDisabled();
  },
};

export const Selection: Story = {
  parameters: { msw: { handlers: [listFromFixture, mockEndpoint(updateAlerts, {})] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const boxes = await canvas.findAllByRole('checkbox', { name: /^Select row/ });
    await userEvent.click(boxes[0]!);
    const action = canvas.getByRole('combobox', { name: 'ACTION' });
    await expect(action).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Update' })).toBeNull();
    await userEvent.selectOptions(action, 'Set status to Closed');
    await expect(canvas.getByRole('button', { name: 'Update' })).toBeVisible();
  },
};

export const Updating: Story = {
  parameters: {
    msw: { handlers: [listFromFixture, mockEndpoint(updateAlerts, {}, { delayMs: 'infinite' })] },
    path: '/alerts-console?status=open',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const boxes = await canvas.findAllByRole('checkbox', { name: /^Select row/ });
    await userEvent.click(boxes[0]!);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'ACTION' }),
      'Set status to Closed',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Update' }));
    await expect(await canvas.findByRole('button', { name: 'Updating...' })).toBeDisabled();
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint(listAlerts, emptyAlertPage, { delayMs: 'infinite' })] },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('table', { name: 'Alert list' }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [mockEndpoint(listAlerts, emptyAlertPage)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No alerts found for your organization!')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View device scans' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: [mockEndpoint(listAlerts, { status: 500 })] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(async () => {
      const alerts = await canvas.findAllByRole('alert');
      await expect(alerts.map((a) => a.textContent).join(' ')).toContain('Failed to get alerts');
    });
  },
};
