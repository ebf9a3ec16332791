import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SWRConfig } from 'swr';
import { listDevices, unenrollDevices } from '@contract/devices';
import type { DeviceColumn } from '@domain/preferences';
import { DEFAULT_PREFERENCES, getPreferences, updatePreferences } from '@contract/preferences';
import { acmeDevices, devicePage, emptyDevicePage } from '@contract/fixtures/devices';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { StoryRouter } from '../mocks/story-router';
import DashboardScreen from './dashboard-screen';

/** Answers the list call from the fixture, honouring page and page size like the server. */
const listFromFixture = mockEndpoint(listDevices, (request) => {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get('page') ?? 1);
  const pageSize = Number(url.searchParams.get('pageSize') ?? 50);
  const severities = url.searchParams.getAll('severity');
  const devices = severities.length
    ? acmeDevices.filter((d) => d.severity && severities.includes(d.severity))
    : acmeDevices;
  return devicePage(devices, page, pageSize);
});

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story, { parameters }) => (
      // A fresh cache per story, so stories never share pages.
      <SWRConfig value={{ provider: () => new Map() }}>
        <StoryRouter path={(parameters.path as string | undefined) ?? '/dashboard'}>
          <div className="p-6">
            <Story />
          </div>
        </StoryRouter>
      </SWRConfig>
    ),
  ],
} satisfies Meta<typeof DashboardScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  parameters: { msw: { handlers: [listFromFixture, mockEndpoint(unenrollDevices, {})] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Devices' });
    // The rows arrive in batches (progressive rendering): wait for the whole page, with room for
    // a loaded machine (ten batches of five rows, each a task).
    await waitFor(
      () =>
        expect(within(table).getAllByRole('checkbox', { name: /^Select row/ })).toHaveLength(50),
      { timeout: 5000 },
    );
    await expect(canvas.getByText('Our New Portal is Live!')).toBeVisible();
    await expect(canvas.getByText('1–50 of 137 devices')).toBeVisible();
  },
};

export const FilteredCritical: Story = {
  parameters: { path: '/dashboard?severity=critical', msw: { handlers: [listFromFixture] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Devices' });
    await expect(await canvas.findByRole('button', { name: /FILTERS/ })).toHaveAccessibleName(
      /1 selected/,
    );
  },
};

/** A member quarantined by conditional access: the pill beside the name, the reason as its title. */
export const Quarantined: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(listDevices, () =>
          devicePage(
            acmeDevices
              .slice(0, 5)
              .map((d, i) =>
                i === 0 ? { ...d, quarantine: 'Pixel 8a: Open critical alert; No screen lock' } : d,
              ),
            1,
            50,
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Devices' });
    const pill = await within(table).findByTitle('Pixel 8a: Open critical alert; No screen lock');
    await expect(pill).toHaveTextContent('Quarantined');
    await expect(within(table).getAllByText('Quarantined')).toHaveLength(1);
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint(listDevices, emptyDevicePage, { delayMs: 'infinite' })] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Devices' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** A new organization: no devices yet, and the way to invite members (not "no match"). */
export const Empty: Story = {
  parameters: { msw: { handlers: [mockEndpoint(listDevices, emptyDevicePage)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No devices yet')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Invite members' })).toHaveAttribute(
      'href',
      '/member-management',
    );
    await expect(canvas.queryByText('No devices match these filters.')).toBeNull();
  },
};

/** Filters match nothing: say so, with the way out. */
export const NoMatch: Story = {
  parameters: {
    path: '/dashboard?enrolled=false&severity=critical',
    msw: { handlers: [mockEndpoint(listDevices, emptyDevicePage)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No devices match these filters.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: [mockEndpoint(listDevices, { status: 500 })] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alerts = await canvas.findAllByRole('alert');
    await expect(alerts.map((a) => a.textContent).join(' ')).toContain(
      'Failed to get dashboard rows',
    );
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** Retry fetches the page again; the rows replace the error. */
export const FailedThenRetry: Story = {
  parameters: {
    msw: {
      handlers: [
        (() => {
          let calls = 0;
          return mockEndpoint(listDevices, (request) =>
            ++calls === 1
              ? { status: 500 }
              : devicePage(
                  acmeDevices,
                  Number(new URL(request.url).searchParams.get('page') ?? 1),
                  50,
                ),
          );
        })(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Retry' }));
    const table = canvas.getByRole('table', { name: 'Devices' });
    await waitFor(() =>
      expect(within(table).getAllByRole('checkbox', { name: /^Select row/ })).toHaveLength(50),
    );
  },
};

export const UnenrollConfirmation: Story = {
  parameters: { msw: { handlers: [listFromFixture, mockEndpoint(unenrollDevices, {})] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const boxes = await canvas.findAllByRole('checkbox', { name: /^Select row/ });
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    const bulk = canvas.getByRole('group', { name: 'Selected devices' });
    await expect(bulk).toHaveTextContent('2 selected');
    await userEvent.click(within(bulk).getByRole('button', { name: 'Unenroll' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('Unenroll 2 device(s)?');
  },
};

/**
 * The administrator's own column layout, from the server (docs/decisions/060): Device Code first,
 * Device and OS Version hidden; hiding Severity in the chooser saves the new layout at once.
 */
const CUSTOM_ORDER = [
  'code',
  'memberName',
  'model',
  'osVersion',
  'enrolled',
  'severity',
  'lastScanAt',
] as const satisfies DeviceColumn[];

export const CustomisedColumns: Story = {
  parameters: {
    msw: {
      handlers: [
        listFromFixture,
        mockEndpoint(getPreferences, {
          ...DEFAULT_PREFERENCES,
          deviceColumns: {
            order: [
              'code',
              'memberName',
              'model',
              'osVersion',
              'enrolled',
              'severity',
              'lastScanAt',
            ],
            hidden: ['model', 'osVersion'],
          },
        }),
        // The server's answer to hiding Severity (the screen shows it before the answer).
        mockEndpoint(updatePreferences, {
          ...DEFAULT_PREFERENCES,
          deviceColumns: { order: CUSTOM_ORDER, hidden: ['model', 'osVersion', 'severity'] },
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Devices' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent?.trim())
          .filter(Boolean),
      ).toEqual(['Device Code', 'Member', 'Enrolment', 'Severity', 'Last Scan']),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Columns 5/7 shown' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('checkbox', { name: 'Severity' }));
    await waitFor(() =>
      expect(within(table).queryByRole('columnheader', { name: /Severity/ })).toBeNull(),
    );
    await userEvent.keyboard('{Escape}');
  },
};
