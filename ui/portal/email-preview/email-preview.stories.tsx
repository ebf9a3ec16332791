import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';

import { EmailPreview } from './email-preview';
import { sanitizeEmailHtml } from './sanitize';

declare global {
  interface Window {
    __xss?: boolean;
  }
}

const meta = {
  title: 'UI/EmailPreview',
  component: EmailPreview,
  tags: ['autodocs'],
  args: {
    subject: 'Welcome to Acme security',
    body: 'Hello <b>team</b>,\n\nPlease <a href="https://example.com/enroll">enroll your device</a> today.\n<ul><li>Install the app</li><li>Sign in</li></ul>Questions? <a href="mailto:it@example.com">Write to IT</a>.',
  },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof EmailPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

const frameOf = (root: HTMLElement) =>
  within(root).getByTitle('Email preview') as HTMLIFrameElement;

/** Formatting and https/mailto links are kept; the frame is fully sandboxed. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Welcome to Acme security')).toBeVisible();
    const frame = frameOf(canvasElement);
    await expect(frame).toHaveAttribute('sandbox', '');
    const doc = frame.getAttribute('srcdoc') ?? '';
    await expect(doc).toContain('Hello <b>team</b>');
    await expect(doc).toContain('<a href="https://example.com/enroll">enroll your device</a>');
    await expect(doc).toContain('<a href="mailto:it@example.com">');
    await expect(doc).toContain('<li>Install the app</li>');
    await expect(doc).toContain("default-src 'none'");
  },
};

/**
 * A hostile body: the preview has no img, no onerror, no script and no javascript: link, and
 * nothing ran — neither in the frame (sandboxed, opaque origin) nor in the page.
 */
export const HostileBody: Story = {
  args: {
    subject: '<img src=x onerror=window.__xss=true>',
    body: [
      'Hi <img src=x onerror=alert(1)>',
      '<img src=x onerror="window.parent.__xss=true">',
      '<script>window.parent.__xss = true</script>',
      '<a href="javascript:window.parent.__xss=true">click</a>',
      '<p style="background:url(https://evil.example/x)" onclick="window.parent.__xss=true">styled</p>',
      '<svg onload="window.parent.__xss=true"></svg>',
      '<iframe src="javascript:window.parent.__xss=true"></iframe>',
    ].join('\n'),
  },
  beforeEach: () => {
    window.__xss = false;
  },
  play: async ({ canvasElement }) => {
    const frame = frameOf(canvasElement);
    const doc = frame.getAttribute('srcdoc') ?? '';
    for (const bad of [
      /<img/i,
      /onerror/i,
      /<script/i,
      /javascript:/i,
      /onclick/i,
      /style=/i,
      /<svg/i,
      /onload/i,
      /<iframe/i,
    ]) {
      await expect(doc).not.toMatch(bad);
    }
    // The text survives.
    await expect(doc).toContain('Hi ');
    await expect(doc).toContain('<a>click</a>');
    await expect(doc).toContain('<p>styled</p>');
    // The subject is text, not markup.
    await expect(
      within(canvasElement).getByText('<img src=x onerror=window.__xss=true>'),
    ).toBeVisible();
    await expect(canvasElement.querySelector('img')).toBeNull();
    // Opaque origin: the page cannot reach into the frame, and the frame cannot reach out.
    await expect(frame.contentDocument).toBeNull();
    // Give any handler a chance to fire, then prove none did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(window.__xss).toBe(false);
  },
};

/** Nothing to show: a placeholder line inside the frame. */
export const Empty: Story = {
  args: { subject: '', body: '   ' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('(none)')).toBeVisible();
    await waitFor(() =>
      expect(frameOf(canvasElement).getAttribute('srcdoc')).toContain('Nothing to preview yet.'),
    );
  },
};

/**
 * `sanitizeEmailHtml` with the real DOMPurify in a real browser (Vitest has no DOM here, so the
 * browser cases live in this play function).
 */
export const Sanitizer: Story = {
  args: { subject: 'Sanitizer cases', body: 'See the play function.' },
  play: async () => {
    const cases: [string, string][] = [
      ['<img src=x onerror=alert(1)>', ''],
      ['Hi<script>alert(1)</script> there', 'Hi there'],
      ['<a href="javascript:alert(1)">click</a>', '<a>click</a>'],
      ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
      ['<a href="data:text/html,hi">x</a>', '<a>x</a>'],
      ['<a href="http://example.com">x</a>', '<a>x</a>'],
      [
        '<a href="https://example.com" target="_blank" onclick="x()">x</a>',
        '<a href="https://example.com">x</a>',
      ],
      ['<a href="mailto:it@example.com">mail</a>', '<a href="mailto:it@example.com">mail</a>'],
      ['<p style="color:red" class="c" data-x="1" aria-label="l">text</p>', '<p>text</p>'],
      [
        '<b>b</b><i>i</i><em>em</em><strong>s</strong><u>u</u><br>',
        '<b>b</b><i>i</i><em>em</em><strong>s</strong><u>u</u><br>',
      ],
      ['<ul><li>one</li></ul><ol><li>two</li></ol>', '<ul><li>one</li></ul><ol><li>two</li></ol>'],
      ['<div><span>kept text</span></div>', 'kept text'],
      ['<h1>Title</h1><table><tr><td>cell</td></tr></table>', 'Titlecell'],
      ['<style>body{}</style>after', 'after'],
      ['<svg><script>alert(1)</script></svg>ok', 'ok'],
      ['<math><mi xlink:href="javascript:alert(1)">m</mi></math>ok', 'ok'],
      ['2 < 3 & 4 > 1', '2 &lt; 3 &amp; 4 &gt; 1'],
      ['Line one\nLine two', 'Line one\nLine two'],
    ];
    for (const [input, expected] of cases) {
      await expect(sanitizeEmailHtml(input), input).toBe(expected);
    }
  },
};
