import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { labelled } from '@domain/labels';
import { SETTINGS_TAB_LABELS, SETTINGS_TABS } from '@domain/settings';

import { Tabs, TabsContent, TabsList, TabsTrigger, type TabsProps } from './tabs';

/** The portal's settings tabs (docs/product/settings.md, 'Tabs'). */
const SETTINGS_TAB_OPTIONS = labelled(SETTINGS_TABS, SETTINGS_TAB_LABELS);

type SettingsTabsProps = TabsProps & { tabs?: typeof SETTINGS_TAB_OPTIONS };

/** The Settings screen's tabs, controlled the way the app binds them to `?tab=`. */
function SettingsTabs({
  tabs = SETTINGS_TAB_OPTIONS,
  value,
  onValueChange,
  ...props
}: SettingsTabsProps) {
  const [current, setCurrent] = React.useState(value ?? 'admin');
  return (
    <Tabs
      {...props}
      value={current}
      onValueChange={(next) => {
        setCurrent(next);
        onValueChange?.(next);
      }}
    >
      <TabsList aria-label="Settings">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          <p className="text-sm text-ink">{tab.label} settings</p>
        </TabsContent>
      ))}
    </Tabs>
  );
}

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: { value: 'admin', onValueChange: fn() },
  render: (args) => <SettingsTabs {...args} />,
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click selects; arrow keys, Home and End move (and select: automatic activation). */
export const Settings: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist', { name: 'Settings' })).toBeVisible();
    await expect(canvas.getAllByRole('tab')).toHaveLength(10);
    await expect(canvas.getByRole('tab', { name: 'Administrators' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel', { name: 'Administrators' })).toBeVisible();

    await userEvent.click(canvas.getByRole('tab', { name: 'SCIM' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('scim');
    await expect(canvas.getByRole('tab', { name: 'SCIM' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel', { name: 'SCIM' })).toHaveTextContent('SCIM settings');

    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'SSO' })).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('sso');

    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: 'MDM' })).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('mdm');

    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: 'Activity' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('tab', { name: 'Administrators' })).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('admin');
  },
};

/** The billing tab picked by `?tab=billing`. */
export const BillingSelected: Story = {
  args: { value: 'billing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Billing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel', { name: 'Billing' })).toBeVisible();
  },
};

/** Without threatHunterAccess the app leaves the Threat Hunter tab out. */
export const WithoutThreatHunter: Story = {
  render: (args) => (
    <SettingsTabs
      {...args}
      tabs={SETTINGS_TAB_OPTIONS.filter((t) => t.value !== 'threat-hunter')}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('tab')).toHaveLength(9);
    await expect(canvas.queryByRole('tab', { name: 'Threat Hunter' })).toBeNull();
  },
};

/** Manual activation: arrows only move focus; Enter selects. */
export const ManualActivation: Story = {
  args: { activationMode: 'manual' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('tab', { name: 'Administrators' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Billing' })).toHaveFocus();
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('billing');
    await expect(canvas.getByRole('tab', { name: 'Billing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** A phone-width screen: the row scrolls sideways and keeps the focused tab in view. */
export const Narrow: Story = {
  decorators: [(Story) => <div className="w-80">{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('tablist', { name: 'Settings' });
    await expect(list.scrollWidth).toBeGreaterThan(list.clientWidth);
    canvas.getByRole('tab', { name: 'Administrators' }).focus();
    await userEvent.keyboard('{End}');
    const last = canvas.getByRole('tab', { name: 'Activity' });
    await expect(last).toHaveFocus();
    await expect(list.scrollLeft).toBeGreaterThan(0);
  },
};
