/**
 * contract/notifications.ts: e-mail preferences, the custom enrolment e-mail template and the
 * device scan notification preferences of the session's organization. The template body is stored
 * as sent; the invitation e-mail turns it into plain text (mail/plain-text.ts).
 */
import type { Hono } from 'hono';
import {
  getEmailPreferences,
  getEmailTemplate,
  getNotificationPreferences,
  saveEmailTemplate,
  updateEmailPreferences,
  updateNotificationPreferences,
} from '@contract/notifications';
import type { Services } from '../deps';
import type { AppEnv } from '../env';
import type { Route } from '../http/route';
import { recentReminderCounts } from '../policies/reminders';
import { forgetThreatAlertPreference } from '../alerts/alert-emails';
import {
  findEmailPreferences,
  findEmailTemplate,
  findNotificationPreferences,
  saveEmailTemplate as storeEmailTemplate,
  saveNotificationPreferences,
  updateEmailPreferences as storeEmailPreferences,
} from './data';

export function notificationsRoutes(app: Hono<AppEnv>, route: Route, s: Services): void {
  route(app, getEmailPreferences, async ({ session }) => ({
    orgId: session.org.id,
    ...(await findEmailPreferences(s.db, session.org.id)),
  }));

  route(app, updateEmailPreferences, async ({ body, session }) => {
    const saved = await storeEmailPreferences(s.db, session.org.id, body, s.now());
    // Alert e-mails read the preference from a short cache (../alerts/alert-emails.ts).
    forgetThreatAlertPreference(s.queue, session.org.id);
    return { orgId: session.org.id, ...saved };
  });

  route(app, getEmailTemplate, async ({ query, session }) =>
    findEmailTemplate(s.db, session.org.id, query.type),
  );

  route(app, saveEmailTemplate, async ({ body, session }) => {
    await storeEmailTemplate(s.db, session.org.id, body, s.now());
    return {};
  });

  // With the reminders of the last 30 days (server/policies/reminders.ts): the card says how
  // many e-mails went and how many push notifications could not be delivered.
  route(app, getNotificationPreferences, async ({ query, session }) => ({
    topic: query.topic,
    ...(await findNotificationPreferences(s.db, session.org.id, query.topic)),
    reminders: await recentReminderCounts(s.db, session.org.id, s.now()),
  }));

  route(app, updateNotificationPreferences, async ({ query, body, session }) => {
    await saveNotificationPreferences(s.db, session.org.id, query.topic, body, s.now());
    return {
      topic: query.topic,
      ...body,
      reminders: await recentReminderCounts(s.db, session.org.id, s.now()),
    };
  });
}
