import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { UserMenu } from './user-menu';

/**
 * The signed-in administrator in the header, as a menu with the colour theme choice. The app
 * keeps the choice per administrator on the server (docs/decisions/061-dark-mode.md).
 */
const meta = {
  title: 'UI/UserMenu',
  component: UserMenu,
  tags: ['autodocs'],
  args: { name: 'Avery Admin', organization: 'Acme', onThemeChange: fn() },
  parameters: { docs: { story: { inline: false, height: '14rem' } } },
  render: (args) => (
    <div className="flex justify-end p-2">
      <UserMenu {...args} />
    </div>
  ),
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = {
  args: { defaultOpen: true, theme: 'system' },
  play: async () => {
    const body = within(document.body);
    const group = await body.findByRole('group', { name: 'Theme' });
    const items = within(group).getAllByRole('menuitemradio');
    await expect(items.map((item) => item.textContent)).toEqual(['System', 'Light', 'Dark']);
    await expect(within(group).getByRole('menuitemradio', { name: 'System' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  },
};

export const ChoosesDark: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: /Avery Admin/ });
    await userEvent.click(trigger);
    const body = within(document.body);
    await userEvent.click(await body.findByRole('menuitemradio', { name: 'Dark' }));
    await expect(args.onThemeChange).toHaveBeenCalledWith('dark');
    // The menu closes and focus goes back to its button.
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(await body.findByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.keyboard('{Escape}');
  },
};
