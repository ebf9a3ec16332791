import * as React from 'react';

import { cn } from '../../lib/cn';
import { emailPreviewDocument } from './preview-document';
import { sanitizeEmailHtml } from './sanitize';

export { sanitizeEmailHtml };

export type EmailPreviewProps = Omit<React.ComponentProps<'figure'>, 'children'> & {
  /** Shown as text (never parsed as HTML). */
  subject: string;
  /** The body as typed; sanitised with `sanitizeEmailHtml` before it is rendered. */
  body: string;
  /** The iframe's accessible name. Default 'Email preview'. */
  frameTitle?: string;
  /** Caption above the preview. Default 'Preview'. */
  caption?: React.ReactNode;
  /** Shown when the body is empty after sanitising. */
  emptyText?: string;
  /** Class of the iframe (e.g. its height). */
  frameClassName?: string;
};

/**
 * A safe preview of an e-mail: the subject as plain text, the body sanitised (a few formatting
 * tags and https/mailto links only) and rendered inside `<iframe sandbox="">` — no scripts, no
 * same origin, no navigation of the portal — with a CSP that loads nothing. Even markup that
 * escaped the sanitiser could not run or phone home.
 */
export function EmailPreview({
  subject,
  body,
  frameTitle = 'Email preview',
  caption = 'Preview',
  emptyText = 'Nothing to preview yet.',
  frameClassName,
  className,
  ...props
}: EmailPreviewProps) {
  const safeBody = React.useMemo(() => sanitizeEmailHtml(body), [body]);
  const srcDoc = React.useMemo(
    () => emailPreviewDocument(safeBody.trim() === '' ? emptyBody(emptyText) : safeBody),
    [safeBody, emptyText],
  );

  return (
    <figure
      data-slot="email-preview"
      className={cn(
        'flex flex-col overflow-hidden rounded-control border border-surface-border bg-surface-muted',
        className,
      )}
      {...props}
    >
      <figcaption className="border-b border-surface-border px-3 py-2 text-sm font-medium text-ink">
        {caption}
      </figcaption>
      <p
        data-slot="email-preview-subject"
        className="border-b border-surface-border bg-surface px-4 py-2 text-sm break-words text-ink"
      >
        <span className="font-medium text-ink-muted">Subject: </span>
        {subject.trim() === '' ? <span className="text-ink-muted">(none)</span> : subject}
      </p>
      <iframe
        data-slot="email-preview-frame"
        title={frameTitle}
        // Empty sandbox: every restriction on (no allow-scripts, no allow-same-origin).
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={srcDoc}
        className={cn('block h-48 w-full bg-surface', frameClassName)}
      />
    </figure>
  );
}

function emptyBody(text: string): string {
  // `text` is ours, but escape anyway: it is written into HTML.
  return `<p><i>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</i></p>`;
}
