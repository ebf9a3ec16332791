import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/** The only tags an e-mail body may keep. */
export const EMAIL_ALLOWED_TAGS = ['b', 'i', 'em', 'strong', 'u', 'p', 'br', 'ul', 'ol', 'li', 'a'];
/** The only attribute: `href` on links (and only https: or mailto:). */
export const EMAIL_ALLOWED_ATTRIBUTES = ['href'];
/** Allowed link targets: https: and mailto: only (no http:, javascript:, data:, relative URLs). */
export const EMAIL_SAFE_URL = /^(?:https:|mailto:)/i;

const CONFIG: Config = {
  ALLOWED_TAGS: EMAIL_ALLOWED_TAGS,
  ALLOWED_ATTR: EMAIL_ALLOWED_ATTRIBUTES,
  ALLOWED_URI_REGEXP: EMAIL_SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // KEEP_CONTENT (default): a removed element's text stays, except for DOMPurify's default
  // FORBID_CONTENTS (script, style, template, iframe, svg, math…), whose content goes too.
  RETURN_TRUSTED_TYPE: false,
};

/** Whether a link target may stay: https: or mailto: after removing whitespace and controls. */
export function isSafeEmailHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  return EMAIL_SAFE_URL.test(href.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text → HTML text: every markup character escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * Without a DOM (Node, a worker) DOMPurify cannot parse and would return its input unchanged.
 * We fail closed instead: drop script/style blocks and every tag, and escape what is left, so
 * the result is plain text.
 */
export function stripToText(html: string): string {
  const withoutBlocks = html.replace(
    /<(script|style|template|noscript|iframe|object|title)\b[\s\S]*?(?:<\/\1\s*>|$)/gi,
    '',
  );
  const withoutTags = withoutBlocks.replace(/<\/?[a-z!?/][^>]*(?:>|$)/gi, '');
  return escapeHtml(withoutTags);
}

let purifier: DOMPurify | null | undefined;

function getPurifier(): DOMPurify | null {
  if (purifier !== undefined) return purifier;
  if (typeof window === 'undefined') return (purifier = null);
  // A private instance, so hooks or settings elsewhere in the app cannot loosen ours.
  const instance = createDOMPurify(window);
  if (!instance.isSupported) return (purifier = null);
  instance.addHook('afterSanitizeAttributes', (node) => {
    // Belt and braces over ALLOWED_URI_REGEXP: a link keeps its href only if it is https/mailto.
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      if (href !== null && !isSafeEmailHref(href)) node.removeAttribute('href');
    }
  });
  return (purifier = instance);
}

/**
 * The e-mail body HTML that may be shown or saved: only b, i, em, strong, u, p, br, ul, ol, li
 * and a[href] with https:/mailto:, no other attributes (no style, no on* handlers); scripts and
 * their content removed; text kept (escaped). Uses DOMPurify in the browser and fails closed
 * (plain text, see `stripToText`) where there is no DOM.
 */
export function sanitizeEmailHtml(html: string): string {
  const instance = getPurifier();
  if (!instance) return stripToText(html);
  return instance.sanitize(html, CONFIG) as string;
}
