import type { Session, SessionError } from '@contract/session';
import { ERROR_CATALOGUE } from '@contract/errors';
import type { Organization, User } from './db/schema';

/** The banner a session carries for its organization's billing state (spec 3 and 8.1). */
export function sessionErrorFor(org: Organization): SessionError | null {
  if (org.planStatus === 'canceled') {
    return { type: 'update-billing', ...ERROR_CATALOGUE['update-billing'], severity: 'warning' };
  }
  return null;
}

export function toSessionBody(user: User, org: Organization): Session {
  return {
    user: { name: user.name, email: user.email },
    organization: {
      name: org.name,
      slug: org.slug,
      ssoProvider: org.ssoProvider ?? null,
      redirectUrl: org.redirectUrl ?? null,
    },
    portalPreferences: {
      orgId: org.id,
      apiAccess: org.apiAccess,
      threatHunterAccess: org.threatHunterAccess,
    },
    error: sessionErrorFor(org),
  };
}
