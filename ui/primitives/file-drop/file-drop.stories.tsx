import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fireEvent, fn, mocked, userEvent, waitFor, within } from 'storybook/test';

import { Button } from '../button/button';
import { FileDrop } from './file-drop';

const csv = (name = 'members.csv') =>
  new File(['fullname,email\nAda Lovelace,ada@example.com\n'], name, { type: 'text/csv' });
const text = () => new File(['hello'], 'notes.txt', { type: 'text/plain' });

/**
 * A drag event carrying a file, as from the desktop. Built here rather than by
 * `fireEvent.drop(el, init)`: Testing Library would replace the DataTransfer with an empty copy.
 */
const drag = (type: 'dragenter' | 'dragover' | 'drop', file: File) => {
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(file);
  return new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer });
};

const meta = {
  title: 'UI/FileDrop',
  component: FileDrop,
  tags: ['autodocs'],
  args: { onFileChange: fn(), onReject: fn() },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof FileDrop>;

export default meta;
type Story = StoryObj<typeof meta>;

const zone = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('group', { name: 'Drag and drop your CSV file here, or' });

/** No file yet: 'No File Added'; Tab reaches the picker; choosing a .csv shows its name and size. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No File Added')).toBeInTheDocument();
    const illustration = canvasElement.querySelector('[data-slot="file-drop-illustration"]');
    await expect(illustration).toHaveAttribute('data-state', 'upload');

    const input = canvas.getByLabelText('Choose File');
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await expect(input).toHaveAccessibleDescription('No File Added');

    const file = csv();
    await userEvent.upload(input, file);
    await expect(args.onFileChange).toHaveBeenCalledOnce();
    await expect(args.onFileChange).toHaveBeenCalledWith(file, 'select');
    await expect(canvas.getByText('members.csv')).toBeInTheDocument();
    await expect(zone(canvasElement)).toHaveAccessibleDescription(/members\.csv \(\d+ B\)/);
    await expect(illustration).toHaveAttribute('data-state', 'file-added');
    await expect(canvas.queryByText('No File Added')).not.toBeInTheDocument();
  },
};

/** A file already chosen; 'Remove members.csv' empties the zone again. */
export const FileAdded: Story = {
  args: { defaultFile: csv() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('members.csv')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove members.csv' }));
    await expect(args.onFileChange).toHaveBeenCalledOnce();
    await expect(args.onFileChange).toHaveBeenCalledWith(null, 'remove');
    await expect(canvas.getByText('No File Added')).toBeInTheDocument();
  },
};

/** A .txt chosen through the picker is refused with an alert; the current file stays. */
export const RejectedType: Story = {
  args: { defaultFile: csv('previous.csv') },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // user-event drops files that do not match `accept` unless told not to (a user can pick
    // "All files" in the dialog), so the widget must check the type itself.
    const user = userEvent.setup({ applyAccept: false });
    const file = text();
    await user.upload(canvas.getByLabelText('Choose File'), file);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Only .csv files can be uploaded.');
    await expect(args.onReject).toHaveBeenCalledOnce();
    await expect(args.onReject).toHaveBeenCalledWith(file, 'type');
    await expect(args.onFileChange).not.toHaveBeenCalled();
    await expect(canvas.getByText('previous.csv')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Choose File')).toHaveAccessibleDescription(
      /Only \.csv files can be uploaded\./,
    );

    // A valid file clears the message.
    await user.upload(canvas.getByLabelText('Choose File'), csv('MEMBERS.CSV'));
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(canvas.getByText('MEMBERS.CSV')).toBeInTheDocument();
  },
};

/** Drag and drop: the zone highlights on dragenter; a dropped .csv is reported with 'drop'. */
export const Drop: Story = {
  play: async ({ args, canvasElement }) => {
    const target = zone(canvasElement);
    const file = csv('dropped.csv');
    fireEvent(target, drag('dragenter', file));
    fireEvent(target, drag('dragover', file));
    await waitFor(() => expect(target).toHaveAttribute('data-dragging', 'true'));
    fireEvent(target, drag('drop', file));
    // The DataTransfer hands out its own File object: compare what the user would see.
    await expect(args.onFileChange).toHaveBeenCalledOnce();
    const [dropped, via] = mocked(args.onFileChange!).mock.calls[0]!;
    await expect([dropped?.name, dropped?.size, via]).toEqual(['dropped.csv', file.size, 'drop']);
    await expect(target).not.toHaveAttribute('data-dragging');
    await expect(within(canvasElement).getByText('dropped.csv')).toBeInTheDocument();

    // A dropped .txt is refused too.
    const wrong = text();
    fireEvent(target, drag('drop', wrong));
    await expect(args.onReject).toHaveBeenCalledOnce();
    const [refused, reason] = mocked(args.onReject!).mock.calls[0]!;
    await expect([refused.name, reason]).toEqual(['notes.txt', 'type']);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Only .csv files can be uploaded.',
    );
  },
};

/** The drag-over highlight, forced. */
export const DraggingOver: Story = {
  args: { dragging: true },
  play: async ({ canvasElement }) => {
    await expect(zone(canvasElement)).toHaveAttribute('data-dragging', 'true');
  },
};

/** Disabled (e.g. while uploading): the picker is disabled and drops are ignored. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Choose File')).toBeDisabled();
    fireEvent(zone(canvasElement), drag('drop', csv()));
    await expect(args.onFileChange).not.toHaveBeenCalled();
    await expect(within(canvasElement).getByText('No File Added')).toBeInTheDocument();
  },
};

/** Controlled by the caller, as the CSV upload screen does (the file feeds its 'Upload' button). */
export const Controlled: Story = {
  render: function Render(args) {
    const [file, setFile] = React.useState<File | null>(null);
    return (
      <div className="flex flex-col gap-3">
        <FileDrop
          {...args}
          file={file}
          onFileChange={(next, via) => {
            setFile(next);
            args.onFileChange?.(next, via);
          }}
        />
        <Button disabled={!file} className="self-start">
          Upload
        </Button>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await userEvent.upload(canvas.getByLabelText('Choose File'), csv());
    await expect(canvas.getByRole('button', { name: 'Upload' })).toBeEnabled();
  },
};
