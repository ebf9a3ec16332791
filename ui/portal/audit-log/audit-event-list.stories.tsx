import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { AuditEventList, type AuditLogEvent } from './audit-event-list';
import { exampleActionLabels, exampleEvents } from './audit-log-examples';

const meta = {
  title: 'Settings/AuditEventList',
  component: AuditEventList,
  tags: ['autodocs'],
  args: {
    events: exampleEvents,
    formatAction: (action: string) => exampleActionLabels[action] ?? action,
    onRetry: fn(),
    onClearFilters: fn(),
  },
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
} satisfies Meta<typeof AuditEventList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Newest first: when (relative), who, what, on what, and the outcome. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = canvasElement.querySelectorAll('[data-slot="audit-event"]');
    await expect(rows).toHaveLength(exampleEvents.length);
    await expect(canvas.getAllByText('Avery Admin')[0]).toBeVisible();
    await expect(canvas.getByText('2 hours ago')).toBeVisible();
    await expect(canvas.getByText('Incorrect email or password.')).toBeVisible();
    // Every row's details start closed.
    for (const button of canvas.getAllByRole('button', { name: /^Details of/ })) {
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    }
  },
};

/** A row opened: the before → after of its changes and the request's details. */
export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', {
      name: 'Details of SCIM updated by Avery Admin',
    });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = canvasElement.querySelector(
      `#${CSS.escape(toggle.getAttribute('aria-controls')!)}`,
    );
    await expect(details).toBeVisible();
    const changes = within(details as HTMLElement).getByRole('table', { name: 'Changes' });
    // The changed field first, secrets only as '[redacted]'.
    const firstRow = within(changes).getAllByRole('row')[1]!;
    await expect(within(firstRow).getByRole('rowheader')).toHaveTextContent('enabled');
    await expect(firstRow).toHaveTextContent('removed false');
    await expect(firstRow).toHaveTextContent('added true');
    await expect(within(changes).getAllByText('[redacted]')).toHaveLength(2);
    await expect(within(details as HTMLElement).getByText('req_5a3e81c0aa')).toBeVisible();
    await expect(within(details as HTMLElement).getByText('203.0.113.24')).toBeVisible();
    // Closing hides it again.
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(details).not.toBeVisible();
    await userEvent.click(toggle);
  },
};

/** The exact time shows on keyboard focus (and hover) of the relative one. */
export const ExactTimeOnFocus: Story = {
  args: { events: exampleEvents.slice(0, 2) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab(); // the first row's details button
    await userEvent.tab(); // its time
    await expect(canvasElement.querySelector('time')).toHaveFocus();
    const tooltip = await within(document.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Nov 20, 2026, 2:03:10 PM UTC');
    await expect(canvas.getByText('2 minutes ago')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { events: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading activity');
  },
};

/** No event recorded yet. */
export const Empty: Story = {
  args: { events: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No activity yet/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  },
};

/** Filters select nothing: 'Clear filters' puts the whole log back. */
export const NoMatch: Story = {
  args: { events: [], filtered: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No events match these filters.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onClearFilters).toHaveBeenCalledTimes(1);
  },
};

export const LoadError: Story = {
  args: { events: undefined, loadError: 'Failed to get activity.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to get activity.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** The previous page stays, busy, under a spinner, while the next one loads. */
export const Refreshing: Story = {
  args: { refreshing: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="audit-event-list"]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

const longEvent: AuditLogEvent = {
  id: 'evt_long',
  time: '2026-11-20T10:00:00Z',
  actor: {
    type: 'scim',
    id: 'scim',
    display:
      'Okta SCIM provisioning for the Acme Corporation Worldwide Holdings tenant (production)',
  },
  action: 'webhook.configured',
  target: {
    type: 'webhook',
    id: 'wh_1',
    display:
      'https://hooks.example-integration-platform.test/services/T0123456789/B0123456789/abcdefghijklmnopqrstuvwxyz0123456789',
  },
  outcome: 'failure',
  message:
    'The webhook URL did not answer within 10 seconds. Check that the address is reachable from the internet and answers 2xx.',
  ip: '2001:db8:85a3:0000:0000:8a2e:0370:7334',
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36 Okta-SCIM-Connector/2024.11.0 (+https://www.okta.com/integrations/scim)',
  requestId: 'req_7f3e9a1c5b2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f',
  changes: {
    before: {
      url: 'https://old.example.test/hook',
      secret: '[redacted]',
      events: ['alert.created'],
    },
    after: {
      url: 'https://hooks.example-integration-platform.test/services/T0123456789/B0123456789/abcdefghijklmnopqrstuvwxyz0123456789',
      secret: '[redacted]',
      events: [
        'alert.created',
        'alert.updated',
        'device.enrolled',
        'device.unenrolled',
        'member.invited',
      ],
    },
  },
};

/** Long names, URLs, user agents and messages wrap inside their cells; nothing spills. */
export const LongValues: Story = {
  args: {
    events: [longEvent, ...exampleEvents.slice(0, 1)],
    defaultExpanded: ['evt_long'],
    formatAction: (action: string) =>
      action === 'webhook.configured'
        ? 'Webhook settings changed'
        : (exampleActionLabels[action] ?? action),
  },
  play: async ({ canvasElement }) => {
    const table = canvasElement.querySelector('[data-slot="audit-table"]')!;
    const wrapper = table.parentElement!;
    // The table scrolls inside its own box at worst; the page never gets wider.
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1);
    await expect(wrapper.scrollWidth).toBeLessThanOrEqual(wrapper.clientWidth + 1);
  },
};

/** Right to left: columns, chevrons and paddings follow the writing direction. */
export const RightToLeft: Story = {
  args: {
    events: [
      {
        ...exampleEvents[0]!,
        actor: { type: 'user', id: 'adm_9', display: 'נועה כהן' },
        target: { type: 'alert', id: 'scan_7', display: 'אפליקציה זדונית ב-Pixel 8' },
      },
      ...exampleEvents.slice(1, 3),
    ],
    defaultExpanded: ['evt_0007'],
  },
  decorators: [
    (Story) => (
      <div dir="rtl" lang="he">
        {Story()}
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const time = canvas.getAllByRole('columnheader', { name: 'Time' })[0]!;
    const outcome = canvas.getByRole('columnheader', { name: 'Outcome' });
    // Time is on the right of Outcome when the page reads right to left.
    await expect(time.getBoundingClientRect().left).toBeGreaterThan(
      outcome.getBoundingClientRect().left,
    );
  },
};
