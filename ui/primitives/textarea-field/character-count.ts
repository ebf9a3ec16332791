/** How long typing must pause before the screen-reader count is updated (GOV.UK character count). */
export const COUNT_ANNOUNCE_DELAY_MS = 1000;

/** The counter text: '{n} / {max}', e.g. '12 / 3000'. */
export function characterCountText(length: number, max: number): string {
  return `${length} / ${max}`;
}

/** A pre-filled value may exceed `maxLength` (the attribute only stops typing); the counter warns. */
export function isOverLimit(length: number, max: number | undefined): boolean {
  return max !== undefined && length > max;
}

/**
 * What the polite live region says once typing pauses: '{n} of {max} characters' — speakable
 * (a screen reader would read the visible '12 / 3000' as "12 slash 3000") and distinct from the
 * visible counter, so a text query for '{n} / {max}' finds exactly one element.
 */
export function characterCountAnnouncement(length: number, max: number): string {
  return `${length} of ${max} characters`;
}
