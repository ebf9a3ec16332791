/**
 * Custom e-mail template texts → plain text (pure). The enrolment e-mail is sent as text/plain; a
 * template body is stored as the administrator sent it (it may hold markup from an editor or a
 * paste), so before it goes into an e-mail: scripts, styles and comments are dropped, line-level
 * tags become line breaks, every other tag is removed, basic entities are decoded, and a '<' that
 * would still open a tag (e.g. from '&lt;img …&gt;') gets a space after it, so no markup survives
 * into the message, whatever a mail client does with it.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  euro: '€',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAG =
  /<\/?(?:p|div|br|ul|ol|h[1-6]|tr|table|blockquote|pre|hr|section|article)\b[^>]*>/gi;
// A tag opener: '<' directly followed by a letter, '/', '!' or '?'.
const TAG_OPENER = /<(?=[A-Za-z/!?])/g;

/** A stored template body as the plain text of an e-mail (line breaks kept, at most one blank line). */
export function templateBodyToText(body: string): string {
  const text = body
    .replace(/\r\n?/g, '\n')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(BLOCK_TAG, '\n')
    .replace(/<[A-Za-z/!?][^>]*>/g, '')
    // An unterminated tag at the end ('… <img src=x onerror=…').
    .replace(/<[A-Za-z/!?][^>]*$/, '');
  return (
    decodeEntities(text)
      .replace(TAG_OPENER, '< ')
      // Control characters other than line breaks and tabs.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .split('\n')
      .map((line) => line.replace(/[ \t\u00a0]+$/, ''))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** A stored subject as one line of plain text (no line breaks: they would end the header). */
export function templateSubjectToText(subject: string): string {
  return templateBodyToText(subject).replace(/\s+/g, ' ').trim();
}
