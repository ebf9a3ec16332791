import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { Button } from '../../primitives/button/button';
import { EmailTemplateDialog, type EmailTemplateDialogProps } from './email-template-dialog';

declare global {
  interface Window {
    __xss?: boolean;
  }
}

/** Owns `open` like the app does: 'Customise email' opens it. */
function Stateful(args: EmailTemplateDialogProps) {
  const [open, setOpen] = React.useState(args.open);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Customise email
      </Button>
      <EmailTemplateDialog
        {...args}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          args.onOpenChange(next);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Settings/EmailTemplateDialog',
  component: EmailTemplateDialog,
  tags: ['autodocs'],
  args: {
    open: true,
    defaultSubject: '',
    defaultBody: '',
    onOpenChange: fn(),
    onSave: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof EmailTemplateDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const frame = () => body().getByTitle('Email preview') as HTMLIFrameElement;

/** Empty template: typing updates the counter and the preview; Save sends the texts as typed. */
export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await body().findByRole('dialog', { name: 'Customise email' });
    const d = within(dialog);
    await expect(d.getByText('0 / 3000')).toBeVisible();
    await userEvent.type(d.getByRole('textbox', { name: 'Subject' }), 'Welcome aboard');
    const text = d.getByRole('textbox', { name: 'Email Body' });
    await expect(text).toHaveAttribute('maxlength', '3000');
    await userEvent.type(text, 'Hello <b>team</b>');
    await expect(d.getByText('17 / 3000')).toBeVisible();
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('Hello <b>team</b>'));
    await expect(d.getByText('Welcome aboard')).toBeVisible();

    await userEvent.click(d.getByRole('button', { name: 'Save email template' }));
    await expect(args.onSave).toHaveBeenCalledWith({
      subject: 'Welcome aboard',
      body: 'Hello <b>team</b>',
    });
    // The app closes it on success; the dialog does not close itself.
    await expect(body().getByRole('dialog')).toBeInTheDocument();
  },
};

/** Opens with the saved template; Cancel closes and reopening starts from the saved texts again. */
export const Prefilled: Story = {
  args: {
    open: false,
    defaultSubject: 'Enroll your phone',
    defaultBody:
      'Hi,\n<p>Please install the app from <a href="https://example.com/get">our page</a>.</p>',
  },
  play: async ({ args, canvasElement }) => {
    const opener = within(canvasElement).getByRole('button', { name: 'Customise email' });
    await userEvent.click(opener);
    let dialog = await body().findByRole('dialog', { name: 'Customise email' });
    await expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Enroll your phone',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Subject' }), ' now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(args.onSave).not.toHaveBeenCalled();

    await userEvent.click(opener);
    dialog = await body().findByRole('dialog', { name: 'Customise email' });
    await expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Enroll your phone',
    );
    await expect(frame().getAttribute('srcdoc')).toContain(
      '<a href="https://example.com/get">our page</a>',
    );
  },
};

/** Saving: 'Saving...', Cancel disabled, Escape ignored, fields read-only. */
export const Saving: Story = {
  args: { defaultSubject: 'Enroll your phone', defaultBody: 'Hi', saving: true },
  play: async ({ args }) => {
    const dialog = await body().findByRole('dialog', { name: 'Customise email' });
    const d = within(dialog);
    const save = d.getByRole('button', { name: 'Saving...' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(d.getByRole('textbox', { name: 'Email Body' })).toHaveAttribute('readonly');
    await userEvent.keyboard('{Escape}');
    await expect(body().getByRole('dialog')).toBeInTheDocument();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

export const Error: Story = {
  args: {
    defaultSubject: 'Enroll your phone',
    defaultBody: 'Hi',
    error: 'Failed to update saved email template.',
  },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Customise email' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Failed to update saved email template.',
    );
  },
};

/** The limit: 3000 characters, further typing is refused. */
export const AtLimit: Story = {
  args: { defaultBody: 'x'.repeat(3000) },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Customise email' });
    const d = within(dialog);
    await expect(d.getByText('3000 / 3000')).toBeVisible();
    await userEvent.type(d.getByRole('textbox', { name: 'Email Body' }), 'y');
    await expect(d.getByRole('textbox', { name: 'Email Body' })).toHaveValue('x'.repeat(3000));
  },
};

/**
 * A hostile body typed by the user: the preview keeps the text but no img / onerror / script, and
 * nothing runs, in the frame or in the page.
 */
export const HostileBody: Story = {
  beforeEach: () => {
    window.__xss = false;
  },
  play: async ({ args }) => {
    const dialog = await body().findByRole('dialog', { name: 'Customise email' });
    const text = within(dialog).getByRole('textbox', { name: 'Email Body' });
    await userEvent.type(text, 'Hi <img src=x onerror=alert(1)> ');
    await userEvent.type(text, '<img src=x onerror=window.parent.__xss=true>');
    await userEvent.type(text, '<a href="javascript:window.parent.__xss=true">go</a>');
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('<a>go</a>'));
    const doc = frame().getAttribute('srcdoc') ?? '';
    await expect(doc).not.toMatch(/onerror/i);
    await expect(doc).not.toMatch(/<img/i);
    await expect(doc).not.toMatch(/javascript:/i);
    await expect(doc).toContain('Hi ');
    await expect(frame()).toHaveAttribute('sandbox', '');
    await expect(document.querySelector('img')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(window.__xss).toBe(false);

    // What is saved is what was typed: the app sanitises before sending.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save email template' }));
    await expect(args.onSave).toHaveBeenCalledWith({
      subject: '',
      body: 'Hi <img src=x onerror=alert(1)> <img src=x onerror=window.parent.__xss=true><a href="javascript:window.parent.__xss=true">go</a>',
    });
  },
};
