import { sanitizeEmailHtml } from '@ui/portal/email-preview/sanitize';

/**
 * docs/product/notifications.md, 'Enrolment e-mail': subject and body are trimmed and sanitised
 * before saving; an empty result is sent as null (the default text is used). The subject is plain
 * text: any markup is dropped.
 */
export function prepareTemplate(input: { subject: string; body: string }): {
  subject: string | null;
  body: string | null;
} {
  const subject = sanitizeEmailHtml(input.subject)
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const body = sanitizeEmailHtml(input.body.trim()).trim();
  return { subject: subject || null, body: body || null };
}
