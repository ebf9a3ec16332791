import { navigate } from 'wouter/use-browser-location';
import { config } from '../config';
import { messages } from '../messages/messages';
import { toaster } from '../messages/toasts';
import { sessionStore } from '../session/session';
import { createApiClient } from './client';
import { createUnauthorizedHandler } from './unauthorized';

/** The portal's API client, wired to the 401 rule and the generic message handler. */
export const api = createApiClient({
  baseUrl: config.apiUrl,
  // The message stays until dismissed: someone returning to the tab still sees why.
  onUnauthorized: createUnauthorizedHandler({
    session: sessionStore,
    navigate: (to, options) => navigate(to, options),
    notify: (text) => toaster.toast('error', text),
    message: messages.noLongerLoggedIn,
  }),
  onMessages: (list) => list.forEach((m) => toaster.toast(m.kind, m.text)),
});
