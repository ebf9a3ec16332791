import { logout, resetPassword, updatePassword } from '@contract/session';
import { api } from '../api/api';
import { useMutation } from '../data/use-mutation';

/*
 * The changes of the signed-out screens that are not a first load (sign-in and lookup are, and
 * keep SWR out of it: see their screens). Their failures show on the screen itself, in a banner.
 */

/**
 * Password recovery (docs/product/sign-in.md): the request; on failure 'Failed to request password
 * reset.'.
 */
export function useRequestPasswordReset() {
  return useMutation({
    action: 'resetPassword',
    run: (email: string) => api.call(resetPassword, { body: { email } }),
    failure: null,
  });
}

/**
 * Password update (docs/product/sign-in.md): the screen says 'Failed to update password.' and the
 * reason.
 */
export function useUpdatePassword() {
  return useMutation({
    action: 'updatePassword',
    run: (input: { requestToken: string; password: string }) =>
      api.call(updatePassword, { body: input }),
    failure: null,
  });
}

/**
 * Sign-out (docs/product/sign-in.md, 'Sign out'): the session is cleared even if the call fails.
 */
export function useLogout() {
  return useMutation({ action: 'logout', run: () => api.call(logout), failure: null });
}
