import { createToaster } from '@ui/primitives/toaster/toaster-store';

/** The portal's toast area: anything (screens, the API client) may post to it. */
export const toaster = createToaster();

export const notify = {
  success: (text: string) => toaster.toast('success', text),
  info: (text: string) => toaster.toast('info', text),
  warning: (text: string) => toaster.toast('warning', text),
  error: (text: string) => toaster.toast('error', text),
};
