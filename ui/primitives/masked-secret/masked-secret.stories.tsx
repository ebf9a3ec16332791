import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { MaskedSecret, SECRET_MASK_DOTS } from './masked-secret';

const HEADER = 'Bearer 9f2c1e7a-4b3d-4e8f-a1c2-7d6e5f4a3b2c';
/** Shortened from COPIED_TOOLTIP_MS (5000) so the story proves the tooltip goes away. */
const SHORT_MS = 600;

const meta = {
  title: 'UI/MaskedSecret',
  component: MaskedSecret,
  tags: ['autodocs'],
  args: {
    label: 'Authorization Header',
    value: HEADER,
    onRevealedChange: fn(),
    copy: fn(async () => {}),
    onCopy: fn(),
    copiedDuration: SHORT_MS,
  },
  decorators: [(Story) => <div className="max-w-md pt-10">{Story()}</div>],
} satisfies Meta<typeof MaskedSecret>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Masked by default: a fixed-width mask of dots drawn by CSS (no '•' glyph, so no font decides how
 * it looks), hidden from screen readers, which read 'hidden' instead; the value is nowhere in the
 * DOM.
 */
export const Masked: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Authorization Header' });
    await expect(canvasElement).not.toHaveTextContent(HEADER);
    await expect(canvasElement.innerHTML).not.toContain(HEADER);
    const mask = group.querySelector<HTMLElement>('[data-slot="masked-secret-mask"]')!;
    await expect(mask).toHaveAttribute('aria-hidden', 'true');
    await expect(mask.children).toHaveLength(SECRET_MASK_DOTS);
    await expect(mask).toBeVisible();
    await expect(mask.textContent).toBe('');
    const value = group.querySelector('[data-slot="masked-secret-value"]')!;
    await expect(value).toHaveTextContent(/^hidden$/);

    const toggle = canvas.getByRole('button', { name: 'Show Authorization Header' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await expect(args.onRevealedChange).toHaveBeenLastCalledWith(true);
    await expect(group).toHaveTextContent(HEADER);
    const hide = canvas.getByRole('button', { name: 'Hide Authorization Header' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');

    // Keyboard: Enter on the focused toggle masks again.
    hide.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRevealedChange).toHaveBeenLastCalledWith(false);
    await expect(canvasElement.innerHTML).not.toContain(HEADER);
  },
};

export const Revealed: Story = {
  args: { defaultRevealed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(HEADER)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Hide Authorization Header' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

/** A long token wraps inside the box instead of overflowing it. */
export const LongValue: Story = {
  args: {
    label: 'MDM Token',
    defaultRevealed: true,
    value:
      'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJvcmciOiJhY21lIiwic2NvcGUiOiJtZG0iLCJpYXQiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmUtc2lnbmF0dXJlLXNpZ25hdHVyZQ',
  },
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector<HTMLElement>('[data-slot="masked-secret-box"]');
    await expect(box).not.toBeNull();
    await expect(box!.scrollWidth).toBeLessThanOrEqual(box!.clientWidth);
    const value = canvasElement.querySelector<HTMLElement>('[data-slot="masked-secret-value"]')!;
    await expect(value.getBoundingClientRect().height).toBeGreaterThan(30);
  },
};

/** Copy works while masked; 'Copied' is announced and goes away after the delay. */
export const Copy: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Authorization Header' }));
    await expect(args.copy).toHaveBeenCalledWith(HEADER);
    await waitFor(() => expect(canvas.getByText('Copied')).toBeVisible());
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied');
    await expect(args.onCopy).toHaveBeenCalledWith('copied');
    // Still masked: copying does not reveal.
    await expect(canvasElement.innerHTML).not.toContain(HEADER);
    await waitFor(() => expect(canvas.queryByText('Copied')).toBeNull(), {
      timeout: SHORT_MS * 4,
    });
  },
};

/** The clipboard refused (permissions, insecure origin): 'Copy failed'. */
export const CopyFailure: Story = {
  args: { copy: fn(() => Promise.reject(new Error('denied'))) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Authorization Header' }));
    await waitFor(() => expect(canvas.getByText('Copy failed')).toBeVisible());
    await expect(canvas.getByRole('status')).toHaveTextContent('Copy failed');
    await expect(args.onCopy).toHaveBeenCalledWith('failed');
    await waitFor(() => expect(canvas.queryByText('Copy failed')).toBeNull(), {
      timeout: SHORT_MS * 4,
    });
  },
};

export const NotCopyable: Story = {
  args: { label: 'Webhook Secret', value: 'whsec_3k2j1h0g9f8e7d6c', copyable: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: /copy/i })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Show Webhook Secret' })).toBeEnabled();
  },
};

/** The sans face for human-readable secrets. */
export const Proportional: Story = {
  args: { mono: false, defaultRevealed: true },
  play: async ({ canvasElement }) => {
    const value = canvasElement.querySelector('[data-slot="masked-secret-value"]')!;
    await expect(getComputedStyle(value).fontFamily).not.toMatch(/mono/i);
  },
};
