import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { DeviceDetail } from '@contract/devices';
import { sampleDeviceDetail } from '@contract/fixtures/devices';
import { isoBeforeNow, DAY, HOUR } from '@contract/fixtures/random';
import type { DetailRead } from '../data/use-detail';
import { StoryRouter } from '../mocks/story-router';
import DeviceDrawer from './device-drawer';

const read = (over: Partial<DetailRead<DeviceDetail>> = {}): DetailRead<DeviceDetail> => ({
  data: sampleDeviceDetail,
  loading: false,
  notFound: false,
  failed: false,
  retry: fn(),
  revalidate: async () => undefined,
  ...over,
});

const meta = {
  title: 'Screens/Dashboard/Device drawer',
  component: DeviceDrawer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    code: sampleDeviceDetail.device.code,
    read: read(),
    onClose: fn(),
    onUnenroll: fn(async () => true),
    unenrolling: false,
  },
  decorators: [
    (Story) => (
      <StoryRouter path="/dashboard">
        <Story />
      </StoryRouter>
    ),
  ],
} satisfies Meta<typeof DeviceDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

const drawer = () => within(document.body).findByRole('dialog');

export const Loaded: Story = {
  play: async ({ args }) => {
    const dialog = within(await drawer());
    await expect(dialog.getByRole('heading', { name: 'Riley Okafor' })).toBeVisible();
    await expect(dialog.getByText('riley.okafor@acme.test')).toBeVisible();
    await expect(dialog.getByText('5.2.0')).toBeVisible();
    // Relative times with the exact one a Tab away.
    const lastSeen = dialog.getByText('3 hours ago');
    await expect(lastSeen.tagName).toBe('TIME');
    await expect(dialog.getByRole('link', { name: 'Outdated OS version' })).toHaveAttribute(
      'href',
      '/alerts-console?alert=scan-riley-1',
    );
    // Unenroll asks first, with the list's words, then unenrols this one device and closes.
    await userEvent.click(dialog.getByRole('button', { name: 'Unenroll' }));
    const confirm = within(await within(document.body).findByRole('alertdialog'));
    await expect(confirm.getByText(/Unenroll 1 device\(s\)\?/)).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Unenroll' }));
    await waitFor(() => expect(args.onUnenroll).toHaveBeenCalledWith('ACME-RILE-0002'));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

export const Loading: Story = {
  args: { read: read({ data: undefined, loading: true }) },
  play: async () => {
    const dialog = within(await drawer());
    await expect(dialog.getByRole('status')).toHaveTextContent('Loading the device');
  },
};

export const ErrorWithRetry: Story = {
  args: { read: read({ data: undefined, failed: true }) },
  play: async ({ args }) => {
    const dialog = within(await drawer());
    await expect(dialog.getByText('Failed to get the device details.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Retry' }));
    await expect(args.read.retry).toHaveBeenCalled();
  },
};

export const NotFound: Story = {
  args: { code: 'NOPE-0000', read: read({ data: undefined, notFound: true }) },
  play: async ({ args }) => {
    const dialog = within(await drawer());
    await expect(dialog.getByRole('heading', { name: 'Device not found.' })).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Unenroll' })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Back to the list' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const NoAlertsQuarantined: Story = {
  args: {
    read: read({
      data: {
        ...sampleDeviceDetail,
        device: { ...sampleDeviceDetail.device, severity: 'secure', quarantine: 'Screen lock off' },
        member: {
          name: 'Riley Okafor',
          email: 'riley.okafor@acme.test',
          status: 'enrolled',
          quarantine: 'Screen lock off for 3 days',
          quarantinedAt: isoBeforeNow(DAY),
        },
        screenLock: false,
        openAlerts: [],
        openAlertCount: 0,
      },
    }),
  },
  play: async () => {
    const dialog = within(await drawer());
    await expect(dialog.getByText('No open alerts.')).toBeVisible();
    await expect(dialog.getByText('Not set')).toBeVisible();
    await expect(dialog.getByText('Screen lock off for 3 days')).toBeInTheDocument();
  },
};

export const NothingReportedYet: Story = {
  args: {
    read: read({
      data: {
        device: { code: 'ACME-PEND-0009', memberName: 'Pat Pending', enrolled: false },
        member: { name: 'Pat Pending', email: 'pat@acme.test', status: 'invited' },
        osHistory: [],
        scans: [],
        openAlerts: [],
        openAlertCount: 0,
      },
    }),
  },
  play: async () => {
    const dialog = within(await drawer());
    await expect(dialog.getByText('No scan reported yet.')).toBeVisible();
    await expect(dialog.getByText('No OS version reported yet.')).toBeVisible();
  },
};

const manyAlerts = Array.from({ length: 20 }, (_, i) => ({
  ...sampleDeviceDetail.openAlerts[0]!,
  alertName: `Suspicious app ${i + 1} with a rather long name that wraps on a phone`,
  scanId: `scan-long-${i}`,
  scanTime: isoBeforeNow((i + 1) * HOUR),
}));

export const LongLists: Story = {
  args: {
    read: read({
      data: {
        ...sampleDeviceDetail,
        osHistory: Array.from({ length: 10 }, (_, i) => ({
          version: `13.${9 - i}`,
          firstSeenAt: isoBeforeNow((i + 1) * 9 * DAY),
        })),
        scans: Array.from({ length: 10 }, (_, i) => ({
          scannedAt: isoBeforeNow((i + 1) * 7 * HOUR),
          osVersion: '13.9',
          findings: i % 3,
        })),
        openAlerts: manyAlerts,
        openAlertCount: 57,
      },
    }),
  },
  play: async () => {
    const dialog = within(await drawer());
    await expect(dialog.getByText(/and 37 more in the/)).toBeInTheDocument();
  },
};
