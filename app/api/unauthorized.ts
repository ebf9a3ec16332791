import type { SessionStore } from '../session/session-store';

export const LOOKUP_PATH = '/look-up';

export interface UnauthorizedDeps {
  session: Pick<SessionStore, 'dispatch'>;
  navigate: (to: string, options: { replace: boolean }) => void;
  notify: (text: string) => void;
  message: string;
}

/**
 * The 401 rule (docs/product/sign-in.md, 'The 401 rule'): clear the session, go to the lookup
 * screen, say 'You are no longer logged in'. Several calls failing together (a page that loads
 * three things) say it once.
 */
export function createUnauthorizedHandler(deps: UnauthorizedDeps): () => void {
  let handling = false;
  return () => {
    if (handling) return;
    handling = true;
    deps.session.dispatch({ type: 'Delete' });
    deps.navigate(LOOKUP_PATH, { replace: true });
    deps.notify(deps.message);
    queueMicrotask(() => {
      // Later 401s (after the user signs in again) are handled anew.
      setTimeout(() => (handling = false), 1000);
    });
  };
}
