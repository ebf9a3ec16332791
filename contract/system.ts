import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { emailField, nameField } from './fields';
import { PASSWORD_MAX_LENGTH } from '@domain/accounts';
import { KNOWN_ALERT_SEVERITIES } from '@domain/alerts';

/** Readiness probe: 200 {"ok":true} once the database is migrated and seeded. */
export const health = defineEndpoint({
  method: 'GET',
  path: '/health',
  response: z.object({ ok: z.literal(true) }),
  public: true,
});

/** One e-mail the server sent, as kept by the development mailbox. */
export const OutboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** Development only (off with NODE_ENV=production): every e-mail sent, newest first. */
export const devOutbox = defineEndpoint({
  method: 'GET',
  path: '/dev/outbox',
  response: z.object({ messages: z.array(OutboxMessage) }),
  public: true,
});

/**
 * Development only: ends the caller's session on the server while the browser keeps its cookie,
 * so tests can prove the 401 rule.
 */
export const devExpireSession = defineEndpoint({
  method: 'POST',
  path: '/dev/expire-session',
  response: z.object({ ok: z.literal(true) }),
  public: true,
});

/** A slug as the lookup finds it: lower-case letters, digits and inner hyphens. */
export const DEV_ORG_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export const DevCreateOrgBody = z.object({
  name: nameField(),
  slug: z.string().check(z.regex(DEV_ORG_SLUG_PATTERN)),
  adminName: nameField(),
  adminEmail: emailField(),
  /** Must meet the password rules (domain/accounts.ts); 400 otherwise. */
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type DevCreateOrgBody = z.infer<typeof DevCreateOrgBody>;

export const DevCreatedOrg = z.object({ orgId: z.number().check(z.int()), slug: z.string() });
export type DevCreatedOrg = z.infer<typeof DevCreatedOrg>;

/**
 * Development only: creates a throw-away organization for end-to-end tests (plan active with a
 * card on file, the administrator who signs in with `password`, a few members, devices and
 * alerts), so a test can delete it and check that its data is gone. 409 when the slug or the
 * administrator's e-mail is taken.
 */
export const devCreateOrg = defineEndpoint({
  method: 'POST',
  path: '/dev/orgs',
  body: DevCreateOrgBody,
  response: DevCreatedOrg,
  public: true,
});

export const DevOpenAlertBody = z.object({
  alertName: nameField(),
  severity: z.enum(KNOWN_ALERT_SEVERITIES),
});
export type DevOpenAlertBody = z.infer<typeof DevOpenAlertBody>;

/**
 * Development only: opens an alert in the caller's organization (on its first device, if any)
 * the way a scan report does (`openAlerts`: the alert, its `alert.created` webhook event and the
 * live console's notice), so an end-to-end test can watch an open console receive it without the
 * device API.
 */
export const devOpenAlert = defineEndpoint({
  method: 'POST',
  path: '/dev/open-alert',
  body: DevOpenAlertBody,
  response: z.object({ scanId: z.string() }),
});
