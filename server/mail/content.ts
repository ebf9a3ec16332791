/**
 * An e-mail's content, written once and rendered twice (render.ts): as the text part, exactly as
 * below, and as the HTML part through the React Email layout (layout.tsx). Templates
 * (account-emails.ts, invitations.ts, members/invitation.ts) build a {@link MailContent} from their
 * parameters; names and texts are inserted as they are (the text part is text, the HTML part is
 * escaped by React), so nothing a user typed becomes markup.
 */

export type MailBlock =
  /** A paragraph; each line stays a line (a line break in HTML). */
  | { kind: 'text'; lines: readonly string[] }
  /** A code to type (enrolment or access code): indented in text, set large in monospace in HTML. */
  | { kind: 'code'; code: string }
  /** The e-mail's link: alone on a line in text; a button plus the link itself in HTML. */
  | { kind: 'action'; label: string; href: string }
  /** A numbered list after an introducing line. */
  | { kind: 'steps'; intro: string; items: readonly string[] };

export interface MailContent {
  to: string;
  subject: string;
  /** The HTML part's title line (the text part starts with the first block). */
  heading: string;
  /** The line mail clients show after the subject in the inbox. */
  preview: string;
  blocks: readonly MailBlock[];
}

/** Paragraphs of plain text (separated by blank lines) as text blocks, line breaks kept. */
export function paragraphs(text: string): MailBlock[] {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.split('\n'))
    .filter((lines) => lines.some((line) => line.trim() !== ''))
    .map((lines) => ({ kind: 'text', lines }));
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'text':
      return block.lines.join('\n');
    case 'code':
      return `    ${block.code}`;
    case 'action':
      return block.href;
    case 'steps':
      return [block.intro, ...block.items.map((item, i) => `${i + 1}. ${item}`)].join('\n');
  }
}

/** The text part: the blocks, separated by blank lines. */
export function renderText(content: MailContent): string {
  return content.blocks.map(blockText).join('\n\n');
}
