import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import {
  DEVICE_SEVERITIES,
  DEVICE_SEVERITY_LABELS,
  ENROLMENT_FILTER_LABELS,
  ENROLMENT_FILTERS,
} from '@domain/devices';
import { labelled } from '@domain/labels';

import { FilterMenu, type FilterMenuGroup, type FilterMenuValue } from './filter-menu';

/** Most severe first, as the dashboard lists them. */
const SEVERITIES = [...DEVICE_SEVERITIES].reverse();

/** The dashboard's filters (docs/product/dashboard.md, 'Filters'), with the domain's texts. */
const DASHBOARD_GROUPS: FilterMenuGroup[] = [
  {
    id: 'enrolled',
    label: 'Device enrolment',
    options: labelled(ENROLMENT_FILTERS, ENROLMENT_FILTER_LABELS).map((o) => ({
      ...o,
      neutral: o.value === 'all',
    })),
  },
  { id: 'severity', label: 'Severity', options: labelled(SEVERITIES, DEVICE_SEVERITY_LABELS) },
];

const meta = {
  title: 'UI/FilterMenu',
  component: FilterMenu,
  tags: ['autodocs'],
  args: { groups: DASHBOARD_GROUPS, onValueChange: fn(), onOpenChange: fn() },
  // The menu is portalled below the trigger; leave room for it in the docs page.
  decorators: [(Story) => <div className="min-h-96">{Story()}</div>],
} satisfies Meta<typeof FilterMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Open, toggle two severities: the menu stays open, counts update, changes are reported. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'FILTERS' });
    await userEvent.click(trigger);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    const menu = await body().findByRole('menu');
    const severity = within(menu).getByRole('group', { name: 'Severity · 0 selected' });

    await userEvent.click(within(severity).getByRole('menuitemcheckbox', { name: 'Critical' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      { severity: ['critical'] },
      { groupId: 'severity', value: 'critical', checked: true },
    );
    await userEvent.click(within(severity).getByRole('menuitemcheckbox', { name: 'Secure' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      { severity: ['critical', 'secure'] },
      { groupId: 'severity', value: 'secure', checked: true },
    );

    // Still open; the group heading and the trigger count the selections.
    await expect(menu).toBeInTheDocument();
    await expect(within(menu).getByRole('group', { name: 'Severity · 2 selected' })).toBe(severity);
    await expect(
      within(menu).getByRole('group', { name: 'Device enrolment · 0 selected' }),
    ).toBeInTheDocument();
    await expect(
      within(severity).getByRole('menuitemcheckbox', { name: 'Critical' }),
    ).toHaveAttribute('aria-checked', 'true');
    await expect(
      within(severity).getByRole('menuitemcheckbox', { name: 'Fixes needed' }),
    ).toHaveAttribute('aria-checked', 'false');
    await expect(trigger).toHaveAccessibleName('FILTERS (2 selected)');
    await expect(trigger).toHaveTextContent('FILTERS(2)');

    // Unchecking reports checked: false.
    await userEvent.click(within(severity).getByRole('menuitemcheckbox', { name: 'Critical' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      { severity: ['secure'] },
      { groupId: 'severity', value: 'critical', checked: false },
    );

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('menu')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(trigger).toHaveAccessibleName('FILTERS (1 selected)');
  },
};

/** Filters from the URL: counts show before opening; the keyboard toggles items too. */
export const WithActiveFilters: Story = {
  args: { defaultValue: { enrolled: ['true'], severity: ['critical', 'warning'] } },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'FILTERS (3 selected)' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await body().findByRole('menu');
    await expect(
      within(menu).getByRole('group', { name: 'Device enrolment · 1 selected' }),
    ).toBeInTheDocument();
    const enrolled = within(menu).getByRole('menuitemcheckbox', { name: 'Enrolled' });
    await expect(enrolled).toHaveAttribute('aria-checked', 'true');
    enrolled.focus();
    await userEvent.keyboard(' ');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      { enrolled: [], severity: ['critical', 'warning'] },
      { groupId: 'enrolled', value: 'true', checked: false },
    );
    await expect(body().getByRole('menu')).toBeInTheDocument();
  },
};

/** 'Clear' empties one group and leaves the others. */
export const ClearGroup: Story = {
  args: { defaultValue: { enrolled: ['false'], severity: ['critical', 'secure'] } },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^FILTERS/ }));
    const menu = await body().findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Clear Severity' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      { enrolled: ['false'], severity: [] },
      { groupId: 'severity', value: null, checked: false },
    );
    await expect(
      within(menu).getByRole('group', { name: 'Severity · 0 selected' }),
    ).toBeInTheDocument();
    await expect(within(menu).getByRole('menuitem', { name: 'Clear Severity' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(
      within(canvasElement).getByRole('button', { name: 'FILTERS (1 selected)' }),
    ).toBeInTheDocument();
  },
};

/** Controlled by the caller (as the dashboard does through the URL). */
export const Controlled: Story = {
  render: function Render(args) {
    const [value, setValue] = React.useState<FilterMenuValue>({ severity: ['secure'] });
    return (
      <div className="flex flex-col items-start gap-3">
        <FilterMenu
          {...args}
          value={value}
          onValueChange={(next, change) => {
            setValue(next);
            args.onValueChange?.(next, change);
          }}
        />
        <output aria-label="Query">
          {Object.entries(value)
            .flatMap(([key, values]) => values.map((v) => `${key}=${v}`))
            .join('&') || '(none)'}
        </output>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^FILTERS/ }));
    const menu = await body().findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Critical' }));
    await expect(canvas.getByRole('status', { name: 'Query' })).toHaveTextContent(
      'severity=critical&severity=secure',
    );
  },
};

/** A neutral option ('All devices' means no filter) shows checked but is never counted. */
export const NeutralOption: Story = {
  args: { defaultValue: { enrolled: ['all'], severity: ['critical'] } },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'FILTERS (1 selected)' });
    await userEvent.click(trigger);
    const menu = await body().findByRole('menu');
    const enrolment = within(menu).getByRole('group', { name: 'Device enrolment · 0 selected' });
    await expect(
      within(enrolment).getByRole('menuitemcheckbox', { name: 'All devices' }),
    ).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');
  },
};
