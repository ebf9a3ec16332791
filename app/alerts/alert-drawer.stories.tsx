import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { AlertDetail } from '@contract/alerts';
import { sampleAlertDetail } from '@contract/fixtures/alerts';
import type { DetailRead } from '../data/use-detail';
import { StoryRouter } from '../mocks/story-router';
import AlertDrawer from './alert-drawer';

const read = (over: Partial<DetailRead<AlertDetail>> = {}): DetailRead<AlertDetail> => ({
  data: sampleAlertDetail,
  loading: false,
  notFound: false,
  failed: false,
  retry: fn(),
  revalidate: async () => undefined,
  ...over,
});

const meta = {
  title: 'Screens/Alerts/Alert drawer',
  component: AlertDrawer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { id: sampleAlertDetail.alert.scanId, read: read(), onClose: fn() },
  decorators: [
    (Story) => (
      <StoryRouter path="/alerts-console">
        <Story />
      </StoryRouter>
    ),
  ],
} satisfies Meta<typeof AlertDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

const drawer = () => within(document.body).findByRole('dialog');

export const Loaded: Story = {
  play: async ({ args }) => {
    const dialog = within(await drawer());
    await expect(dialog.getByRole('heading', { name: 'Banking trojan' })).toBeVisible();
    await expect(dialog.getByText('trojan.banker.1')).toBeVisible();
    await expect(dialog.getByText(/Cleared/)).toBeVisible();
    await expect(dialog.getByText('Opened by a device scan')).toBeVisible();
    await expect(dialog.getByText(/by Avery Admin/)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'iPhone 15 Pro' })).toHaveAttribute(
      'href',
      '/dashboard?device=ACME-DANA-0001',
    );
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const StillFoundNeverChanged: Story = {
  args: {
    read: read({
      data: {
        ...sampleAlertDetail,
        threats: [
          { name: 'Spyware implant detected' },
          { name: 'Data exfiltration to unknown host', category: 'network' },
        ],
        history: [sampleAlertDetail.history[0]!],
      },
    }),
  },
  play: async () => {
    const dialog = within(await drawer());
    await expect(dialog.getAllByText('Still found')).toHaveLength(2);
  },
};

export const MalformedDescription: Story = {
  args: {
    read: read({
      data: {
        ...sampleAlertDetail,
        alert: { ...sampleAlertDetail.alert, alertDescription: '[{"threat":"Trojan dr' },
        deviceCode: undefined,
        threats: [],
      },
    }),
  },
  play: async () => {
    const dialog = within(await drawer());
    await expect(dialog.getByText('Details unavailable:')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { read: read({ data: undefined, loading: true }) },
  play: async () => {
    const dialog = within(await drawer());
    await expect(dialog.getByRole('status')).toHaveTextContent('Loading the alert');
  },
};

export const ErrorWithRetry: Story = {
  args: { read: read({ data: undefined, failed: true }) },
  play: async ({ args }) => {
    const dialog = within(await drawer());
    await userEvent.click(dialog.getByRole('button', { name: 'Retry' }));
    await expect(args.read.retry).toHaveBeenCalled();
  },
};

export const NotFound: Story = {
  args: { id: 'no-such-alert', read: read({ data: undefined, notFound: true }) },
  play: async () => {
    const dialog = within(await drawer());
    await expect(dialog.getByRole('heading', { name: 'Alert not found.' })).toBeVisible();
  },
};
