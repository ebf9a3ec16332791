import useSWR from 'swr';
import {
  getEmailPreferences,
  getEmailTemplate,
  getNotificationPreferences,
  saveEmailTemplate,
  updateEmailPreferences,
  updateNotificationPreferences,
  type EmailTemplateType,
  type NotificationTopic,
  type UpdateEmailPreferencesBody,
  type UpdateNotificationPreferencesBody,
} from '@contract/notifications';
import { listAdmins } from '@contract/admins';
import { listMembers } from '@contract/members';
import { listUndeliveredEmails, resendUndeliveredEmail } from '@contract/undelivered-emails';
import { api } from '../api/api';
import { readFailure } from '../data/read-failure';
import { swrKey } from '../data/swr-key';
import { useMutation } from '../data/use-mutation';
import { messages } from '../messages/messages';
import { prepareTemplate } from './email-template';

/*
 * The notifications tab's data (docs/product/notifications.md): e-mail settings, the enrolment
 * e-mail's template and device scan notifications. The cards show what the calls answer.
 */

const swrOptions = { revalidateOnFocus: false } as const;

/** E-mail settings, saved a field at a time. */
export function useEmailPreferences() {
  const key = swrKey(getEmailPreferences);
  const { data, error, isLoading, mutate } = useSWR(key, () => api.call(getEmailPreferences), {
    ...swrOptions,
    onError: readFailure(getEmailPreferences, messages.emailPreferencesFailed),
  });
  const update = useMutation({
    action: 'updateEmailPreferences',
    run: (partial: UpdateEmailPreferencesBody) =>
      api.call(updateEmailPreferences, { body: partial, skipGenericMessages: true }),
    populate: { key },
    success: messages.emailPreferencesUpdated,
    failure: messages.updateEmailPreferencesFailed,
  });
  return { data, error, isLoading, retry: () => void mutate(), update };
}

/** The saved template of one e-mail; saving trims and sanitises it first. */
export function useEmailTemplate(type: EmailTemplateType) {
  const key = swrKey(getEmailTemplate, { type });
  const { data, isLoading } = useSWR(key, () => api.call(getEmailTemplate, { query: { type } }), {
    ...swrOptions,
    onError: readFailure(getEmailTemplate, messages.emailTemplateFailed),
  });
  const save = useMutation({
    action: 'saveEmailTemplate',
    run: async (input: { subject: string; body: string }) => {
      const template = prepareTemplate(input);
      await api.call(saveEmailTemplate, {
        body: { type, ...template },
        skipGenericMessages: true,
      });
      return template;
    },
    populate: { key },
    success: messages.emailTemplateUpdated,
    failure: messages.updateEmailTemplateFailed,
  });
  return { data, isLoading, save };
}

/** The preferences of one notification topic. */
export function useNotificationPreferences(topic: NotificationTopic) {
  const key = swrKey(getNotificationPreferences, { topic });
  const { data, error, isLoading, mutate } = useSWR(
    key,
    () => api.call(getNotificationPreferences, { query: { topic } }),
    {
      ...swrOptions,
      onError: readFailure(getNotificationPreferences, messages.notificationPreferencesFailed),
    },
  );
  const update = useMutation({
    action: 'updateNotificationPreferences',
    run: (next: UpdateNotificationPreferencesBody) =>
      api.call(updateNotificationPreferences, {
        query: { topic },
        body: next,
        skipGenericMessages: true,
      }),
    populate: { key },
    success: messages.notificationPreferencesUpdated,
    failure: messages.updateNotificationPreferencesFailed,
  });
  return { data, error, isLoading, retry: () => void mutate(), update };
}

/**
 * E-mails that failed for good, and Resend of an invitation among them (it leaves the list; the
 * administrator and member lists show the new send).
 */
export function useUndeliveredEmails() {
  const key = swrKey(listUndeliveredEmails);
  const list = useSWR(key, () => api.call(listUndeliveredEmails), {
    ...swrOptions,
    onError: readFailure(listUndeliveredEmails, messages.undeliveredEmailsFailed),
  });
  const resend = useMutation({
    action: 'resendUndeliveredEmail',
    run: (id: string) =>
      api.call(resendUndeliveredEmail, { body: { id }, skipGenericMessages: true }),
    revalidate: [key, swrKey(listAdmins), swrKey(listMembers)],
    success: messages.undeliveredEmailResent,
    failure: messages.resendUndeliveredEmailFailed,
  });
  return { list, resend };
}
