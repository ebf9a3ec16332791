import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { AuditFilterBar, EMPTY_AUDIT_FILTER, type AuditFilterValue } from './audit-filter-bar';
import { exampleActionGroups, exampleActorOptions } from './audit-log-examples';

/** The bar with its value in state, as the screen keeps it in the URL. */
function Stateful(props: React.ComponentProps<typeof AuditFilterBar>) {
  const [value, setValue] = React.useState(props.value);
  return (
    <AuditFilterBar
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Settings/AuditFilterBar',
  component: AuditFilterBar,
  tags: ['autodocs'],
  args: {
    value: EMPTY_AUDIT_FILTER,
    onValueChange: fn(),
    actorOptions: exampleActorOptions,
    actionGroups: exampleActionGroups,
    searchDelayMs: 50,
  },
  render: (args) => <Stateful {...args} />,
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
} satisfies Meta<typeof AuditFilterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

const last = (spy: unknown) => {
  const calls = (spy as { mock: { calls: [AuditFilterValue][] } }).mock.calls;
  return calls.at(-1)?.[0];
};

/** Nothing chosen: every control says 'all'; no 'Clear filters'. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('search', { name: 'Filter activity' })).toBeVisible();
    await expect(canvas.getByLabelText('Actor')).toHaveValue('');
    await expect(canvas.getByLabelText('Outcome')).toHaveValue('');
    await expect(canvas.getByLabelText('From')).toHaveValue('');
    await expect(canvas.getByLabelText('Search targets')).toHaveValue('');
    await expect(canvas.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  },
};

/** Each control reports the whole value; the search waits for a pause in typing. */
export const ChoosingFilters: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByLabelText('Actor'), 'user:adm_1');
    await expect(last(args.onValueChange)).toMatchObject({ actor: 'user:adm_1' });
    await userEvent.selectOptions(canvas.getByLabelText('Outcome'), 'failure');
    await expect(last(args.onValueChange)).toMatchObject({
      actor: 'user:adm_1',
      outcome: 'failure',
    });

    await userEvent.click(canvas.getByRole('button', { name: /^Actions/ }));
    const menu = within(document.body);
    await userEvent.click(await menu.findByRole('menuitemcheckbox', { name: 'Alerts closed' }));
    await userEvent.click(menu.getByRole('menuitemcheckbox', { name: 'Sign-in failed' }));
    await expect(last(args.onValueChange)?.actions).toEqual([
      'session.sign_in_failed',
      'alert.closed',
    ]);
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: 'Actions (2 selected)' })).toBeVisible();

    await userEvent.type(canvas.getByLabelText('Search targets'), 'Pixel');
    await waitFor(() => expect(last(args.onValueChange)?.q).toBe('Pixel'));

    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(last(args.onValueChange)).toEqual(EMPTY_AUDIT_FILTER);
    await expect(canvas.getByLabelText('Search targets')).toHaveValue('');
  },
};

/** Filters already on (from the address): the controls show them, 'Clear filters' is offered. */
export const WithFilters: Story = {
  args: {
    value: {
      actor: 'user:adm_1',
      actions: ['alert.closed', 'alert.reopened'],
      outcome: 'success',
      from: '2026-11-01',
      to: '2026-11-20',
      q: 'Pixel 8',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Actor')).toHaveValue('user:adm_1');
    await expect(canvas.getByRole('button', { name: 'Actions (2 selected)' })).toBeVisible();
    await expect(canvas.getByLabelText('To')).toHaveValue('2026-11-20');
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  },
};

/** 'To' before 'From' says so under 'To'. */
export const InvalidRange: Story = {
  args: { value: { ...EMPTY_AUDIT_FILTER, from: '2026-11-20', to: '2026-11-01' } },
  play: async ({ canvasElement }) => {
    const to = within(canvasElement).getByLabelText('To');
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toHaveAccessibleDescription('‘To’ must be on or after ‘From’.');
  },
};

/** The action menu open: the catalogue's groups, each with its count and 'Clear'. */
export const ActionMenuOpen: Story = {
  args: { value: { ...EMPTY_AUDIT_FILTER, actions: ['scim.updated'] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Actions/ }));
    const menu = await within(document.body).findByRole('menu');
    await expect(within(menu).getByRole('group', { name: 'SCIM · 1 selected' })).toBeVisible();
    await expect(
      within(menu).getByRole('menuitemcheckbox', { name: 'SCIM updated' }),
    ).toBeChecked();
  },
};

/** Right to left. */
export const RightToLeft: Story = {
  args: { value: { ...EMPTY_AUDIT_FILTER, outcome: 'failure' } },
  decorators: [
    (Story) => (
      <div dir="rtl" lang="he">
        {Story()}
      </div>
    ),
  ],
};
