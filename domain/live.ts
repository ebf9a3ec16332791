/**
 * The live console's change notices (docs/decisions/052-live-console.md): what changed in an
 * organization, so an open dashboard or alerts console fetches its visible page again.
 */
export const NOTICE_TOPICS = ['devices', 'alerts'] as const;
export type NoticeTopic = (typeof NOTICE_TOPICS)[number];
