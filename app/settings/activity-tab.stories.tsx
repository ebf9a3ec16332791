import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  getAuditFilterOptions,
  getAuditSettings,
  listAuditEvents,
  updateAuditSettings,
} from '@contract/audit';
import {
  answerAuditList,
  auditEmptyPage,
  auditFilterOptions,
  auditPageOfMany,
  auditSettingsDefault,
} from '../mocks/audit-fixtures';
import { mockEndpoint } from '../mocks/mock-endpoint';
import { screenDecorator } from '../mocks/screen-decorator';
import SettingsScreen from './settings-screen';

const meta = {
  title: 'Screens/Settings/Activity',
  component: SettingsScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', path: '/settings?tab=activity' },
  decorators: [screenDecorator],
} satisfies Meta<typeof SettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The tab's reads answered from the example log; `overrides` come first and win. */
const activity = (overrides: Parameters<typeof mockEndpoint>[] = []) => [
  ...overrides.map((args) => mockEndpoint(...args)),
  mockEndpoint(listAuditEvents, (request) => answerAuditList(request)),
  mockEndpoint(getAuditFilterOptions, auditFilterOptions),
  mockEndpoint(getAuditSettings, auditSettingsDefault),
];

/** The log, newest first, with the filters, the export menu and the retention card. */
export const Activity: Story = {
  parameters: { msw: { handlers: activity() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Malicious app on Pixel 8 (Jordan Lee)')).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Activity', selected: true })).toBeVisible();
    await expect(canvas.getByText('6 events')).toBeVisible();
    await expect(canvas.getByText('Alerts closed')).toBeVisible();
    await expect(await canvas.findByLabelText('Keep events for')).toHaveValue('ONE_YEAR');
  },
};

/** A row opened: SCIM's before → after, the secret only as '[redacted]'. */
export const RowDetails: Story = {
  parameters: { msw: { handlers: activity() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Details of SCIM updated by Avery Admin' }),
    );
    const changes = canvas.getByRole('table', { name: 'Changes' });
    await expect(within(changes).getByText(/\[redacted\]/)).toBeVisible();
    await expect(canvas.getByText('req_5a3e81c0aa')).toBeVisible();
  },
};

/** Choosing 'Failure' narrows the list to the wrong password; the filters go into the address. */
export const FilterByOutcome: Story = {
  parameters: { msw: { handlers: activity() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Malicious app on Pixel 8 (Jordan Lee)');
    await userEvent.selectOptions(canvas.getByLabelText('Outcome'), 'failure');
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('[data-slot="audit-event"]')).toHaveLength(1),
    );
    await expect(canvas.getByText('Incorrect email or password.')).toBeVisible();
    await expect(canvas.getByText('1 event')).toBeVisible();
    // The export links carry the filter.
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    const csv = await within(document.body).findByRole('menuitem', { name: 'CSV (spreadsheet)' });
    await expect(csv).toHaveAttribute('href', '/api/orgs/audit-events/export.csv?outcome=failure');
    await userEvent.keyboard('{Escape}');
  },
};

/** Filters from the address that match nothing: 'Clear filters' shows the whole log again. */
export const NoMatch: Story = {
  parameters: {
    path: '/settings?tab=activity&q=nothing-like-this',
    msw: { handlers: activity() },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No events match these filters.')).toBeVisible();
    await expect(canvas.getByLabelText('Search targets')).toHaveValue('nothing-like-this');
    const clear = canvas.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clear.at(-1)!);
    await expect(await canvas.findByText('Malicious app on Pixel 8 (Jordan Lee)')).toBeVisible();
    await expect(canvas.getByLabelText('Search targets')).toHaveValue('');
  },
};

/** A new organization's log. */
export const Empty: Story = {
  parameters: { msw: { handlers: activity([[listAuditEvents, auditEmptyPage]]) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^No activity yet/)).toBeVisible();
  },
};

/** Many pages: the dashboard's paginator. */
export const ManyPages: Story = {
  parameters: { msw: { handlers: activity([[listAuditEvents, auditPageOfMany]]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('1,234 events')).toBeVisible();
    const pages = canvas.getByRole('navigation', { name: 'Activity pages' });
    await expect(within(pages).getByRole('button', { name: 'Page 25' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mockEndpoint(listAuditEvents, auditEmptyPage, { delayMs: 'infinite' }),
        ...activity(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading activity')).toBeInTheDocument();
  },
};

/** The list cannot be read: the message with 'Retry', which reads it again. */
export const LoadFails: Story = {
  parameters: { msw: { handlers: activity([[listAuditEvents, { status: 500 }]]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Failed to get activity.');
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** A refused retention save: the message on the card, the field back on the saved value. */
export const RetentionSaveFails: Story = {
  parameters: {
    msw: { handlers: activity([[updateAuditSettings, { status: 500, body: { error: 'boom' } }]]) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = await canvas.findByLabelText('Keep events for');
    await userEvent.selectOptions(select, 'NEVER');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const card = canvas.getByRole('region', { name: 'Retention' });
    await expect(await within(card).findByRole('alert')).toBeVisible();
    await expect(select).toHaveValue('ONE_YEAR');
  },
};

/** A saved retention: the success toast. */
export const RetentionSaved: Story = {
  parameters: {
    visual: { toasts: true },
    msw: { handlers: activity([[updateAuditSettings, { retention: 'NEVER' }]]) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByLabelText('Keep events for'), 'NEVER');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(
      await within(document.body).findByText('Successfully updated activity retention.'),
    ).toBeVisible();
  },
};
