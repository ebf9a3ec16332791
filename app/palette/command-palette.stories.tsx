import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { listDevices } from '@contract/devices';
import { sampleDevices } from '@contract/fixtures/devices';
import { listMemberDirectory } from '@contract/member-directory';
import { mockEndpoint } from '../mocks/mock-endpoint';
import CommandPalette from './command-palette';
import ShortcutsDialog from './shortcuts-dialog';

const foundDevices = mockEndpoint(listDevices, {
  devices: sampleDevices.slice(0, 1),
  totalPages: 1,
  total: 1,
});
const foundMembers = mockEndpoint(listMemberDirectory, {
  members: [
    {
      id: 'm1',
      name: 'Dana Lee',
      email: 'dana.lee@acme.test',
      source: 'manual',
      status: 'enrolled',
      scimManaged: false,
      devices: 1,
      invitedAt: null,
      lastScanAt: null,
    },
  ],
  totalPages: 1,
  total: 1,
});

const meta = {
  title: 'Screens/CommandPalette',
  component: CommandPalette,
  tags: ['autodocs'],
  args: { open: true, onOpenChange: fn(), threatHunterAccess: true, onNavigate: fn() },
  parameters: { layout: 'fullscreen', msw: { handlers: [foundDevices, foundMembers] } },
} satisfies Meta<typeof CommandPalette>;

export default meta;
type Story = StoryObj<typeof meta>;

const palette = (canvasElement: HTMLElement) =>
  within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Command palette' });

/** Open: screens, settings tabs (Threat Hunter with access) and actions. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await palette(canvasElement));
    await expect(dialog.getByRole('combobox')).toHaveFocus();
    await expect(dialog.getByRole('option', { name: 'Settings › Threat Hunter' })).toBeVisible();
    await expect(dialog.getByRole('option', { name: 'Invite members' })).toBeVisible();
    await expect(dialog.getByRole('option', { name: 'Export devices' })).toBeVisible();
  },
};

/** Without Threat Hunter access its tab is not offered. */
export const WithoutThreatHunter: Story = {
  args: { threatHunterAccess: false },
  play: async ({ canvasElement }) => {
    const dialog = within(await palette(canvasElement));
    await expect(dialog.getByRole('option', { name: 'Settings › Activity' })).toBeVisible();
    await expect(dialog.queryByRole('option', { name: 'Settings › Threat Hunter' })).toBeNull();
  },
};

/** Typing filters the commands; choosing one goes there. */
export const GoToSettingsTab: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = within(await palette(canvasElement));
    await userEvent.type(dialog.getByRole('combobox'), 'sso');
    // The server search (250 ms after the last key) answers first: the screenshot below is taken
    // with the palette still open (onOpenChange is a spy), and must not catch it half-way.
    await waitFor(() => expect(dialog.getByRole('status')).toHaveTextContent(/found/));
    // Several tabs match 'sso' loosely (cmdk's fuzzy match); the e2e test chooses with Enter.
    await userEvent.click(dialog.getByRole('option', { name: 'Settings › SSO' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/settings?tab=sso');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** A device and a member found on the server. */
export const FoundOnTheServer: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = within(await palette(canvasElement));
    await userEvent.type(dialog.getByRole('combobox'), 'dana');
    const device = await dialog.findByRole('option', { name: /ACME-DANA-0001/ });
    await expect(dialog.getByRole('option', { name: /dana.lee@acme.test/ })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveTextContent('1 device(s), 1 member(s) found');
    await userEvent.click(device);
    await expect(args.onNavigate).toHaveBeenCalledWith(
      '/dashboard?q=ACME-DANA-0001&device=ACME-DANA-0001',
    );
  },
};

/** The search call failed: said in the status line, the commands still work. */
export const SearchFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(listDevices, { status: 500, body: { error: 'Internal server error' } }),
        foundMembers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await palette(canvasElement));
    await userEvent.type(dialog.getByRole('combobox'), 'dana');
    await waitFor(() =>
      expect(dialog.getByRole('status')).toHaveTextContent(
        'Failed to search devices and members. Please try again',
      ),
    );
  },
};

/** Still searching (the server has not answered). */
export const Searching: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(
          listDevices,
          { devices: [], totalPages: 0, total: 0 },
          { delayMs: 'infinite' },
        ),
        foundMembers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await palette(canvasElement));
    await userEvent.type(dialog.getByRole('combobox'), 'zed');
    await expect(dialog.getByRole('status')).toHaveTextContent('Searching devices and members…');
    // Nothing matches yet: the empty list is hidden, the text says so.
    await expect(dialog.getByText('Searching…')).toBeVisible();
    await expect(dialog.queryByRole('listbox')).toBeNull();
  },
};

/** The `?` dialog. */
export const Shortcuts: StoryObj<typeof ShortcutsDialog> = {
  render: () => <ShortcutsDialog open onOpenChange={() => {}} />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Keyboard shortcuts' }));
    await expect(dialog.getByText('Open the command palette')).toBeVisible();
    await expect(dialog.getByText("Search the current page's table")).toBeVisible();
  },
};
