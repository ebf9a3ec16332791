import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './dialog';

type DemoProps = {
  dismissible?: boolean;
  hideDescription?: boolean;
  showClose?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  onSubmit?: (name: string) => void;
};

/** A small form in a dialog: the shape of every form dialog of the portal. */
function DemoDialog({
  dismissible,
  hideDescription,
  showClose,
  defaultOpen,
  onOpenChange,
  onSubmit,
}: DemoProps) {
  const [open, setOpen] = React.useState(defaultOpen ?? false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger>
        <Button variant="outline">Rename group</Button>
      </DialogTrigger>
      <DialogContent
        title="Rename group"
        description="The new name shows on the dashboard filters."
        dismissible={dismissible}
        hideDescription={hideDescription}
        showClose={showClose}
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit?.(String(new FormData(event.currentTarget).get('name')));
            change(false);
          }}
        >
          <TextField label="Group name" name="name" defaultValue="Sales" />
          <DialogFooter>
            <DialogClose>
              <Button variant="outline" disabled={dismissible === false}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" busy={dismissible === false} busyLabel="Saving...">
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const meta = {
  title: 'UI/Dialog',
  component: DemoDialog,
  tags: ['autodocs'],
  args: { onOpenChange: fn(), onSubmit: fn() },
} satisfies Meta<typeof DemoDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Opens from its trigger; named by its title, described by its description; Cancel and Escape close. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename group' }));
    const dialog = await body().findByRole('dialog', { name: 'Rename group' });
    await expect(dialog).toHaveAccessibleDescription(
      'The new name shows on the dashboard filters.',
    );
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    // Focus moves into the dialog (the first field).
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Group name' })).toHaveFocus(),
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    // Focus returns to the trigger.
    await expect(canvas.getByRole('button', { name: 'Rename group' })).toHaveFocus();

    await userEvent.click(canvas.getByRole('button', { name: 'Rename group' }));
    await body().findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Submitting the form inside the dialog. */
export const Submit: Story = {
  args: { defaultOpen: true },
  play: async ({ args }) => {
    const dialog = await body().findByRole('dialog', { name: 'Rename group' });
    const input = within(dialog).getByRole('textbox', { name: 'Group name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Engineering{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('Engineering');
    await waitFor(() => expect(body().queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** The corner × button closes too. */
export const CloseButton: Story = {
  args: { defaultOpen: true },
  play: async ({ args }) => {
    const dialog = await body().findByRole('dialog', { name: 'Rename group' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** While saving (`dismissible={false}`): Escape, outside clicks and × are ignored. */
export const NotDismissible: Story = {
  args: { defaultOpen: true, dismissible: false },
  play: async ({ args }) => {
    const dialog = await body().findByRole('dialog', { name: 'Rename group' });
    await expect(dialog).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(body().getByRole('dialog')).toBeInTheDocument();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** The description stays for screen readers only; no corner button. */
export const HiddenDescription: Story = {
  args: { defaultOpen: true, hideDescription: true, showClose: false },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Rename group' });
    await expect(dialog).toHaveAccessibleDescription(
      'The new name shows on the dashboard filters.',
    );
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  },
};
