import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { AuditExportMenu } from './audit-export-menu';

const meta = {
  title: 'Settings/AuditExportMenu',
  component: AuditExportMenu,
  tags: ['autodocs'],
  args: {
    csvHref: '/api/orgs/audit-events/export.csv?outcome=failure',
    jsonLinesHref: '/api/orgs/audit-events/export.jsonl?outcome=failure',
    onExport: fn(),
  },
  decorators: [(Story) => <div className="flex min-h-40 justify-end">{Story()}</div>],
} satisfies Meta<typeof AuditExportMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** Open: two plain download links carrying the current filter. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export' }));
    const menu = await within(document.body).findByRole('menu');
    const csv = within(menu).getByRole('menuitem', { name: 'CSV (spreadsheet)' });
    await expect(csv).toHaveAttribute('href', '/api/orgs/audit-events/export.csv?outcome=failure');
    await expect(csv).toHaveAttribute('download');
    await expect(within(menu).getByRole('menuitem', { name: 'JSON lines' })).toHaveAttribute(
      'href',
      '/api/orgs/audit-events/export.jsonl?outcome=failure',
    );
  },
};

/** The keyboard opens the menu and reaches both formats. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Export' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu');
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'JSON lines' })).toHaveFocus();
    // Choosing an item reports it (the browser follows the link itself).
    // The download itself is the browser's: stopped at the window, after the menu handled the click.
    window.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.keyboard('{Enter}');
    await expect(args.onExport).toHaveBeenCalledWith('jsonl');
  },
};
