import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { MembersDirectory, SCIM_MANAGED_TEXT, type DirectoryMember } from './members-directory';

const NOW = new Date('2026-11-24T08:00:00Z');

const MEMBERS: DirectoryMember[] = [
  {
    id: '1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    source: 'manual',
    status: 'invited',
    scimManaged: false,
    devices: 1,
    invitedAt: '2026-11-20T09:00:00Z',
    lastScanAt: null,
  },
  {
    id: '2',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    source: 'csv',
    status: 'enrolled',
    scimManaged: false,
    devices: 2,
    invitedAt: '2026-11-01T09:00:00Z',
    lastScanAt: '2026-11-23T17:00:00Z',
  },
  {
    id: '3',
    name: 'Alan Turing',
    email: 'alan@example.com',
    source: 'sso',
    status: 'deactivated',
    scimManaged: false,
    devices: 1,
    invitedAt: '2026-10-01T09:00:00Z',
    lastScanAt: '2026-10-20T17:00:00Z',
  },
  {
    id: '4',
    name: 'Joan Clarke',
    email: 'joan@example.com',
    source: 'scim',
    status: 'enrolled',
    scimManaged: true,
    devices: 1,
    invitedAt: '2026-11-02T09:00:00Z',
    lastScanAt: '2026-11-24T07:00:00Z',
  },
  {
    id: '5',
    name: 'Tommy Flowers',
    email: 'tommy@example.com',
    source: 'manual',
    status: 'invited',
    scimManaged: false,
    devices: 1,
    invitedAt: '2026-11-24T07:50:00Z',
    lastScanAt: null,
  },
];

const LONG: DirectoryMember[] = [
  {
    ...MEMBERS[0]!,
    name: 'Maria Anna Walburga Ignatia Mozart-Berchtold zu Sonnenburg von Salzburg',
    email:
      'maria.anna.walburga.ignatia.mozart-berchtold.zu.sonnenburg@subsidiary.example-organisation.com',
    devices: 12345,
  },
  MEMBERS[3]!,
];

const meta = {
  title: 'Portal/MembersDirectory',
  component: MembersDirectory,
  tags: ['autodocs'],
  args: {
    members: MEMBERS,
    filters: { q: '', status: '', source: '' },
    onFiltersChange: fn(),
    page: 1,
    pageCount: 1,
    pageSize: 50,
    total: MEMBERS.length,
    onPageChange: fn(),
    onPageSizeChange: fn(),
    onAction: fn(),
    onRetry: fn(),
    now: NOW,
  },
} satisfies Meta<typeof MembersDirectory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every source and status; SCIM-managed members show no actions; resend waits for its cool-down. */
export const Members: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(SCIM_MANAGED_TEXT)).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Deactivate Joan Clarke' })).toBeNull();
    await expect(
      canvas.getByRole('button', { name: 'Resend invitation to Tommy Flowers' }),
    ).toBeDisabled();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Resend invitation to Ada Lovelace' }),
    );
    await expect(args.onAction).toHaveBeenLastCalledWith('resend', MEMBERS[0]);
    await userEvent.click(canvas.getByRole('button', { name: 'Deactivate Grace Hopper' }));
    await expect(args.onAction).toHaveBeenLastCalledWith('deactivate', MEMBERS[1]);
    await userEvent.click(canvas.getByRole('button', { name: 'Reactivate Alan Turing' }));
    await expect(args.onAction).toHaveBeenLastCalledWith('reactivate', MEMBERS[2]);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search members' }), 'ada{Enter}');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({
      q: 'ada',
      status: '',
      source: '',
    });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Source' }), 'SCIM');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({
      q: '',
      status: '',
      source: 'scim',
    });
  },
};

/** Members quarantined by conditional access: the pill under the status, and the reason. */
export const Quarantined: Story = {
  args: {
    members: [
      { ...MEMBERS[1]!, quarantine: 'Pixel 9: No scan for more than seven days' },
      {
        ...MEMBERS[3]!,
        quarantine:
          'iPhone 15: Open high alert; OS 17.7 outdated for more than three days (newest: 18.2); No screen lock',
      },
      MEMBERS[0]!,
    ],
    total: 3,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('Quarantined')).toHaveLength(2);
    await expect(canvas.getByText('Pixel 9: No scan for more than seven days')).toBeVisible();
  },
};

export const Loading: Story = { args: { members: [], loading: true, total: 0, pageCount: 0 } };

export const Empty: Story = {
  args: { members: [], total: 0, pageCount: 0 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('No members yet. Add members to invite them.'),
    ).toBeInTheDocument();
  },
};

export const NoMatch: Story = {
  args: {
    members: [],
    total: 0,
    pageCount: 0,
    filters: { q: 'zed', status: 'deactivated', source: '' },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('No members match these filters.'),
    ).toBeInTheDocument();
  },
};

export const Error: Story = {
  args: { members: [], total: 0, pageCount: 0, error: 'Failed to fetch members' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Failed to fetch members')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const LongValues: Story = {
  args: { members: LONG, total: 123456, page: 3, pageCount: 2470 },
};

export const PhoneWidth: Story = {
  args: { members: MEMBERS, total: 240, page: 2, pageCount: 5 },
  decorators: [(Story) => <div style={{ width: 375 }}>{Story()}</div>],
};
