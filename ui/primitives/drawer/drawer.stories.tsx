import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { Button } from '../button/button';
import { Drawer, DrawerContent, DrawerFacts, DrawerSection, DrawerTrigger } from './drawer';

type DemoProps = {
  defaultOpen?: boolean;
  /** Content taller than the window. */
  tall?: boolean;
  footer?: boolean;
};

function DemoDrawer({ defaultOpen = false, tall = false, footer = false }: DemoProps) {
  const [open, setOpen] = React.useState(defaultOpen);
  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <DrawerTrigger>
        <Button variant="outline">Show details</Button>
      </DrawerTrigger>
      <DrawerContent
        title="Riley Okafor"
        description="Device code ACME-RILE-0002"
        footer={footer ? <Button variant="danger">Unenroll</Button> : undefined}
      >
        <DrawerSection title="Device">
          <DrawerFacts
            facts={[
              { label: 'Model', value: 'Pixel 8' },
              { label: 'OS version', value: 'Android 13' },
              { label: 'Screen lock', value: 'Set' },
            ]}
          />
        </DrawerSection>
        {tall
          ? Array.from({ length: 8 }, (_, i) => (
              <DrawerSection key={i} title={`Section ${i + 1}`}>
                <p className="text-ink-muted">
                  A section of a long detail: the body scrolls under the header while the footer
                  stays in view, on a phone as on a desktop.
                </p>
              </DrawerSection>
            ))
          : null}
      </DrawerContent>
    </Drawer>
  );
}

const meta = {
  title: 'Primitives/Drawer',
  component: DemoDrawer,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className="p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DemoDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Show details' });
    await userEvent.click(trigger);
    const dialog = await within(document.body).findByRole('dialog', { name: 'Riley Okafor' });
    await expect(dialog).toHaveAccessibleDescription('Device code ACME-RILE-0002');
    // Escape closes it and focus goes back to what opened it.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    // The close button too.
    await userEvent.click(trigger);
    const again = await within(document.body).findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = { args: { defaultOpen: true } };

export const LongContentWithFooter: Story = {
  args: { defaultOpen: true, tall: true, footer: true },
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog');
    await expect(within(dialog).getByRole('button', { name: 'Unenroll' })).toBeVisible();
  },
};
